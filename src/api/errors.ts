import type { FailureReason } from '../machine/reasons.js';

/** What a LookupError is told; the rest it draws or defaults itself. */
export interface LookupErrorOptions {
  reason?: FailureReason;
  transient?: boolean;
  retryAfterMs?: number | undefined;
  jitter?: number;
  failedAt?: number;
  retryInMs?: number | undefined;
}

/** A lookup that could not produce a link; its message is what the console shows. */
export class LookupError extends Error {
  /** Why, in the element's vocabulary: a page tells failures apart by it without reading the message. */
  declare readonly reason: FailureReason;
  /** It failed on the wire in a way that may pass: the network, HTTP 429, 502, 503 or 504. */
  declare readonly transient: boolean;
  /** How long the server asked us to wait (its `Retry-After`), when it said. */
  declare readonly retryAfterMs: number | undefined;
  /**
   * Drawn once per failed request, so every operation of one failed batch
   * waits as long as the others and they retry as a batch again.
   */
  declare readonly jitter: number;
  /** When the request failed (`Date.now()`), once per failed request like `jitter`. */
  declare readonly failedAt: number;
  /** When to try again, once the retry policy has been applied; undefined: not again. */
  declare readonly retryInMs: number | undefined;
  /**
   * The moment that wait ends (`failedAt + retryInMs`): the same for every
   * operation of one failed request, so their elements try again at one
   * instant however late each of them took the failure in.
   */
  declare readonly retryAt: number | undefined;

  constructor(message: string, options: LookupErrorOptions = {}) {
    super(message);
    // The fields are declared, not initialised: they take their values here, in one assignment rather than one each.
    Object.assign(
      this,
      {
        name: 'LookupError',
        reason: 'request-failed',
        transient: false,
        retryAfterMs: undefined,
        jitter: Math.random(),
        failedAt: Date.now(),
        retryInMs: undefined,
      },
      options,
    );
    this.retryAt = options.retryInMs === undefined ? undefined : this.failedAt + options.retryInMs;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
