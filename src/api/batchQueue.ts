import { after } from './deferral.js';
import type { BatchOptions } from './config.js';
import type { OperationResult, SendOptions, SharedOperation } from './operation.js';
import { post, type AnswerClock, type Destination } from './wire.js';

/** One endpoint's and headers' operations: what waits for a POST, and how to send it at once. */
interface Queue {
  add: (shared: SharedOperation, options: SendOptions) => void;
  /** Sends what waits, by the latest batch rule; nothing when nothing waits. */
  sendNow: () => void;
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
  /**
   * Sends what every queue holds now, held or not, without waiting for its
   * window to close: for work that knows nothing more is coming for this
   * batch (the elements' look-ahead, src/element/pageScheduler.ts).
   */
  sendQueued: () => void;
}

/**
 * The batch queues, one per endpoint and headers, each sending what it
 * collected in one window. `refusals` says which endpoints take no arrays
 * (and learns of new ones); `clock` hears of every answer.
 */
export function createBatchQueues(refusals: BatchRefusals, clock: AnswerClock): BatchQueues {
  const queues = new Map<string, Queue>();
  /** Holds taken by work that queues operations over several tasks (holdWindows). */
  let windowHolds = 0;
  /** The flushes of the queues whose window closed while held: they go once the last hold is released. */
  const closedWhileHeld = new Set<() => void>();

  /** Operations for one endpoint with one set of headers, the only ones that can share a POST. */
  function openQueue(endpoint: string, headers: Record<string, string>): Queue {
    const destination = { endpoint, headers };
    const queued: SharedOperation[] = [];
    // The latest operation's options: its batch rule and timeout apply to all that waits with it.
    let batch: BatchOptions | false = false;
    let timeoutMs = 0;
    /** Stops the timer that closes the open window; null while no window is open. */
    let stopTimer: (() => void) | null = null;
    /** When the first queued operation arrived: the window never stays open longer than MAX_WINDOWS intervals. */
    let openedAt = 0;
    const sendWaiting = () => flush(batch ? batch.max : 1);

    /**
     * The batch window closes `intervalMs` after the latest operation, not the
     * first, and at most MAX_WINDOWS intervals after the first; a full batch
     * goes at once. Operations queued in one task always share the window.
     */
    function scheduleFlush(): void {
      // Nothing to gain from waiting when every operation goes alone anyway.
      if (!batch || refusals.refuses(endpoint)) return flush(1);
      const { max, intervalMs } = batch;
      if (queued.length >= max) {
        // The full batches go; a remainder keeps waiting for its window.
        const rest = queued.splice(queued.length - (queued.length % max));
        flush(max);
        queued.push(...rest);
        if (rest.length) scheduleFlush();
        return;
      }
      const now = Date.now();
      if (stopTimer) stopTimer();
      else openedAt = now;
      const closesAt = Math.min(now + intervalMs, openedAt + intervalMs * MAX_WINDOWS);
      // Never at once, even when the window is overdue: on a slow device one task that connects
      // many elements can outlast the window, and everything it queues belongs in the same batches.
      stopTimer = after(Math.max(0, closesAt - now), () =>
        windowHolds > 0 ? closedWhileHeld.add(sendWaiting) : flush(max),
      );
    }

    function flush(max: number): void {
      stopTimer?.();
      stopTimer = null;
      closedWhileHeld.delete(sendWaiting);
      const ready = queued.splice(0).filter((shared) => !shared.abandoned.signal.aborted);
      // Asked again at the flush: a refusal may have come back while this window was open.
      const size = refusals.refuses(endpoint) ? 1 : max;
      for (let start = 0; start < ready.length; start += size) {
        void send(destination, ready.slice(start, start + size), timeoutMs);
      }
    }

    return {
      add(shared, options) {
        ({ batch, timeoutMs } = options);
        queued.push(shared);
        scheduleFlush();
      },
      sendNow: sendWaiting,
    };
  }

  /**
   * One POST, of an array for several operations; a server that does not take
   * arrays gets each operation alone, now and, for the rest of the browser
   * session, from then on.
   */
  async function send(destination: Destination, chunk: SharedOperation[], timeoutMs: number): Promise<void> {
    for (const shared of chunk) shared.sent = true;
    const everyoneLeft = abandonedByAll(chunk);
    let answers: OperationResult[] | undefined;
    try {
      const operations = chunk.map(({ operation }) => operation);
      answers = await post(destination, operations, { signal: everyoneLeft.signal, timeoutMs }, clock);
    } catch (error) {
      for (const shared of chunk) shared.reject(error);
      return;
    } finally {
      everyoneLeft.abort();
    }
    if (!answers) {
      refusals.remember(destination.endpoint);
      for (const shared of chunk) {
        if (!shared.abandoned.signal.aborted) void send(destination, [shared], timeoutMs);
      }
      return;
    }
    chunk.forEach((shared, index) => shared.resolve(answers[index]!));
  }

  return {
    enqueue(queueKey, shared, options) {
      let queue = queues.get(queueKey);
      if (!queue) queues.set(queueKey, (queue = openQueue(options.endpoint, options.headers)));
      queue.add(shared, options);
    },
    sendQueued() {
      for (const queue of queues.values()) queue.sendNow();
    },
    holdWindows() {
      windowHolds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        windowHolds -= 1;
        if (windowHolds > 0) return;
        for (const sendWaiting of [...closedWhileHeld]) sendWaiting();
      };
    },
  };
}

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;
type StorageReader = () => SessionStore | null | undefined;

