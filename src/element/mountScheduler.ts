import { holdPartialBatches } from '../api/transport';

/**
 * When elements mount. Connecting an element only marks it as being worked
 * on (cheap DOM writes); the mount itself (a React render and a statechart
 * start, well under a millisecond) runs in a microtask: still in the task
 * that connected it and before paint, but never inside someone else's React
 * commit, where a synchronous render is refused. A catalogue page can
 * connect a thousand at once, so each task mounts what fits its budget and
 * the rest follow in later tasks; elements connected together still mount
 * together, and so share one batch window.
 */
export const MOUNT_BUDGET_MS = 8;

/**
 * However slow the device, this many elements connected in one task mount in
 * it: a batch's worth, so a handful added together always share a request.
 */
export const MOUNT_AT_LEAST = 10;

const waiting = new Map<Element, () => void>();
let drainQueued = false;
/** While elements wait for a later task, their lookups are still to come: partial batches wait for them. */
let releaseBatches: (() => void) | null = null;

/** Marks the element at once (`whilePending`) and mounts it at the end of this task, or later. */
export function scheduleMount(element: Element, mount: () => void, whilePending: () => void): void {
  waiting.set(element, mount);
  whilePending();
  if (drainQueued) return;
  drainQueued = true;
  queueMicrotask(() => drain(MOUNT_AT_LEAST));
}

/** The element left before its turn came. */
export function cancelMount(element: Element): void {
  waiting.delete(element);
  if (waiting.size === 0) releaseWaitingBatches();
}

function drain(atLeast: number): void {
  drainQueued = false;
  const started = performance.now();
  let mounted = 0;
  for (const [element, mount] of waiting) {
    if (mounted >= atLeast && performance.now() - started >= MOUNT_BUDGET_MS) break;
    waiting.delete(element);
    mounted += 1;
    mount();
  }
  if (waiting.size === 0) return releaseWaitingBatches();
  releaseBatches ??= holdPartialBatches();
  drainQueued = true;
  setTimeout(() => drain(1), 0);
}

function releaseWaitingBatches(): void {
  releaseBatches?.();
  releaseBatches = null;
}
