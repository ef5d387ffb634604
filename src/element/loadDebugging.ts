import type { Debugging } from '../debug/debugging.js';

/** For the library entry: a chunk of its own, which a bundler that splits code loads only when asked. */
export async function loadDebugging(): Promise<Debugging> {
  return (await import('../debug/debugging.js')).debugging;
}
