import { createAnswerCache } from './answerCache.js';
import { createBatchQueues } from './batchQueue.js';
import { createBatchRefusals } from './batchRefusals.js';
import { createLookup, type LookupDownloadLink } from './lookup.js';
import type { Operation, OperationResult, SendOptions } from './operation.js';
import { createProviderClock, type ProviderClock } from './providerClock.js';
import { createOperationSharing, waitFor } from './sharedOperations.js';
import { abortError } from './signals.js';

export type { Operation, OperationResult, SendOptions } from './operation.js';

/**
 * Everything the lookups of a page share: the answer cache, the operations
 * in flight, the batch queues and their holds, what endpoints refused
 * arrays, the provider's clock, and the configured provider as read in this
 * task. One for a page (the elements' is made with their page work,
 * src/element/pageScheduler.ts); a test makes its own. Only the options
 * (config.ts) are not in it: every copy of the code on a page shares them.
 */
export interface Transport {
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
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    // Only operations for one endpoint with one set of headers share a request, an answer or a cache entry.
    const queueKey = JSON.stringify([options.endpoint, options.headers]);
    const key = JSON.stringify([queueKey, operation.operationName, operation.variables]);
    const cached = cache.get(key, options.cacheTtlMs);
    if (cached) return Promise.resolve(cached);
    const shared = share(key, operation, (started) => {
      // Callers attach their own handlers; this one keeps an abandoned operation quiet.
      started.result.then((answer) => cache.remember(key, answer, options.cacheTtlMs)).catch(() => {});
      queues.enqueue(queueKey, started, options);
    });
    return waitFor(shared, signal);
  }

  return {
    lookupDownloadLink: createLookup(sendOperation),
    sendOperation,
    holdBatchWindows: queues.holdWindows,
    clock,
  };
}
