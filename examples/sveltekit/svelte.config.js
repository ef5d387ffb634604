import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
  preprocess: vitePreprocess(),
  // A Node server: SSR on every request (`node build`). Without an adapter the build warns.
  kit: { adapter: adapter() },
};

export default config;
