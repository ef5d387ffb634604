import { cachedAnswer, rememberAnswer } from './answerCache.js';
import { enqueue } from './batchQueue.js';
import type { Operation, OperationResult, SendOptions } from './operation.js';
import { shareOperation, waitFor } from './sharedOperations.js';
import { abortError } from './signals.js';

export type { Operation, OperationResult, SendOptions } from './operation.js';

/**
 * Sends one GraphQL operation. Operations started within one batch window go
 * out together as a JSON-array POST; identical operations in flight share one.
 */
export function sendOperation(operation: Operation, options: SendOptions): Promise<OperationResult> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  // Only operations for one endpoint with one set of headers share a request, an answer or a cache entry.
  const queueKey = JSON.stringify([options.endpoint, options.headers]);
  const key = JSON.stringify([queueKey, operation.operationName, operation.variables]);
  const cached = cachedAnswer(key, options.cacheTtlMs);
  if (cached) return Promise.resolve(cached);
  const shared = shareOperation(key, operation, (started) => {
    // Callers attach their own handlers; this one keeps an abandoned operation quiet.
    started.result.then((answer) => rememberAnswer(key, answer, options.cacheTtlMs)).catch(() => {});
    enqueue(queueKey, started, options);
  });
  return waitFor(shared, signal);
}
