/**
 * The lookups' deferred work, and the two ways every timer and microtask of
 * the lookups and the elements waits; the order of the page's deferred work,
 * which these take part in, is written once, in `src/element/pageScheduler.ts`.
 *
 * - After this script (a microtask): the last caller out abandons a shared
 *   operation (`transport.ts`), and the configured provider, read
 *   once per task, is read afresh (`lookup.ts`).
 * - After a wait (a timer, stopped when no longer needed): a batch window
 *   closes (`batchQueue.ts`), a request times out (`wire.ts`).
 */

/** Runs `job` once the current script is over, before the next task. */
export function afterThisScript(job: () => void): void {
  queueMicrotask(job);
}

/** Runs `job` after `ms`, unless the returned stop is called first. */
export function after(ms: number, job: () => void): () => void {
  const timer = setTimeout(job, ms);
  return () => clearTimeout(timer);
}
