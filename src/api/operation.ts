import type { BatchOptions } from './config.js';
import type { OperationName } from './queries.js';

/**
 * What travels between the transport's parts: an operation, its answer, how
 * to send it, and the share of it that callers hold. A file of its own, so
 * the batch queue and the wire need not import the transport that imports them.
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
  signal?: AbortSignal | undefined;
  /**
   * A lookup sent ahead of the actor that will make it: its answer stays to be
   * joined, even settled and uncached, until `signal` is aborted.
   */
  ahead?: boolean;
}

/** One operation on the wire, shared by every caller that asked for the same thing. */
export interface SharedOperation {
  operation: Operation;
  result: Promise<OperationResult>;
  resolve: (result: OperationResult) => void;
  reject: (error: unknown) => void;
  /** Callers still waiting; at zero the operation is dropped or its request aborted. */
  waiting: number;
  /** Aborted when nobody waits any more. */
  abandoned: AbortController;
  /** On the wire: once everyone has left, its request is aborted rather than the operation dropped. */
  sent: boolean;
  /** Lookups sent ahead that still hold it: settled, it stays to be joined until they let go. */
  holds: number;
  settled: boolean;
}
