/**
 * `fetch` itself, not graphql-request: it served us only worked around. Its batch body has no
 * `operationName` and it finds a single one only by parsing the query with `graphql`, which the
 * builds stubbed out; so each request made a client whose body a middleware replaced. It threw on
 * a relative endpoint, and its messages quote the whole body. Without it each self-registering
 * file is about 7,770 bytes smaller minified, 2,100 gzip (docs/performance.md).
 *
 * The wire: the request within its limits, the answer's shape, what a failure says and whether,
 * and when, it is tried again.
 */
import type { RetryOptions } from './config.js';
import { after } from './deferral.js';
import { LookupError } from './errors.js';
import type { Operation, OperationResult, SendOptions } from './operation.js';
import { readHttpDate, type AnswerTiming, type ProviderClock } from './providerClock.js';

/** Where a request goes: one endpoint with one set of headers. */
export type Destination = Pick<SendOptions, 'endpoint' | 'headers'>;

/** What ends a request early: the `signal` of those waiting for it, or `timeoutMs`. */
export interface RequestLimits {
  signal: AbortSignal;
  timeoutMs: number;
}

/** What hears when an answer came and what it said of the provider's time. */
export type AnswerClock = Pick<ProviderClock, 'observe'>;

/**
 * Posts one operation as a JSON object, or several as one JSON array, within
 * the limits, and tells `clock` of the answers. Resolves with one answer an
 * operation, in order, or, for several, with undefined when the server does
 * not take arrays: it refuses them, or answers with something else. Rejects
 * with an error the console can show; the caller's abort stays an
 * AbortError, which is no failure. No timer or listener outlives the request.
 */
