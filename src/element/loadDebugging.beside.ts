import type { Debugging } from '../debug/debugging.js';

/**
 * The debugging code, for the self-registering files (dev/build.js swaps it
 * in): `cm-material-download.debug.js`, which sits beside them. A relative
 * `import()` resolves against the URL of the file it is written in, loaded
 * as a classic script or as a module alike; the name is a variable so that
 * the build leaves it for the browser to load.
 */
const DEBUG_FILE = './cm-material-download.debug.js';

export async function loadDebugging(): Promise<Debugging> {
  return ((await import(/* @vite-ignore */ DEBUG_FILE)) as { debugging: Debugging }).debugging;
}
