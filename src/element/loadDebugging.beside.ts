import type { Debugging } from '../debug/debugging.js';

/**
 * For the self-registering files (dev/build.js swaps it in): the file beside them. A relative `import()`
 * resolves against its own file's URL, script or module alike; a variable, so the build leaves it alone.
 */
const DEBUG_FILE = './cm-material-download.debug.js';

export async function loadDebugging(): Promise<Debugging> {
  return ((await import(/* @vite-ignore */ DEBUG_FILE)) as { debugging: Debugging }).debugging;
}
