import type { FoundLink } from '../machine/materialDownload.types.js';
import type { LinkRequest } from '../machine/inputs.js';
import { reusableUntil } from '../machine/linkExpiry.js';
import { createBatchQueues, createBatchRefusals } from './batchQueue.js';
import { afterThisScript } from './deferral.js';
import { createLookup, type LookupDownloadLink } from './lookup.js';
import type { Operation, OperationResult, SendOptions, SharedOperation } from './operation.js';
import { createProviderClock, stringsIn, type ProviderClock } from './providerClock.js';
import { graphqlFailure } from './readers.js';
import { abortError } from './wire.js';

export type { Operation, OperationResult, SendOptions, SharedOperation } from './operation.js';

/**
 * Everything the lookups of a page share: the answer cache, the operations
 * in flight, the batch queues and their holds, what endpoints refused
 * arrays, the provider's clock, and the configured provider as read in this
 * task. One for a page (the elements' is made with their page work,
 * src/element/pageScheduler.ts); a test makes its own. Only the options
 * (config.ts) are not in it: every copy of the code on a page shares them.
 */
export interface Transport {
  lookup(request: LinkRequest, signal: AbortSignal, attempt: number): Promise<FoundLink | null>;
  flush(): void;
  /**
   * The link for a validated request, or null where the provider has none;
   * a LookupError says what went wrong and whether to try again.
   */
  lookupDownloadLink: LookupDownloadLink;
  /**
   * Sends one GraphQL operation. Operations started within one batch window go
   * out together as a JSON-array POST; identical operations in flight share one.
   */
  sendOperation: (operation: Operation, options: SendOptions) => Promise<OperationResult>;
  /** Keeps every batch window open until the returned release is called (see BatchQueues). */
  holdBatchWindows: () => () => void;
  /** Sends every queued operation now, held or not (see BatchQueues). */
  sendQueued: () => void;
  /** The provider's clock, as this transport's answers told it: links' lives are read against it. */
  clock: ProviderClock;
}

/** A transport of its own; batch refusals are remembered in sessionStorage, for the tab's session. */
export function createTransport(): Transport {
  const clock = createProviderClock();
  const cache = createAnswerCache(clock);
  const share = createOperationSharing();
  const queues = createBatchQueues(createBatchRefusals(), clock);

  function sendOperation(operation: Operation, options: SendOptions): Promise<OperationResult> {
    const { signal, cacheTtlMs } = options;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    // Only operations for one endpoint with one set of headers share a request, an answer or a cache entry.
    const queueKey = JSON.stringify([options.endpoint, options.headers]);
    const key = JSON.stringify([queueKey, operation.operationName, operation.variables]);
    const cached = cache.get(key, cacheTtlMs);
    if (cached) return Promise.resolve(cached);
    const shared = share(
      key,
      operation,
      (started) => {
        // Callers attach their own handlers; this one keeps an abandoned operation quiet.
        started.result.then(
          (answer) => cache.remember(key, answer, cacheTtlMs),
          () => {},
        );
        queues.enqueue(queueKey, started, options);
      },
      options.ahead ? signal : undefined,
    );
    return waitFor(shared, signal);
  }

  const lookupDownloadLink = createLookup(sendOperation);
  return {
    lookup: async (request, signal, attempt) => {
      const href = await lookupDownloadLink(request, signal, attempt);
      return href === null ? null : { href, expiresAt: clock.expiryOf(href) };
    },
    flush: queues.sendQueued,
    lookupDownloadLink,
    sendOperation,
    holdBatchWindows: queues.holdWindows,
    sendQueued: queues.sendQueued,
    clock,
  };
}

/** Finds the operation in flight for a key, or starts one (see createOperationSharing). */
export type ShareOperation = (
  key: string,
  operation: Operation,
  start: (shared: SharedOperation) => void,
  holdUntil?: AbortSignal,
) => SharedOperation;

/**
 * The operations in flight, by key. The one for `key`, or a new one that
 * `start` sends on its way. An operation everyone has left is aborted, even
 * if its request is still on the wire: a new caller starts afresh.
 *
 * One held until `holdUntil` aborts (a lookup sent ahead of the actor that
 * will make it) stays to be joined once settled, until then: an actor that
 * starts after the answer came takes that answer, even one no cache keeps
 * (a failure, a link that reads as expired, `cacheTtlMs: 0`), instead of
 * asking again.
 */
