import { ClientError, GraphQLClient } from 'graphql-request';
import type { BatchOptions } from './config';
import { LookupError } from './errors';
import type { OperationName } from './queries';
import { abortError, anySignal, timeoutSignal } from './signals';

export interface Operation {
  operationName: OperationName;
  query: string;
  variables: Record<string, unknown>;
}

export interface OperationResult {
  data?: unknown;
  errors?: readonly { message?: string }[];
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

/** One operation on the wire, shared by every caller that asked for the same thing. */
interface SharedOperation {
  key: string;
  operation: Operation;
  result: Promise<OperationResult>;
  settle: (outcome: { result: OperationResult } | { error: unknown }) => void;
  /** Callers still waiting; at zero the operation is dropped or its request aborted. */
  waiting: number;
  /** Aborted when nobody waits any more. */
  abandoned: AbortController;
  sent: boolean;
}

/** Operations for one endpoint with one set of headers: only those can share a POST. */
interface Queue {
  endpoint: string;
  headers: Record<string, string>;
  queued: SharedOperation[];
  timer: ReturnType<typeof setTimeout> | null;
  /** When the first queued operation arrived: the window never stays open longer than MAX_WINDOWS intervals. */
  openedAt: number;
  /** Cleared for good once the server answers an array with something else. */
  acceptsArrays: boolean;
}

const queues = new Map<string, Queue>();
const inFlight = new Map<string, SharedOperation>();

/** Answers with data, by operation key; bounded so a long session cannot grow it without end. */
const answers = new Map<string, { result: OperationResult; storedAt: number }>();
const MAX_CACHED_ANSWERS = 2000;

/** Judged by the TTL in force now: lowering it (to 0, say) takes effect at once. */
function cachedAnswer(key: string, ttlMs: number): OperationResult | undefined {
  const entry = answers.get(key);
  if (entry && Date.now() - entry.storedAt < ttlMs) return entry.result;
  answers.delete(key);
  return undefined;
}

function remember(key: string, result: OperationResult, ttlMs: number): void {
  if (ttlMs <= 0 || result.data === undefined || result.data === null) return;
  answers.delete(key);
  answers.set(key, { result, storedAt: Date.now() });
  if (answers.size > MAX_CACHED_ANSWERS) answers.delete(answers.keys().next().value!);
}

/** Forgets every cached answer: for tests, and for pages that know the data changed. */
export function clearAnswerCache(): void {
  answers.clear();
}

/**
 * Sends one GraphQL operation. Operations started within one batch window go
 * out together as a JSON-array POST; identical operations in flight share one.
 */
export function sendOperation(operation: Operation, options: SendOptions): Promise<OperationResult> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const queueKey = JSON.stringify([options.endpoint, options.headers]);
  const key = JSON.stringify([queueKey, operation.operationName, operation.variables]);
  const cached = cachedAnswer(key, options.cacheTtlMs);
  if (cached) return Promise.resolve(cached);
  // An operation everyone has left is aborted, even if its request is still on the wire: start afresh.
  const live = inFlight.get(key);
  const shared =
    live && !live.abandoned.signal.aborted ? live : enqueue(queueFor(queueKey, options), key, operation, options);
  return follow(shared, signal);
}

function queueFor(queueKey: string, options: SendOptions): Queue {
  let queue = queues.get(queueKey);
  if (!queue) {
    queue = {
      endpoint: options.endpoint,
      headers: options.headers,
      queued: [],
      timer: null,
      openedAt: 0,
      acceptsArrays: true,
    };
    queues.set(queueKey, queue);
  }
  return queue;
}