export async function post(
  { endpoint, headers }: Destination,
  operations: readonly Operation[],
  { signal: waiting, timeoutMs }: RequestLimits,
  clock: AnswerClock,
): Promise<OperationResult[] | undefined> {
  const asArray = operations.length > 1;
  // Both limits in one signal (`AbortSignal.any` is missing from Safari < 17.4), aborted
  // once the request is over so that its listener on the longer-lived signal goes.
  const controller = new AbortController();
  const { signal } = controller;
  const stopTimer = after(timeoutMs, () =>
    controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError')),
  );
  const onAbort = () => controller.abort(waiting.reason);
  if (waiting.aborted) onAbort();
  else waiting.addEventListener('abort', onAbort, { once: true, signal });
  let response: Response;
  let text: string;
  let timing: AnswerTiming;
  try {
    const sentAt = Date.now();
    // Looked up per call so a fetch wrapper the page installs later still applies.
    response = await globalThis.fetch(endpoint, {
      method: 'POST',
      headers: {
        accept: 'application/graphql-response+json, application/json',
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(asArray ? operations : operations[0]),
      // The page's cookies go to its own origin only, never to a provider elsewhere.
      credentials: 'same-origin',
      signal,
    });
    // Across origins, `Date` reads as null unless the provider exposes it (Access-Control-Expose-Headers).
    timing = { sentAt, receivedAt: Date.now(), date: response.headers.get('date') };
    // Read to its end within the limits: the body can be read only once.
    text = await response.text();
  } catch (caught) {
    // The limit that ended it, whatever fetch rejected with: WebKit's rejects with an AbortError
    // of its own instead of the signal's reason, so a timeout would read as the caller's abort.
    const error = signal.aborted ? abortError(signal) : caught;
    if (!(error instanceof Error)) throw new LookupError(`request failed: ${String(error)}`);
    // A timeout is not retried: a server that slow would only be asked to be slow again.
    if (error.name === 'TimeoutError') throw new LookupError(`request timed out after ${timeoutMs} ms`);
    if (error.name === 'AbortError') throw error;
    // fetch rejects with a TypeError for everything it calls a network error: offline, DNS, CORS;
    // a page's own fetch wrapper may reject with anything.
    const network = error instanceof TypeError;
    throw new LookupError(`${network ? 'network error' : 'request failed'}: ${oneLine(error.message)}`, {
      transient: network,
    });
  } finally {
    stopTimer();
    controller.abort();
  }
  // A 400 with anything but a JSON array for an array body: the server does not batch.
  // Anything else (a rate limit above all) is about the request, not its shape.
  if (asArray && response.status === 400 && !Array.isArray(parseJson(text))) return undefined;
  if (!response.ok) throw statusFailure(response);
  const body = GRAPHQL_MEDIA_TYPE.test(response.headers.get('content-type') ?? '') ? parseJson(text) : undefined;
  if (body === undefined) throw invalidResponse('not JSON');
  const answers: unknown = asArray ? body : [body];
  if (!Array.isArray(answers) || answers.length !== operations.length) return undefined;
  const results = answers.map(readOperationResult);
  clock.observe(
    timing,
    results.map(({ data }) => data),
  );
  return results;
}

/**
 * The media types GraphQL over HTTP answers in. A body of any other type is
 * a page, not an answer (a web app's fallback HTML at `/graphql`), even
 * where it happens to parse.
 */
const GRAPHQL_MEDIA_TYPE = /\bapplication\/(?:graphql-response\+)?json\b/i;

/** The value `text` holds, or undefined where it is not JSON (no JSON text parses to undefined). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One operation's answer: an object whose `errors`, where present, is a list
 * and whose `data` is an object or null. Only the shape the lookup relies on
 * is checked here; the readers check the data.
 */
function readOperationResult(value: unknown): OperationResult {
  if (!isObject(value)) throw invalidResponse('not a GraphQL result');
  const { data, errors } = value;
  if (errors !== undefined && !Array.isArray(errors)) throw invalidResponse('errors is not a list');
  if (data != null && !isObject(data)) throw invalidResponse('data is not an object');
  return { data, errors };
}

/** An answer that is not a GraphQL result: not worth another try. */
export const invalidResponse = (what: string) => new LookupError(`invalid response: ${what}`);

/** A JSON object: not null, not a list. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** The first line, at most 120 characters: a message must not flood the console. */
export function oneLine(text: string): string {
  const [first = ''] = text.split(/\r?\n/);
  return first.length > 120 ? `${first.slice(0, 120)}…` : first;
}

/**
 * An answer with an error status, told whether (and, by its `Retry-After`,
 * when) to try again: 429, 502, 503 and 504 say "not now" rather than "not
 * this"; 401 and 403 say "not you", the credentials, not the request.
 */
export function statusFailure({ status, headers }: Response): LookupError {
  const transient = [429, 502, 503, 504].includes(status);
  return new LookupError(`request failed: HTTP ${status}`, {
    reason: status === 401 || status === 403 ? 'unauthorized' : 'request-failed',
    transient,
    retryAfterMs: transient
      ? parseRetryAfter(headers.get('retry-after'), readHttpDate(headers.get('date')) ?? Date.now())
      : undefined,
  });
}

/**
 * `Retry-After` in seconds (delay-seconds: digits only) or as an HTTP date;
 * undefined when absent or unreadable. A date is the server's, so it is
 * counted from `now` in the server's time (its `Date`, where the answer lets
 * it be read): a visitor whose clock is wrong waits as long as the server asked.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = readHttpDate(text);
  return date === null ? undefined : Math.max(0, date - now);
}

/** A server may ask for a pause; longer than this and the link is better given up for now. */
export const MAX_RETRY_AFTER_MS = 10_000;

/**
 * The failure of attempt `attempt` (0 for the first), told when to try again
 * under `policy`: transient failures only, at most `policy.attempts` more
 * times, after the server's `Retry-After` when it sent one (up to 10 s),
 * otherwise after a backoff that grows threefold each time (about 0.5 s, then
 * 1.5 s), varied by 20% either way so many pages do not come back in step.
 */
export function withRetry(error: unknown, attempt: number, policy: RetryOptions | false): unknown {
  if (!(error instanceof LookupError) || !error.transient || !policy || attempt >= policy.attempts) return error;
  const { retryAfterMs } = error;
  if (retryAfterMs !== undefined && retryAfterMs > MAX_RETRY_AFTER_MS) return error;
  const retryInMs = Math.round(retryAfterMs ?? policy.baseDelayMs * 3 ** attempt * (0.8 + 0.4 * error.jitter));
  // A copy: every operation of one failed request shares its error, each on an attempt of its own.
  return new LookupError(error.message, { ...error, retryInMs });
}
