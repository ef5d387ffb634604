import type { MaterialDownloadConfig } from './config.js';
import type { Operation, OperationResult } from './operation.js';
import { post, tried, type AnswerClock, type Destination } from './wire.js';

/** Shared by every caller that asked for the same thing. */
export interface SharedOperation {
  operation: Operation;
  result: Promise<OperationResult>;
  resolve: (result: OperationResult) => void;
  reject: (error: unknown) => void;
  waiting: number;
  /** Aborted once nobody waits any more: the operation is dropped, or once `sent`, its request aborted. */
  abandoned: AbortController;
  sent: boolean;
}

/** The latest operation's options apply to all that waits with it. */
type SendRule = Pick<MaterialDownloadConfig, 'batch' | 'timeoutMs'>;

export interface BatchQueues {
  enqueue(destination: Destination, shared: SharedOperation, rule: SendRule): void;
  flush(): void;
  /** Keeps the windows open until the returned release, so work queued over several tasks batches as one. */
  hold(): () => void;
}

/** One queue per endpoint and headers: a window opens with its first operation, and a full batch goes at once. */
export function createBatchQueues(refusals: BatchRefusals, clock: AnswerClock): BatchQueues {
  const queues = new Map<string, ReturnType<typeof openQueue>>();
  let holds = 0;
  const closedWhileHeld = new Set<() => void>();

  function openQueue(destination: Destination) {
    const queued: SharedOperation[] = [];
    let rule: SendRule = { batch: false, timeoutMs: 0 };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const batchSize = () => (rule.batch && !refusals.refuses(destination.endpoint) ? rule.batch.max : 1);
    const flush = (count = queued.length) => {
      closedWhileHeld.delete(flushAll);
      clearTimeout(timer);
      timer = undefined;
      const ready = queued.splice(0, count).filter((shared) => !shared.abandoned.signal.aborted);
      const size = batchSize();
      for (let start = 0; start < ready.length; start += size) {
        void send(destination, ready.slice(start, start + size), rule.timeoutMs);
      }
    };
    const add = (shared: SharedOperation, latest: SendRule) => {
      rule = latest;
      queued.push(shared);
      const size = batchSize();
      // The full batches go at once; a remainder opens a window of its own.
      if (queued.length >= size) flush(queued.length - (queued.length % size));
      if (queued.length > 0 && timer === undefined && rule.batch) {
        timer = setTimeout(() => (holds > 0 ? closedWhileHeld.add(flushAll) : flush()), rule.batch.intervalMs);
      }
    };
    const flushAll = () => flush();
    return { add, flush: flushAll };
  }

  /** A server that does not take arrays gets each operation alone, now and from then on. */
  async function send(destination: Destination, chunk: SharedOperation[], timeoutMs: number): Promise<void> {
    for (const shared of chunk) shared.sent = true;
    const everyoneLeft = new AbortController();
    const onAbandoned = () => {
      if (chunk.every((shared) => shared.abandoned.signal.aborted)) everyoneLeft.abort();
    };
    for (const shared of chunk) {
      shared.abandoned.signal.addEventListener('abort', onAbandoned, { once: true, signal: everyoneLeft.signal });
    }
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
    if (answers) return chunk.forEach((shared, index) => shared.resolve(answers[index]!));
    refusals.remember(destination.endpoint);
    for (const shared of chunk) if (!shared.abandoned.signal.aborted) void send(destination, [shared], timeoutMs);
  }

  return {
    enqueue(destination, shared, rule) {
      const key = JSON.stringify([destination.endpoint, destination.headers]);
      let queue = queues.get(key);
      if (!queue) queues.set(key, (queue = openQueue(destination)));
      queue.add(shared, rule);
    },
    flush() {
      for (const queue of queues.values()) queue.flush();
    },
    hold() {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds === 0) for (const flush of [...closedWhileHeld]) flush();
      };
    },
  };
}

/** One key per endpoint: two copies of the element each write theirs, and a customer can delete one. */
export const BATCH_REFUSAL_KEY_PREFIX = 'cm-material-download:no-batch:';

export interface BatchRefusals {
  refuses(endpoint: string): boolean;
  remember(endpoint: string): void;
}

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Endpoints that refuse arrays (Apollo Server's default, with a 400 the browser logs), for the tab's session. Where
 * storage throws or is full, this page still remembers, silently. Read once per endpoint: the queue asks per operation.
 */
export function createBatchRefusals(
  storage: () => SessionStore | null | undefined = () =>
    typeof sessionStorage === 'undefined' ? null : sessionStorage,
): BatchRefusals {
  const known = new Map<string, boolean>();
  return {
    refuses(endpoint) {
      if (!known.has(endpoint)) {
        known.set(endpoint, tried(() => storage()?.getItem(BATCH_REFUSAL_KEY_PREFIX + endpoint) != null) === true);
      }
      return known.get(endpoint)!;
    },
    remember(endpoint) {
      if (known.get(endpoint)) return;
      known.set(endpoint, true);
      tried(() => storage()?.setItem(BATCH_REFUSAL_KEY_PREFIX + endpoint, '1'));
    },
  };
}