function enqueue(queue: Queue, key: string, operation: Operation, options: SendOptions): SharedOperation {
  // `result` and `settle` are filled in below: the promise's executor runs at once.
  const shared = { key, operation, waiting: 0, abandoned: new AbortController(), sent: false } as SharedOperation;
  shared.result = new Promise<OperationResult>((resolve, reject) => {
    shared.settle = (outcome) => {
      // A newer operation for the same key may have taken this one's place.
      if (inFlight.get(key) === shared) inFlight.delete(key);
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
  });
  // Callers attach their own handlers; this one keeps an abandoned operation quiet.
  shared.result.then((answer) => remember(key, answer, options.cacheTtlMs)).catch(() => {});
  inFlight.set(key, shared);
  queue.queued.push(shared);
  scheduleFlush(queue, options);
  return shared;
}

/** A window stays open at most this many intervals, however steadily operations keep arriving. */
const MAX_WINDOWS = 5;

/**
 * Holds partial batches back while the caller knows more operations are
 * coming (the element layer, while elements wait to mount): full batches
 * still go at once. Returns the release; the last release sends what waited.
 */
let holds = 0;
export function holdPartialBatches(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0)
      for (const queue of queues.values()) if (queue.queued.length && queue.timer === null) flushWhenReleased(queue);
  };
}

/** Options of the last operation queued, to flush with once a hold ends. */
const lastOptions = new WeakMap<Queue, SendOptions>();

function flushWhenReleased(queue: Queue): void {
  const options = lastOptions.get(queue);
  if (options) scheduleFlush(queue, options);
}

/**
 * The batch window closes `intervalMs` after the latest operation, not the
 * first: elements that mount over a few tasks (a slow device, a long page)
 * still share a request. A full batch, or a window open for MAX_WINDOWS
 * intervals, goes at once.
 */
function scheduleFlush(queue: Queue, options: SendOptions): void {
  const { batch, timeoutMs } = options;
  lastOptions.set(queue, options);
  // Nothing to gain from waiting when every operation goes alone anyway.
  if (!batch || !queue.acceptsArrays) return flush(queue, 1, timeoutMs);
  if (queue.queued.length >= batch.max) return flushFull(queue, batch.max, timeoutMs);
  if (holds > 0) return;
  const now = Date.now();
  if (queue.timer === null) queue.openedAt = now;
  else clearTimeout(queue.timer);
  const closesAt = Math.min(now + batch.intervalMs, queue.openedAt + batch.intervalMs * MAX_WINDOWS);
  if (closesAt <= now) return flush(queue, batch.max, timeoutMs);
  queue.timer = setTimeout(() => flush(queue, batch.max, timeoutMs), closesAt - now);
}

/** Sends the full batches; a remainder keeps waiting for its window. */
function flushFull(queue: Queue, max: number, timeoutMs: number): void {
  const remainder = queue.queued.length % max;
  const rest = remainder ? queue.queued.splice(queue.queued.length - remainder) : [];
  flush(queue, max, timeoutMs);
  queue.queued.push(...rest);
  const options = lastOptions.get(queue);
  if (rest.length && options) scheduleFlush(queue, options);
}

function follow(shared: SharedOperation, signal: AbortSignal | undefined): Promise<OperationResult> {
  shared.waiting += 1;
  if (!signal) return shared.result;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      release(shared);
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    shared.result.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function release(shared: SharedOperation): void {
  shared.waiting -= 1;
  if (shared.waiting > 0) return;
  shared.abandoned.abort();
  if (!shared.sent) {
    shared.settle({ error: new DOMException('Nobody waits for this operation.', 'AbortError') });
  }
}

function flush(queue: Queue, max: number, timeoutMs: number): void {
  if (queue.timer !== null) clearTimeout(queue.timer);
  queue.timer = null;
  const ready = queue.queued.splice(0).filter((shared) => !shared.abandoned.signal.aborted);
  const size = queue.acceptsArrays ? max : 1;
  for (let start = 0; start < ready.length; start += size) {
    const chunk = ready.slice(start, start + size);
    if (chunk.length === 1) void sendSingle(queue, chunk[0]!, timeoutMs);
    else void sendBatch(queue, chunk, timeoutMs);
  }
}

/**
 * A client whose request body is ours: graphql-request's batch body has no
 * operationName, and finding one for a single request would parse the query
 * with graphql, which the customer bundles leave out. We know the names.
 */
function createClient(queue: Queue, body: string) {
  return new GraphQLClient(queue.endpoint, {
    headers: queue.headers,
    credentials: 'same-origin',
    // Data and errors both come back; lookup() uses the data where there is any.
    errorPolicy: 'all',
    excludeOperationName: true,
    // Looked up per call so a fetch wrapper the page installs later still applies.
    fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init),
    requestMiddleware: (request) => ({ ...request, body }),
  });
}