/**
 * One key per endpoint rather than one JSON map: two copies of the element on
 * a page (two bundles) each write their own key without a read-modify-write
 * that could drop the other's entry, a reading is one getItem with no JSON
 * to go bad, and a customer can see and delete one endpoint's entry in the
 * devtools by its name.
 */
export const BATCH_REFUSAL_KEY_PREFIX = 'cm-material-download:no-batch:';

export interface BatchRefusals {
  /** Whether `endpoint` refused an array batch, on this page or an earlier one of the session. */
  refuses(endpoint: string): boolean;
  /** Remembers for the session that `endpoint` does not take arrays. */
  remember(endpoint: string): void;
}

/**
 * Endpoints that do not take array batches. Apollo Server refuses them by
 * default, with a 400 the browser logs on every page load: remembered for
 * the tab's session, the next page load sends each operation alone at once.
 * Storage is only a memory aid: where it throws (sandboxed iframes, blocked
 * storage) or is full, this page still remembers in memory, nothing is
 * logged, and the worst that happens is one more refused batch next time.
 */
export function createBatchRefusals(
  storage: StorageReader = () => (typeof sessionStorage === 'undefined' ? null : sessionStorage),
): BatchRefusals {
  // Storage is read once per endpoint per page: the batch queue asks on every operation.
  const known = new Map<string, boolean>();
  return {
    refuses(endpoint) {
      if (!known.has(endpoint)) {
        known.set(
          endpoint,
          attempt(() => storage()?.getItem(BATCH_REFUSAL_KEY_PREFIX + endpoint) != null),
        );
      }
      return known.get(endpoint)!;
    },
    remember(endpoint) {
      if (known.get(endpoint)) return;
      known.set(endpoint, true);
      attempt(() => storage()?.setItem(BATCH_REFUSAL_KEY_PREFIX + endpoint, '1'));
    },
  };
}

function attempt(use: () => unknown): boolean {
  try {
    return use() === true;
  } catch {
    return false;
  }
}

/**
 * Aborted once every operation of a batch is abandoned: the request is
 * cancelled only when nobody waits for any of its answers. Aborted by hand
 * once the request is over, to drop the listeners.
 */
export function abandonedByAll(batch: readonly SharedOperation[]): AbortController {
  const everyoneLeft = new AbortController();
  const onAbandoned = () => {
    if (batch.every((member) => member.abandoned.signal.aborted)) everyoneLeft.abort();
  };
  for (const shared of batch) {
    shared.abandoned.signal.addEventListener('abort', onAbandoned, { once: true, signal: everyoneLeft.signal });
  }
  return everyoneLeft;
}
