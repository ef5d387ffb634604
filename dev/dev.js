// @ts-check
// `npm run dev`: `npm start` that keeps up with your edits. Builds dist/ and
// the demo, serves both with the local provider, then rebuilds dist/ when
// src/ changes and the demo when dev/demo (or the machine it draws) changes.
// Reload the page to see a change; changes to dev/provider need a restart.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildDemo, serveDemo } from './demoServer.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_PORT = 4173;
// Editors save in bursts (temp file, rename, chmod): one rebuild per burst.
const SETTLE_MS = 150;

/**
 * Runs `task` one at a time; calls during a run collapse into one more run
 * after it, so the last edit is always built and builds never overlap.
 * @param {() => Promise<void>} task
 */
function oneAtATime(task) {
  /** @type {Promise<void> | null} */
  let running = null;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = task().finally(() => {
      running = null;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return run;
}

/** build.js in its own process: Vite and tsc state never leaks from one build into the next. */
function buildDist() {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['dev/build.js'], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => {
      console.log(
        code === 0
          ? `dist/ rebuilt in ${Date.now() - started} ms`
          : `dist/ build failed (exit ${code}); save again once fixed`,
      );
      resolve(undefined);
    });
  });
}

async function rebuildDemo() {
  const started = Date.now();
  try {
    await buildDemo();
    console.log(`demo rebuilt in ${Date.now() - started} ms`);
  } catch (error) {
    console.error(`demo build failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * @param {string} dir relative to the package root
 * @param {(file: string) => void} onChange
 */
function watchTree(dir, onChange) {
  /** @type {Set<string>} */
  const changed = new Set();
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  return watch(`${root}${dir}`, { recursive: true }, (_event, file) => {
    if (file) changed.add(`${dir}/${file}`);
    clearTimeout(timer);
    timer = setTimeout(() => {
      for (const path of changed) onChange(path);
      changed.clear();
    }, SETTLE_MS);
  });
}

const dist = oneAtATime(buildDist);
const demo = oneAtATime(rebuildDemo);

await buildDist();
await rebuildDemo();
const provider = await serveDemo({ port: Number(process.env.PORT ?? DEFAULT_PORT) });

const watchers = [
  watchTree('src', (file) => {
    dist();
    // The demo draws the statechart from src/machine.
    if (file.startsWith('src/machine/')) demo();
  }),
  watchTree('dev/demo', () => demo()),
  watchTree('dev/statechart', () => demo()),
];

console.log(`cm-material-download dev: ${provider.origin}/`);
console.log('watching src/ and dev/demo; Ctrl+C stops it.');

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    for (const watcher of watchers) watcher.close();
    void provider.close().then(() => process.exit(0));
  });
}
