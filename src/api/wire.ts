/** One request on the wire (`fetch` itself: docs/performance.md), its failure and retry, and the provider's clock. */
import { readLinkExpiry, readSigningTime } from '../machine/linkExpiry.js';
import type { LookupFailure } from '../machine/materialDownload.types.js';
import type { FailureReason } from '../machine/materialDownload.types.js';
import type { RetryOptions } from './config.js';

/** A failed lookup, carrying the fields the machine reads (readLookupFailure); its message is what the console shows. */
export class LookupError extends Error implements LookupFailure {
  declare reason: FailureReason;
  declare transient: boolean;
  declare retryInMs: number | null;
  declare retryAt: number | null;
  declare retryAfterMs?: number;
  /** Drawn once per failed request, so all its operations retry together. */
  declare jitter: number;
  declare failedAt: number;
  constructor(message: string, said: Partial<Omit<LookupError, 'message'>> = {}) {
    super(message);
    const unsaid = { reason: 'request-failed', transient: false, retryInMs: null, retryAt: null };
    Object.assign(this, { name: 'LookupError', ...unsaid, jitter: Math.random(), failedAt: Date.now() }, said);
  }
}

export type Operation = { operationName: string; query: string; variables: Record<string, unknown> };
export type OperationResult = { data?: unknown; errors?: readonly unknown[] };
export type Destination = { endpoint: string; headers: Record<string, string> };

/** The client name tells the provider our traffic from its other clients' (the server's proxy sends it too). */
export const HEADERS = {
  accept: 'application/graphql-response+json, application/json',
  'content-type': 'application/json',
  'apollographql-client-name': 'web-components',
};

