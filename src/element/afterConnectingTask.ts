/**
 * Runs work once the task that queued it is over. Frameworks insert an
 * element first and bind its inputs after: Angular does both in one task
 * for a root template, so an element that read its inputs when connected
 * would report them missing. Everything queued in one task runs together in
 * the next one, so the lookups of elements connected together still share
 * batches.
 *
 * A message, not a timer: `setTimeout(0)` is clamped to 4 ms once nested,
 * and throttled to once a second in a page opened in a background tab.
 */
const queued = new Set<() => void>();
let channel: MessageChannel | null = null;

function runQueued(): void {
  const due = [...queued];
  queued.clear();
  for (const work of due) work();
}

/**
 * Queues `work` for the next task; queuing the same function again before
 * then runs it once.
 *
 * @returns A cancel function.
 */
export function afterConnectingTask(work: () => void): () => void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = runQueued;
  }
  if (queued.size === 0) channel.port2.postMessage(null);
  queued.add(work);
  return () => queued.delete(work);
}
