/**
 * `fetch` itself, not graphql-request: it served us only worked around. Its batch body has no
 * `operationName` and it finds a single one only by parsing the query with `graphql`, which the
 * builds stubbed out; so each request made a client whose body a middleware replaced. It threw on
 * a relative endpoint, and its messages quote the whole body. Without it each self-registering
 * file is about 7,770 bytes smaller minified, 2,100 gzip (README, Performance).
 */
import type { Operation, OperationResult, SendOptions } from './operation.js';
import type { AnswerTiming, ProviderClock } from './providerClock.js';
import { parseJson, readJsonBody, readOperationResult } from './responseBody.js';
import { abortError, anySignal, timeoutSignal } from './signals.js';
import { describeFailure, statusFailure } from './wireFailures.js';

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
 * Posts one operation as a JSON object, and tells `clock` of its answer.
 * Rejects with an error the console can show.
 */
export async function postOperation(
  destination: Destination,
  operation: Operation,
  limits: RequestLimits,
  clock: AnswerClock,
): Promise<OperationResult> {
  try {
    const { response, text, timing } = await exchange(destination, JSON.stringify(operation), limits);
    if (!response.ok) throw statusFailure(response);
    const result = readOperationResult(readJsonBody(response.headers.get('content-type'), text));
    clock.observe(timing, [result.data]);
    return result;
  } catch (error) {
    throw describeFailure(error, limits.timeoutMs);
  }
}

/**
 * Posts operations as one JSON array, and tells `clock` of their answers.
 * Resolves with one answer an operation, in order, or with undefined when
 * the server does not take arrays: it refuses them, or answers with
 * something else.
 */
export async function postBatch(
  destination: Destination,
  operations: readonly Operation[],
  limits: RequestLimits,
  clock: AnswerClock,
): Promise<OperationResult[] | undefined> {
  let reply: Reply;
  try {
    reply = await exchange(destination, JSON.stringify(operations), limits);
  } catch (error) {
    throw describeFailure(error, limits.timeoutMs);
  }
  const { response, text, timing } = reply;
  if (refusesArrays(reply)) return undefined;
  if (!response.ok) throw statusFailure(response);
  const answers = readJsonBody(response.headers.get('content-type'), text);
  if (!Array.isArray(answers) || answers.length !== operations.length) return undefined;
  const results = answers.map(readOperationResult);
  clock.observe(
    timing,
    results.map((result) => result.data),
  );
  return results;
}

/** What GraphQL over HTTP asks of a POST, before the destination's own headers. */
const GRAPHQL_POST_HEADERS = {
  accept: 'application/graphql-response+json, application/json',
  'content-type': 'application/json',
};

/** An answer read to its end (its body can be read only once), and when it was asked for and came. */
interface Reply {
  response: Response;
  text: string;
  timing: AnswerTiming;
}

/** POSTs `body` and reads the whole answer, both within the limits. */
function exchange({ endpoint, headers }: Destination, body: string, limits: RequestLimits): Promise<Reply> {
  return withinLimits(limits, async (signal) => {
    const sentAt = Date.now();
    // Looked up per call so a fetch wrapper the page installs later still applies.
    const response = await globalThis.fetch(endpoint, {
      method: 'POST',
      headers: { ...GRAPHQL_POST_HEADERS, ...headers },
      body,
      // The page's cookies go to its own origin only, never to a provider elsewhere.
      credentials: 'same-origin',
      signal,
    });
    // Across origins, `Date` reads as null unless the provider exposes it (Access-Control-Expose-Headers).
    const timing = { sentAt, receivedAt: Date.now(), date: response.headers.get('date') };
    return { response, text: await response.text(), timing };
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
 * A 400 with anything but a JSON array for an array body: the server does not
 * batch. Anything else (a rate limit above all) is about the request, not its shape.
 */
function refusesArrays({ response, text }: Reply): boolean {
  return response.status === 400 && !Array.isArray(parseJson(text));
}
