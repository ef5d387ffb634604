// @ts-check
// The demo as `npm start` serves it: the page built with Vite, the built
// element and inspector from dist/, and the local provider, all on one origin.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { startProvider } from './provider/server.js';

const root = fileURLToPath(new URL('..', import.meta.url));
export const DEMO_OUT_DIR = '.demo';

/**
 * @param {{ outDir?: string }} [options] a folder of its own lets test files build the demo side by side
 */
export async function buildDemo({ outDir = DEMO_OUT_DIR } = {}) {
  await build({
    root: `${root}dev/demo`,
    base: '/',
    configFile: false,
    logLevel: 'warn',
    define: { __CM_GRAPHQL_ENDPOINT__: JSON.stringify('/graphql'), __CM_VERSION__: JSON.stringify('demo') },
    build: { outDir: `${root}${outDir}`, emptyOutDir: true },
  });
}

/**
 * Serves the built demo; a taken port falls back to a free one.
 * @param {{ port?: number, outDir?: string }} [options]
 */
export async function serveDemo({ port = 0, outDir = DEMO_OUT_DIR } = {}) {
  const staticDirs = { '/': outDir, '/dist/': 'dist' };
  try {
    return await startProvider({ port, staticDirs });
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EADDRINUSE') throw error;
    console.log(`Port ${port} is taken; using a free one.`);
    return startProvider({ port: 0, staticDirs });
  }
}