async function sendSingle(queue: Queue, shared: SharedOperation, timeoutMs: number): Promise<void> {
  shared.sent = true;
  const { query, variables } = shared.operation;
  const timeout = timeoutSignal(timeoutMs);
  const signal = anySignal([shared.abandoned.signal, timeout]);
  try {
    const response = await createClient(queue, JSON.stringify(shared.operation)).rawRequest({
      query,
      variables,
      signal,
    });
    shared.settle({ result: { data: response.data, errors: response.errors } });
  } catch (error) {
    shared.settle({ error: describeFailure(error, timeoutMs) });
  } finally {
    timeout.clear();
    signal.dispose();
  }
}

async function sendBatch(queue: Queue, chunk: SharedOperation[], timeoutMs: number): Promise<void> {
  for (const shared of chunk) shared.sent = true;
  const everyoneLeft = new AbortController();
  for (const shared of chunk) {
    shared.abandoned.signal.addEventListener(
      'abort',
      () => {
        if (chunk.every((member) => member.abandoned.signal.aborted)) everyoneLeft.abort();
      },
      // The batch's own signal ends these listeners once the request is over.
      { once: true, signal: everyoneLeft.signal },
    );
  }
  const client = createClient(queue, JSON.stringify(chunk.map(({ operation }) => operation)));
  const timeout = timeoutSignal(timeoutMs);
  const signal = anySignal([everyoneLeft.signal, timeout]);
  let answers: unknown;
  try {
    answers = await client.batchRequests({
      documents: chunk.map(({ operation }) => ({ document: operation.query, variables: operation.variables })),
      signal,
    });
  } catch (error) {
    if (!refusesArrays(error)) {
      const failure = describeFailure(error, timeoutMs);
      for (const shared of chunk) shared.settle({ error: failure });
      return;
    }
    answers = null;
  } finally {
    timeout.clear();
    signal.dispose();
    everyoneLeft.abort();
  }
  if (!Array.isArray(answers) || answers.length !== chunk.length) {
    queue.acceptsArrays = false;
    for (const shared of chunk) {
      if (!shared.abandoned.signal.aborted) void sendSingle(queue, shared, timeoutMs);
    }
    return;
  }
  chunk.forEach((shared, index) => {
    const answer = answers[index] as OperationResult;
    shared.settle({ result: { data: answer.data, errors: answer.errors } });
  });
}

/** A 4xx with a JSON object for an array body: the server does not batch. */
function refusesArrays(error: unknown): boolean {
  if (!(error instanceof ClientError)) return false;
  const { status } = error.response;
  return status >= 400 && status < 500 && !Array.isArray(parseJson(error.response.body));
}

function parseJson(text: unknown): unknown {
  try {
    return typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function describeFailure(error: unknown, timeoutMs: number): Error {
  if (error instanceof ClientError) return new LookupError(`request failed: HTTP ${error.response.status}`);
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return new LookupError(`request timed out after ${timeoutMs} ms`);
    if (error.name === 'AbortError') return error;
    if (error instanceof SyntaxError) return new LookupError('invalid response: not JSON');
    if (error instanceof TypeError) return new LookupError(`network error: ${oneLine(error.message)}`);
    // graphql-request's own messages quote the whole body after their first line; the log gets that line.
    return new LookupError(`invalid response: ${oneLine(error.message.replace(/^Invalid execution result: /, ''))}`);
  }
  return new LookupError(`request failed: ${String(error)}`);
}

/** The first line, at most 120 characters: a server's body must not flood the console. */
function oneLine(text: string): string {
  const [first = ''] = text.split(/\r?\n/);
  return first.length > 120 ? `${first.slice(0, 120)}…` : first;
}
