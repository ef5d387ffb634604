import type { FailureReason } from '../machine/reasons.js';

/** A lookup that could not produce a link; its message is what the console shows. */
export class LookupError extends Error {
  override name = 'LookupError';
  /** Why, in the element's vocabulary: a page tells failures apart by it without reading the message. */
  readonly reason: FailureReason;
  /** It failed on the wire in a way that may pass: the network, HTTP 429, 502, 503 or 504. */
  readonly transient: boolean;
  /** How long the server asked us to wait (its `Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;
  /**
   * Drawn once per failed request, so every operation of one failed batch
   * waits as long as the others and they retry as a batch again.
   */
  readonly jitter: number;
  /** When the request failed (`Date.now()`), once per failed request like `jitter`. */
  readonly failedAt: number;
  /** When to try again, once the retry policy has been applied; undefined: not again. */
  readonly retryInMs: number | undefined;
  /**
   * The moment that wait ends (`failedAt + retryInMs`): the same for every
   * operation of one failed request, so their elements try again at one
   * instant however late each of them took the failure in.
   */
  readonly retryAt: number | undefined;

  constructor(
    message: string,
    options: {
      reason?: FailureReason;
      transient?: boolean;
      retryAfterMs?: number;
      jitter?: number;
      failedAt?: number;
      retryInMs?: number;
    } = {},
  ) {
    super(message);
    this.reason = options.reason ?? 'request-failed';
    this.transient = options.transient ?? false;
    this.retryAfterMs = options.retryAfterMs;
    this.jitter = options.jitter ?? Math.random();
    this.failedAt = options.failedAt ?? Date.now();
    this.retryInMs = options.retryInMs;
    this.retryAt = options.retryInMs === undefined ? undefined : this.failedAt + options.retryInMs;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
