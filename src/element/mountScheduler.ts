/**
 * Mounting an element costs a React render and a statechart start, well
 * under a millisecond, but a catalogue page can upgrade a thousand at once.
 * Elements mount at once while the current task has spent less than the
 * budget on mounting; the rest mount in following tasks, a budget's worth
 * each, so the page never freezes for long. Elements connected in one short
 * task still mount together, and so share one batch window.
 */
export const MOUNT_BUDGET_MS = 8;

/**
 * However slow the device, this many elements connected in one task mount in
 * it: a batch's worth, so a handful added together always share a request.
 */
export const MOUNT_AT_LEAST = 10;

const waiting = new Map<Element, () => void>();
let thisTask: { startedAt: number; mounted: number } | null = null;
let drainScheduled = false;

function hasRoomInThisTask(): boolean {
  if (thisTask === null) {
    thisTask = { startedAt: performance.now(), mounted: 0 };
    // A zero timeout runs after this task: the next one starts with a fresh budget.
    setTimeout(() => (thisTask = null), 0);
  }
  return thisTask.mounted < MOUNT_AT_LEAST || performance.now() - thisTask.startedAt < MOUNT_BUDGET_MS;
}

/** Mounts now, or later if this task's budget is spent; `whilePending` runs at once in that case. */
export function scheduleMount(element: Element, mount: () => void, whilePending: () => void): void {
  if (waiting.size === 0 && hasRoomInThisTask()) {
    thisTask!.mounted += 1;
    mount();
    return;
  }
  waiting.set(element, mount);
  whilePending();
  scheduleDrain();
}

/** The element left before its turn came. */
export function cancelMount(element: Element): void {
  waiting.delete(element);
}

function scheduleDrain(): void {
  if (drainScheduled) return;
  drainScheduled = true;
  setTimeout(drain, 0);
}

function drain(): void {
  drainScheduled = false;
  const started = performance.now();
  for (const [element, mount] of waiting) {
    if (performance.now() - started >= MOUNT_BUDGET_MS) break;
    waiting.delete(element);
    mount();
  }
  if (waiting.size) scheduleDrain();
}
