import type { BatchRefusals } from './batchRefusals.js';
import { after } from './deferral.js';
import { abandonedByAll, type SharedOperation } from './sharedOperations.js';
import type { OperationResult, SendOptions } from './operation.js';
import { postBatch, postOperation, type AnswerClock, type Destination } from './wire.js';

type QueueOptions = Pick<SendOptions, 'batch' | 'timeoutMs'>;

/** Operations for one endpoint with one set of headers: only those can share a POST. */
interface BatchQueue extends Destination {
  /** The latest operation's options: its batch rule and timeout apply to all that waits with it. */
  options: QueueOptions;
  queued: SharedOperation[];
  /** Stops the timer that closes the open window; null while no window is open. */
  stopTimer: (() => void) | null;
  /** When the first queued operation arrived: the window never stays open longer than MAX_WINDOWS intervals. */
  openedAt: number;
}

/** A window stays open at most this many intervals, however steadily operations keep arriving. */
const MAX_WINDOWS = 5;

export interface BatchQueues {
  /** Queues `shared` with the others for the same endpoint and headers (`queueKey`). */
  enqueue: (queueKey: string, shared: SharedOperation, options: SendOptions) => void;
  /**
   * Keeps every batch window open until the returned release is called, so that
   * work which queues operations over several tasks, yielding to the page in
   * between (elements starting in slices), makes the batches one task would
   * have made: only `max` splits them. Without it, a window closes whenever the
   * page runs a task of its own longer than the interval between two of them,
   * and which runs first, the window's timer or the work's next task, is each
   * browser's choice (WebKit runs the timer).
   */
  holdWindows: () => () => void;
}

/**
 * The batch queues, one per endpoint and headers, each sending what it
 * collected in one window. `refusals` says which endpoints take no arrays
 * (and learns of new ones); `clock` hears of every answer.
 */
export function createBatchQueues(refusals: BatchRefusals, clock: AnswerClock): BatchQueues {
  const queues = new Map<string, BatchQueue>();
  /** Holds taken by work that queues operations over several tasks (holdWindows). */
  let windowHolds = 0;
  /** Queues whose window closed while held: they go once the last hold is released. */
  const closedWhileHeld = new Set<BatchQueue>();

  /** The queue for `queueKey`, opened on first use, under the latest operation's options. */
  function queueFor(queueKey: string, { endpoint, headers, batch, timeoutMs }: SendOptions): BatchQueue {
    const options = { batch, timeoutMs };
    const queue = queues.get(queueKey);
    if (queue) return Object.assign(queue, { options });
    const opened = { endpoint, headers, options, queued: [], stopTimer: null, openedAt: 0 };
    queues.set(queueKey, opened);
    return opened;
  }

  /**
   * The batch window closes `intervalMs` after the latest operation, not the
   * first, and at most MAX_WINDOWS intervals after the first; a full batch
   * goes at once. Operations queued in one task always share the window.
   */
  function scheduleFlush(queue: BatchQueue): void {
    const { batch } = queue.options;
    // Nothing to gain from waiting when every operation goes alone anyway.
    if (!batch || refusals.refuses(queue.endpoint)) return flush(queue, 1);
    if (queue.queued.length >= batch.max) return flushFull(queue, batch.max);
    const now = Date.now();
    if (queue.stopTimer === null) queue.openedAt = now;
    else queue.stopTimer();
    const closesAt = Math.min(now + batch.intervalMs, queue.openedAt + batch.intervalMs * MAX_WINDOWS);
    // Never at once, even when the window is overdue: on a slow device one task that connects
    // many elements can outlast the window, and everything it queues belongs in the same batches.
    queue.stopTimer = after(Math.max(0, closesAt - now), () =>
      windowHolds > 0 ? closedWhileHeld.add(queue) : flush(queue, batch.max),
    );
  }

  /** Sends the full batches; a remainder keeps waiting for its window. */
  function flushFull(queue: BatchQueue, max: number): void {
    const remainder = queue.queued.length % max;
    const rest = remainder ? queue.queued.splice(queue.queued.length - remainder) : [];
    flush(queue, max);
    queue.queued.push(...rest);
    if (rest.length) scheduleFlush(queue);
  }

  function flush(queue: BatchQueue, max: number): void {
    queue.stopTimer?.();
    queue.stopTimer = null;
    closedWhileHeld.delete(queue);
    const { timeoutMs } = queue.options;
    const ready = queue.queued.splice(0).filter((shared) => !shared.abandoned.signal.aborted);
    // Asked again at the flush: a refusal may have come back while this window was open.
    const size = refusals.refuses(queue.endpoint) ? 1 : max;
    for (let start = 0; start < ready.length; start += size) {
      const chunk = ready.slice(start, start + size);
      if (chunk.length === 1) void sendAlone(queue, chunk[0]!, timeoutMs);
      else void sendTogether(queue, chunk, timeoutMs);
    }
  }

  async function sendAlone(queue: BatchQueue, shared: SharedOperation, timeoutMs: number): Promise<void> {
    shared.sent = true;
    try {
      const limits = { signal: shared.abandoned.signal, timeoutMs };
      const result = await postOperation(queue, shared.operation, limits, clock);
      shared.settle({ result });
    } catch (error) {
      shared.settle({ error });
    }
  }

  /**
   * One array POST; a server that does not take arrays gets each operation
   * alone, now and, for the rest of the browser session, from then on.
   */
  async function sendTogether(queue: BatchQueue, chunk: SharedOperation[], timeoutMs: number): Promise<void> {
    for (const shared of chunk) shared.sent = true;
    const everyoneLeft = abandonedByAll(chunk);
    const operations = chunk.map(({ operation }) => operation);
    let answers: OperationResult[] | undefined;
    try {
      answers = await postBatch(queue, operations, { signal: everyoneLeft, timeoutMs }, clock);
    } catch (error) {
      for (const shared of chunk) shared.settle({ error });
      return;
    } finally {
      everyoneLeft.dispose();
    }
    if (!answers) {
      refusals.remember(queue.endpoint);
      for (const shared of chunk) {
        if (!shared.abandoned.signal.aborted) void sendAlone(queue, shared, timeoutMs);
      }
      return;
    }
    chunk.forEach((shared, index) => shared.settle({ result: answers[index]! }));
  }

  return {
    enqueue(queueKey, shared, options) {
      const queue = queueFor(queueKey, options);
      queue.queued.push(shared);
      scheduleFlush(queue);
    },
    holdWindows() {
      windowHolds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        windowHolds -= 1;
        if (windowHolds > 0) return;
        for (const queue of [...closedWhileHeld]) flush(queue, queue.options.batch ? queue.options.batch.max : 1);
      };
    },
  };
}
