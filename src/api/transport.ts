import { cachedAnswer, rememberAnswer } from './answerCache.js';
import { enqueue } from './batchQueue.js';
import type { BatchOptions } from './config.js';
import type { OperationName } from './queries.js';
import { shareOperation, waitFor } from './sharedOperations.js';
import { abortError } from './signals.js';

export interface Operation {
  operationName: OperationName;
  query: string;
  variables: Record<string, unknown>;
}

export interface OperationResult {
  data?: unknown;
  errors?: readonly { message?: string }[];
}

export interface SendOptions {
  /** Absolute URL. */
  endpoint: string;
  headers: Record<string, string>;
  timeoutMs: number;
  batch: BatchOptions | false;
  /** How long an answer with data is reused for the same operation; 0 turns the cache off. */
  cacheTtlMs: number;
  /** The caller's interest: aborting it never cancels anyone else's share. */
  signal?: AbortSignal;
}

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
