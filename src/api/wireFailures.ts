import { LookupError } from './errors.js';
import { readHttpDate } from './httpDate.js';

/** Statuses that say "not now" rather than "not this": worth another try. */
const TRANSIENT_STATUSES = new Set([429, 502, 503, 504]);
/** Statuses that say "not you": the credentials, not the request. */
const UNAUTHORIZED_STATUSES = new Set([401, 403]);

/** An answer with an error status, told whether (and, by its `Retry-After`, when) to try again. */
export function statusFailure(response: Response): LookupError {
  const { status, headers } = response;
  const transient = TRANSIENT_STATUSES.has(status);
  const serverNow = readHttpDate(headers.get('date')) ?? Date.now();
  const retryAfterMs = transient ? parseRetryAfter(headers.get('retry-after'), serverNow) : undefined;
  return new LookupError(`request failed: HTTP ${status}`, {
    reason: UNAUTHORIZED_STATUSES.has(status) ? 'unauthorized' : 'request-failed',
    transient,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

/**
 * What a request rejected with, as the console should read it. A LookupError
 * already says it; the caller's abort stays an AbortError, which is no failure.
 */
export function describeFailure(error: unknown, timeoutMs: number): unknown {
  if (error instanceof LookupError) return error;
  if (!(error instanceof Error)) return new LookupError(`request failed: ${String(error)}`);
  // A timeout is not retried: a server that slow would only be asked to be slow again.
  if (error.name === 'TimeoutError') return new LookupError(`request timed out after ${timeoutMs} ms`);
  if (error.name === 'AbortError') return error;
  // fetch rejects with a TypeError for everything it calls a network error: offline, DNS, CORS.
  if (error instanceof TypeError)
    return new LookupError(`network error: ${oneLine(error.message)}`, { transient: true });
  // A page's own fetch wrapper may reject with anything.
  return new LookupError(`request failed: ${oneLine(error.message)}`);
}

/** delay-seconds: digits only. */
const DELAY_SECONDS = /^\d+$/;

/**
 * `Retry-After` in seconds or as an HTTP date; undefined when absent or
 * unreadable. A date is the server's, so it is counted from `now` in the
 * server's time (its `Date`, where the answer lets it be read): a visitor
 * whose clock is wrong waits as long as the server asked.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  const text = value?.trim() ?? '';
  if (DELAY_SECONDS.test(text)) return Number(text) * 1000;
  const date = readHttpDate(text);
  return date === null ? undefined : Math.max(0, date - now);
}

/** The first line, at most 120 characters: a message must not flood the console. */
export function oneLine(text: string): string {
  const [first = ''] = text.split(/\r?\n/);
  return first.length > 120 ? `${first.slice(0, 120)}…` : first;
}