/** An answer per operation, or undefined where a batch was refused or miscounted; an abort rejects with its reason. */
export async function post(
  { endpoint, headers }: Destination,
  operations: readonly Operation[],
  { controller, timeoutMs }: { controller: AbortController; timeoutMs: number },
  clock: Pick<ProviderClock, 'observe'>,
): Promise<OperationResult[] | undefined> {
  const asArray = operations.length > 1;
  const { signal } = controller;
  const timeout = new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError');
  const timer = setTimeout(() => controller.abort(timeout), timeoutMs);
  const sentAt = Date.now();
  try {
    // Looked up per call, so a fetch wrapper the page installs later still applies.
    const response = await globalThis.fetch(endpoint, {
      method: 'POST',
      headers: { ...HEADERS, ...headers },
      body: JSON.stringify(asArray ? operations : operations[0]),
      credentials: 'same-origin',
      signal,
    });
    const text = await response.text();
    const body = tried((): unknown => JSON.parse(text));
    // A 400 without an array for an array body: the server does not batch. A 429 is about the rate, not the shape.
    if (asArray && response.status === 400 && !Array.isArray(body)) return undefined;
    if (!response.ok) throw statusFailure(response);
    // Any other type is a page (a web app's fallback HTML at `/graphql`), even where it parses.
    const isGraphql = /\bapplication\/(graphql-response\+)?json\b/i.test(response.headers.get('content-type')!);
    if (body === undefined || !isGraphql) throw invalidResponse('not JSON');
    const answers: unknown = asArray ? body : [body];
    if (!Array.isArray(answers) || answers.length !== operations.length) return undefined;
    const results = answers.map(readOperationResult);
    // Across origins `Date` reads as null unless the provider exposes it.
    const data = results.map((result) => result.data);
    clock.observe({ sentAt, receivedAt: Date.now(), date: response.headers.get('date') }, data);
    return results;
  } catch (caught) {
    // WebKit rejects with an AbortError of its own, whatever the reason: the signal says which limit it was.
    const error = signal.aborted ? abortError(signal) : caught;
    if (!(error instanceof Error)) throw new LookupError(`request failed: ${String(error)}`);
    // Not retried: a server that slow would only be asked to be slow again.
    if (error.name === 'TimeoutError') throw new LookupError(`request timed out after ${timeoutMs} ms`);
    if (error.name === 'AbortError' || error instanceof LookupError) throw error;
    // fetch's TypeError is every network error (offline, DNS, CORS); a page's fetch wrapper may throw anything.
    const transient = error instanceof TypeError;
    throw new LookupError(`${transient ? 'network error' : 'request failed'}: ${oneLine(error.message)}`, {
      transient,
    });
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** Only the shape the lookup relies on; the readers check the data. */
function readOperationResult(value: unknown): OperationResult {
  if (!isObject(value)) throw invalidResponse('not a GraphQL result');
  const { data, errors } = value;
  if (errors !== undefined && !Array.isArray(errors)) throw invalidResponse('errors is not a list');
  if (data != null && !isObject(data)) throw invalidResponse('data is not an object');
  return { data, errors };
}

export const invalidResponse = (what: string) => new LookupError(`invalid response: ${what}`);
export function tried<T>(use: () => T): T | undefined {
  try {
    return use();
  } catch {
    return undefined;
  }
}
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const abortError = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');

/** The first line, at most 120 characters: a message must not flood the console. */
export function oneLine(text: string): string {
  const [first = ''] = text.split(/\r?\n/);
  return first.length > 120 ? `${first.slice(0, 120)}…` : first;
}

/** 429, 502, 503 and 504 say "not now" rather than "not this"; 401 and 403 say "not you". */
export function statusFailure({ status, headers }: Response): LookupError {
  const transient = [429, 502, 503, 504].includes(status);
  const now = readHttpDate(headers.get('date')) ?? Date.now();
  const retryAfterMs = transient ? parseRetryAfter(headers.get('retry-after'), now) : undefined;
  const reason = status === 401 || status === 403 ? 'unauthorized' : 'request-failed';
  return new LookupError(`request failed: HTTP ${status}`, { reason, transient, retryAfterMs });
}

/** Delay-seconds or an HTTP date, counted from `now` in the server's time: a wrong visitor clock waits as asked. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = readHttpDate(text);
  return date === null ? undefined : Math.max(0, date - now);
}

/** Asked to wait longer than this, a link is better given up for now. */
export const MAX_RETRY_AFTER_MS = 10_000;

/** Only a transient failure, `attempts` times, after `Retry-After` or a threefold backoff ±20% (pages come back apart). */
export function withRetry(error: unknown, attempt: number, policy: RetryOptions | false): unknown {
  if (!(error instanceof LookupError) || !error.transient || !policy || attempt >= policy.attempts) return error;
  const { retryAfterMs, jitter, failedAt } = error;
  if (retryAfterMs! > MAX_RETRY_AFTER_MS) return error;
  const retryInMs = Math.round(retryAfterMs ?? policy.baseDelayMs * 3 ** attempt * (0.8 + 0.4 * jitter));
  // A copy: the operations of one failed request share its error, each on an attempt of its own.
  return new LookupError(error.message, { ...error, retryInMs, retryAt: failedAt + retryInMs });
}

/** One exchange with the provider, in the visitor's `Date.now()` terms, and the `Date` it answered with. */
export type AnswerTiming = { sentAt: number; receivedAt: number; date: string | null };
/** Further apart is a proxy's placeholder `Date`: no visitor that far off opens an HTTPS page. */
export const MAX_CREDIBLE_OFFSET_MS = 366 * 24 * 60 * 60_000;
/** The provider's clock minus the visitor's, at least and at most, in ms; empty while nothing says. */
type Bounds = [low: number, high: number] | [];

/** `known` narrowed by a moment stamped, to the second, between asking and answer, or replaced where they disagree. */
function narrowed(known: Bounds, moment: number | null, { sentAt, receivedAt }: AnswerTiming): Bounds {
  if (moment === null) return known;
  const [low, high] = [moment - receivedAt, moment + 1000 - sentAt];
  if (low > high || low < -MAX_CREDIBLE_OFFSET_MS || high > MAX_CREDIBLE_OFFSET_MS) return known;
  const [knownLow = low, knownHigh = high] = known;
  const both: Bounds = [Math.max(low, knownLow), Math.min(high, knownHigh)];
  return both[0] <= both[1] ? both : [low, high];
}

export type ProviderClock = ReturnType<typeof createProviderClock>;
/** Links expire in the provider's time; a visitor's clock may be hours off. Bounds holding zero leave it be. */
export function createProviderClock() {
  // A signing time may be older than the request (a provider caching its links): it counts only without a Date.
  let fromDates: Bounds = [];
  let fromSignatures: Bounds = [];
  /** How far the provider's clock is ahead at most (negative: behind), so links expire soonest; null: nothing says. */
  const aheadBy = (): number | null => {
    const [low, high] = fromDates.length ? fromDates : fromSignatures;
    return high === undefined ? null : low! <= 0 && high >= 0 ? 0 : high;
  };
  const toVisitorTime = (providerMoment: number) => providerMoment - (aheadBy() ?? 0);
  return {
    /** Takes in an answer's `Date` where it counts, else the signing times of the links in `answers`. */
    observe(timing: AnswerTiming, answers: readonly unknown[]) {
      const dated = narrowed(fromDates, readHttpDate(timing.date), timing);
      if (dated !== fromDates) fromDates = dated;
      else
        for (const href of stringsIn(answers)) fromSignatures = narrowed(fromSignatures, readSigningTime(href), timing);
    },
    toVisitorTime,
    /** When a link stops working; null where it does not say. */
    expiryOf: (href: string) => {
      const expiry = readLinkExpiry(href);
      return expiry === null ? null : toVisitorTime(expiry);
    },
    aheadBy,
  };
}

/** Without recursion: a server's answer could nest deep enough to overflow the stack. */
export function* stringsIn(values: readonly unknown[]): Generator<string> {
  const pending = [...values];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') yield value;
    else if (typeof value === 'object' && value !== null) for (const child of Object.values(value)) pending.push(child);
  }
}

/** An HTTP-date opens with the day's name and holds a time: Date.parse alone reads a date into almost anything. */
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? .*\b\d{2}:\d{2}:\d{2}\b/;
export function readHttpDate(value: string | null | undefined): number | null {
  const text = value?.trim() ?? '';
  const moment = HTTP_DATE.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(moment) ? null : moment;
}
