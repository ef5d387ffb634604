// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig, envField } from 'astro/config';

export default defineConfig({
  // Server output: each page's frontmatter runs per request, so a link resolved there is current.
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  env: {
    schema: {
      // Secrets are read when the server runs, never written into the build.
      CM_API_KEY: envField.string({ context: 'server', access: 'secret' }),
      CM_PROVIDER_ENDPOINT: envField.string({ context: 'server', access: 'secret', url: true }),
    },
  },
});
