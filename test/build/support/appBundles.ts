import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The modules only an element that debugs loads: their chunks are in the bundle, not on a customer's page. */
const DEBUG_ONLY = /[/\\](chunks[/\\]debugging|cm-material-download\.debug)\.js$/;

/**
 * The JavaScript of `source` (an app's `main.js`) built by Vite for production, gzip at level 9,
 * chunk by chunk: the package resolved as a customer's app resolves it (through its `exports`, to
 * dist/). The React binding's chunk counts (every element loads it, a moment after the page
 * starts); the debug chunk does not.
 */
export async function bundleBytesOf(source: string): Promise<number> {
  const app = mkdtempSync(join(tmpdir(), 'cm-app-bundle-'));
  // Vitest's NODE_ENV=test makes Vite build React's development code and minify less, whatever the mode.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const modules = join(app, 'node_modules');
    mkdirSync(modules);
    symlinkSync(root, join(modules, 'cm-material-download'), 'dir');
    for (const framework of ['react', 'react-dom', 'vue'])
      symlinkSync(join(root, 'node_modules', framework), join(modules, framework), 'dir');
    writeFileSync(join(app, 'main.js'), source);
    const output = (await build({
      root: app,
      configFile: false,
      logLevel: 'silent',
      mode: 'production',
      build: { write: false, rolldownOptions: { input: join(app, 'main.js') } },
    })) as Rolldown.RolldownOutput;
    return output.output
      .filter((item) => item.type === 'chunk' && !item.moduleIds.some((id) => DEBUG_ONLY.test(id)))
      .reduce((total, item) => total + gzipSync(item.type === 'chunk' ? item.code : '', { level: 9 }).length, 0);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    rmSync(app, { recursive: true, force: true });
  }
}