export function createOperationSharing(): ShareOperation {
  const inFlight = new Map<string, SharedOperation>();
  // A newer operation for the same key may have taken this one's place.
  const forget = (key: string, shared: SharedOperation) => {
    if (inFlight.get(key) === shared) inFlight.delete(key);
  };
  const startNew = (key: string, operation: Operation, start: (shared: SharedOperation) => void) => {
    // `result`, `resolve` and `reject` are filled in below: the promise's executor runs at once.
    const shared = {
      operation,
      waiting: 0,
      abandoned: new AbortController(),
      sent: false,
      holds: 0,
      settled: false,
    } as SharedOperation;
    shared.result = new Promise<OperationResult>((resolve, reject) => {
      const settling =
        <T>(settle: (outcome: T) => void) =>
        (outcome: T) => {
          shared.settled = true;
          if (shared.holds === 0) forget(key, shared);
          settle(outcome);
        };
      shared.resolve = settling(resolve);
      shared.reject = settling(reject);
    });
    inFlight.set(key, shared);
    start(shared);
    return shared;
  };
  return (key, operation, start, holdUntil) => {
    const live = inFlight.get(key);
    const shared = live && !live.abandoned.signal.aborted ? live : startNew(key, operation, start);
    if (holdUntil && !holdUntil.aborted) {
      shared.holds += 1;
      holdUntil.addEventListener(
        'abort',
        () => {
          shared.holds -= 1;
          if (shared.holds === 0 && shared.settled) forget(key, shared);
        },
        { once: true },
      );
    }
    return shared;
  };
}

/**
 * One caller's share: its `signal` takes that caller out, and nobody else.
 * The last caller out abandons the operation once the current task's
 * synchronous work is over, not at once: a caller that leaves and one that
 * joins in the same step (an element whose refresh is overtaken by its
 * link's expiry stops one lookup and starts the same again) share the
 * request on the wire instead of aborting and resending it.
 */
export function waitFor(shared: SharedOperation, signal: AbortSignal | undefined): Promise<OperationResult> {
  shared.waiting += 1;
  if (!signal) return shared.result;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      shared.waiting -= 1;
      if (shared.waiting === 0) {
        afterThisScript(() => {
          if (shared.waiting > 0 || shared.abandoned.signal.aborted) return;
          shared.abandoned.abort();
          if (!shared.sent) shared.reject(abortError(shared.abandoned.signal));
        });
      }
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    shared.result.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const MAX_CACHED_ANSWERS = 2000;

export interface AnswerCache {
  /**
   * Judged by the TTL in force now: lowering it (to 0, say) takes effect at once.
   * An answer whose signed link is past the first share of its life is not handed
   * out, whatever the TTL (see REUSE_WITHIN_SHARE_OF_LIFE).
   */
  get(key: string, ttlMs: number): OperationResult | undefined;
  /**
   * Keeps only answers with data: an answer of errors alone is asked for again,
   * and so is one that refuses the caller beside its data (`materials: null`):
   * a permission granted on the provider counts at the next lookup.
   */
  remember(key: string, result: OperationResult, ttlMs: number): void;
}

/**
 * Answers with data, by operation key; bounded so a long session cannot grow
 * it without end. A link's life is read against `clock`, the provider's.
 */
export function createAnswerCache(clock: Pick<ProviderClock, 'expiryOf'>): AnswerCache {
  const answers = new Map<string, { result: OperationResult; storedAt: number; reusableUntil: number }>();
  return {
    get(key, ttlMs) {
      const entry = answers.get(key);
      const now = Date.now();
      if (entry && now - entry.storedAt < ttlMs && now < entry.reusableUntil) return entry.result;
      answers.delete(key);
      return undefined;
    },
    remember(key, result, ttlMs) {
      if (ttlMs <= 0 || result.data == null || graphqlFailure(result.errors)?.reason === 'unauthorized') return;
      // Deleted first so a renewed answer moves to the end, and the oldest is the first to go;
      // and so that an answer too close to its expiry to keep does not leave an older one behind.
      answers.delete(key);
      const storedAt = Date.now();
      // The earliest expiry of any link in the answer. Which of its links an element reads is the
      // readers' business (the first thumbnail, the first image tile, ...): keeping to the first
      // to expire, the cache never outlives the one read, whatever the rules.
      let expiresAt = Infinity;
      for (const text of stringsIn([result.data])) expiresAt = Math.min(expiresAt, clock.expiryOf(text) ?? Infinity);
      const until = reusableUntil(storedAt, expiresAt);
      if (until <= storedAt) return;
      answers.set(key, { result, storedAt, reusableUntil: until });
      if (answers.size > MAX_CACHED_ANSWERS) answers.delete(answers.keys().next().value!);
    },
  };
}
