import type { RetryOptions } from './config.js';
import { LookupError } from './errors.js';

/** A server may ask for a pause; longer than this and the link is better given up for now. */
export const MAX_RETRY_AFTER_MS = 10_000;
/** Each wait is this many times the last one: about 0.5 s, then 1.5 s. */
const GROWTH = 3;
/** Waits vary by this share either way, so many pages do not come back in step. */
const JITTER = 0.2;

/**
 * The failure of attempt `attempt` (0 for the first), told when to try again
 * under `policy`: transient failures only, at most `policy.attempts` more
 * times, after the server's `Retry-After` when it sent one (up to 10 s),
 * otherwise after a jittered exponential backoff.
 */
export function withRetry(error: unknown, attempt: number, policy: RetryOptions | false): unknown {
  if (!(error instanceof LookupError) || !error.transient || !policy || attempt >= policy.attempts) return error;
  if (error.retryAfterMs !== undefined && error.retryAfterMs > MAX_RETRY_AFTER_MS) return error;
  const backoff = policy.baseDelayMs * GROWTH ** attempt * (1 - JITTER + 2 * JITTER * error.jitter);
  const retryInMs = Math.round(error.retryAfterMs ?? backoff);
  const { transient, retryAfterMs, jitter, failedAt } = error;
  return new LookupError(error.message, {
    transient,
    jitter,
    failedAt,
    retryInMs,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}
