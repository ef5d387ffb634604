import { ClientError, GraphQLClient } from 'graphql-request';
import { LookupError } from './errors.js';
import { abortError, anySignal, timeoutSignal } from './signals.js';
import type { Operation, OperationResult, SendOptions } from './operation.js';

/** Where a request goes: one endpoint with one set of headers. */
export type Destination = Pick<SendOptions, 'endpoint' | 'headers'>;

/** What ends a request early: the `signal` of those waiting for it, or `timeoutMs`. */
export interface RequestLimits {
  signal: AbortSignal;
  timeoutMs: number;
}

/** Posts one operation as a JSON object. Rejects with an error the console can show. */
export async function postOperation(
  destination: Destination,
  operation: Operation,
  limits: RequestLimits,
): Promise<OperationResult> {
  const client = createClient(destination, JSON.stringify(operation));
  const { query, variables } = operation;
  try {
    const response = await withinLimits(limits, (signal) => client.rawRequest({ query, variables, signal }));
    return { data: response.data, errors: response.errors };
  } catch (error) {
    throw describeFailure(error, limits.timeoutMs);
  }
}

/**
 * Posts operations as one JSON array. Resolves with one answer an operation,
 * in order, or with undefined when the server does not take arrays: it
 * refuses them, or answers with something else.
 */
export async function postBatch(
  destination: Destination,
  operations: readonly Operation[],
  limits: RequestLimits,
): Promise<OperationResult[] | undefined> {
  const client = createClient(destination, JSON.stringify(operations));
  const documents = operations.map(({ query, variables }) => ({ document: query, variables }));
  let answers: unknown;
  try {
    answers = await withinLimits(limits, (signal) => client.batchRequests({ documents, signal }));
  } catch (error) {
    if (refusesArrays(error)) return undefined;
    throw describeFailure(error, limits.timeoutMs);
  }
  if (!Array.isArray(answers) || answers.length !== operations.length) return undefined;
  return answers.map(({ data, errors }: OperationResult) => ({ data, errors }));
}

/**
 * A client whose request body is ours: graphql-request's batch body has no
 * operationName, and finding one for a single request would parse the query
 * with graphql, which the customer bundles leave out. We know the names.
 */
function createClient({ endpoint, headers }: Destination, body: string) {
  return new GraphQLClient(endpoint, {
    headers,
    credentials: 'same-origin',
    // Data and errors both come back; lookup() uses the data where there is any.
    errorPolicy: 'all',
    excludeOperationName: true,
    // Looked up per call so a fetch wrapper the page installs later still applies.
    fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init),
    requestMiddleware: (request) => ({ ...request, body }),
  });
}

/** Runs `send` with a signal for both limits; no timer or listener outlives the request. */
async function withinLimits<T>(limits: RequestLimits, send: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const timeout = timeoutSignal(limits.timeoutMs);
  const signal = anySignal([limits.signal, timeout]);
  try {
    return await send(signal);
  } catch (error) {
    // The limit that ended it, whatever fetch rejected with: WebKit's rejects with an AbortError
    // of its own instead of the signal's reason, so a timeout would read as the caller's abort.
    throw signal.aborted ? abortError(signal) : error;
  } finally {
    timeout.clear();
    signal.dispose();
  }
}

/**
 * A 400 with a JSON object for an array body: the server does not batch.
 * Anything else (a rate limit above all) is about the request, not its shape.
 */
function refusesArrays(error: unknown): boolean {
  if (!(error instanceof ClientError)) return false;
  return error.response.status === 400 && !Array.isArray(parseJson(error.response.body));
}

function parseJson(text: unknown): unknown {
  try {
    return typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Statuses that say "not now" rather than "not this": worth another try. */
const TRANSIENT_STATUSES = new Set([429, 502, 503, 504]);

function describeFailure(error: unknown, timeoutMs: number): Error {
  if (error instanceof ClientError) {
    const { status, headers } = error.response;
    const transient = TRANSIENT_STATUSES.has(status);
    const retryAfterMs = transient ? parseRetryAfter(headers?.get('retry-after') ?? null) : undefined;
    return new LookupError(`request failed: HTTP ${status}`, {
      transient,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  if (error instanceof Error) {
    // A timeout is not retried: a server that slow would only be asked to be slow again.
    if (error.name === 'TimeoutError') return new LookupError(`request timed out after ${timeoutMs} ms`);
    if (error.name === 'AbortError') return error;
    if (error instanceof SyntaxError) return new LookupError('invalid response: not JSON');
    if (error instanceof TypeError) {
      return new LookupError(`network error: ${oneLine(error.message)}`, { transient: true });
    }
    // graphql-request's own messages quote the whole body after their first line; the log gets that line.
    return new LookupError(`invalid response: ${oneLine(error.message.replace(/^Invalid execution result: /, ''))}`);
  }
  return new LookupError(`request failed: ${String(error)}`);
}

/** delay-seconds: digits only. */
const DELAY_SECONDS = /^\d+$/;
/**
 * An HTTP-date (IMF-fixdate, RFC 850 or asctime) opens with the day's name
 * and holds a time: Date.parse alone would read a date into almost anything.
 */
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? .*\b\d{2}:\d{2}:\d{2}\b/;

/** `Retry-After` in seconds or as an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  const text = value?.trim() ?? '';
  if (DELAY_SECONDS.test(text)) return Number(text) * 1000;
  const date = HTTP_DATE.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The first line, at most 120 characters: a server's body must not flood the console. */
function oneLine(text: string): string {
  const [first = ''] = text.split(/\r?\n/);
  return first.length > 120 ? `${first.slice(0, 120)}…` : first;
}
