import type { BatchOptions } from './config.js';
import type { OperationName } from './queries.js';

/**
 * What travels between the transport's parts: an operation, its answer, and
 * how to send it. A file of its own, so the cache, the sharing, the batch
 * queue and the wire need not import the transport that imports them.
 */

export interface Operation {
  operationName: OperationName;
  query: string;
  variables: Record<string, unknown>;
}

export interface OperationResult {
  data?: unknown;
  errors?: readonly { message?: string; extensions?: { code?: unknown } }[];
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
