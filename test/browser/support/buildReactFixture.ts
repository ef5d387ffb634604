import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/**
 * Builds `test/browser/fixtures/<name>` into its `dist/`, served at `/fixtures/<name>/dist/`. A development build:
 * React reports hydration mismatches and StrictMode double-invokes effects only there.
 */
export async function buildReactFixture(name: string): Promise<void> {
  await build({
    root: fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url)),
    base: `/fixtures/${name}/dist/`,
    configFile: false,
    logLevel: 'error',
    mode: 'development',
    define: {
      __CM_GRAPHQL_ENDPOINT__: '"/graphql"',
      __CM_VERSION__: '"test"',
      'process.env.NODE_ENV': '"development"',
    },
    build: { outDir: 'dist', emptyOutDir: true, minify: false },
  });
}
