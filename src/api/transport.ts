/** The lookups' state: answers, operations in flight, batch queues, the endpoints that refused arrays, auth. */
import { logError } from '../log.js';
import { reusableUntil } from '../machine/linkExpiry.js';
import type { FoundLink } from '../machine/materialDownload.types.js';
import type { LinkRequest } from '../machine/inputs.js';
import { getConfig, type MaterialDownloadConfig } from './config.js';
import { CLIENT_NAME_HEADERS, graphqlFailure, readLink, toOperation } from './operation.js';
import { abortError, createProviderClock, LookupError, post, stringsIn, tried, withRetry } from './wire.js';
import type { Destination, Operation, OperationResult, ProviderClock } from './wire.js';

/** Everything the lookups of a page share: answers, operations in flight, batch queues, the provider's clock. */
export interface Transport {
  /** Null where the provider has no link; rejects with a LookupError, the retry policy applied for `attempt`. */
  lookup(request: LinkRequest, signal: AbortSignal, attempt: number): Promise<FoundLink | null>;
  /** Sends every queued operation now: the page's starts are over. */
  flush(): void;
  /** Keeps the windows open until the returned release, so work queued over several tasks batches as one. */
  holdBatchWindows(): () => void;
  /** As this transport's answers told it (the debug log reads `aheadBy()`). */
  clock: ProviderClock;
}

/** One operation, shared by every lookup that asks for it while it is in flight. `left`: nobody waits any more. */
type Shared = { operation: Operation; result: Promise<OperationResult>; waiting: number; left?: boolean } & {
  resolve: (result: OperationResult) => void;
  reject: (error: unknown) => void;
  /** Set once sent: aborts the request where everyone in it has left. */
  abandon?: () => void;
};

/** One per endpoint and headers; the latest operation's options apply to all that waits with it. */
type Queue = {
  destination: Destination;
  queued: Shared[];
  rule: MaterialDownloadConfig;
  timer?: ReturnType<typeof setTimeout>;
};

export function createTransport(): Transport {
  const clock = createProviderClock();
  const cache = createAnswerCache(clock);
  const refusals = createBatchRefusals();
  const inFlight = new Map<string, Shared>();
  const queues = new Map<string, Queue>();
  const closedWhileHeld = new Set<Queue>();
  let holds = 0;
  // The configured endpoint and credentials are read once per task (a catalogue connects a thousand elements in one).
  let readFor: MaterialDownloadConfig | undefined;
  let configured = '';
  let auth: Record<string, string> = {};

  const batchSize = ({ rule, destination }: Queue) =>
    rule.batch && !refusals.refuses(destination.endpoint) ? rule.batch.max : 1;

  function flush(queue: Queue, count = queue.queued.length) {
    closedWhileHeld.delete(queue);
    clearTimeout(queue.timer);
    queue.timer = undefined;
    const ready = queue.queued.splice(0, count).filter((shared) => !shared.left);
    const size = batchSize(queue);
    for (let start = 0; start < ready.length; start += size) {
      void send(queue.destination, ready.slice(start, start + size), queue.rule.timeoutMs);
    }
  }

  /** A window opens with a queue's first operation; full batches go at once. */
  function enqueue(destination: Destination, shared: Shared, rule: MaterialDownloadConfig) {
    const key = JSON.stringify(destination);
    const queue = queues.get(key) ?? { destination, queued: [], rule };
    queues.set(key, queue);
    queue.rule = rule;
    const { queued } = queue;
    const size = batchSize(queue);
    if (queued.push(shared) >= size) flush(queue, queued.length - (queued.length % size));
    if (queued.length > 0 && !queue.timer && rule.batch) {
      queue.timer = setTimeout(() => (holds > 0 ? closedWhileHeld.add(queue) : flush(queue)), rule.batch.intervalMs);
    }
  }

  /** A server that does not take arrays gets each operation alone, now and from then on. */
  async function send(destination: Destination, chunk: Shared[], timeoutMs: number): Promise<void> {
    const controller = new AbortController();
    for (const shared of chunk) shared.abandon = () => chunk.every(({ left }) => left) && controller.abort();
    let answers: OperationResult[] | undefined;
    try {
      answers = await post(
        destination,
        chunk.map(({ operation }) => operation),
        { controller, timeoutMs },
        clock,
      );
    } catch (error) {
      return chunk.forEach((shared) => shared.reject(error));
    }
    if (answers) return chunk.forEach((shared, index) => shared.resolve(answers[index]!));
    refusals.remember(destination.endpoint);
    for (const shared of chunk) if (!shared.left) void send(destination, [shared], timeoutMs);
  }

  function share(key: string, operation: Operation, destination: Destination, config: MaterialDownloadConfig) {
    const live = inFlight.get(key);
    if (live && !live.left) return live;
    const shared = { operation, waiting: 0 } as Shared;
    shared.result = new Promise((resolve, reject) => Object.assign(shared, { resolve, reject }));
    inFlight.set(key, shared);
    // A newer operation for the same key may have taken this one's place.
    const forget = () => inFlight.get(key) === shared && inFlight.delete(key);
    shared.result.then((answer) => {
      forget();
      cache.remember(key, answer, config.cacheTtlMs);
    }, forget);
    enqueue(destination, shared, config);
    return shared;
  }

  return {
    async lookup(request, signal, attempt) {
      try {
        if (signal.aborted) throw abortError(signal);
        const config = getConfig();
        if (config !== readFor) {
          configured = resolveEndpoint(config.endpoint);
          auth = readAuthHeaders();
          readFor = config;
          queueMicrotask(() => (readFor = undefined));
        }
        const endpoint = request.endpoint ? resolveEndpoint(request.endpoint) : configured;
        // The customer's credentials go to their configured provider only, however an element spells it.
        const destination = { endpoint, headers: { ...CLIENT_NAME_HEADERS, ...(endpoint === configured && auth) } };
        const operation = toOperation(request);
        // Operations share a request, an answer or a cache entry only with one endpoint and one set of headers.
        const key = JSON.stringify([destination, operation.operationName, operation.variables]);
        const answer =
          cache.get(key, config.cacheTtlMs) ?? (await waitFor(share(key, operation, destination, config), signal));
        const href = readLink(request.kind, answer);
        return href === null ? null : { href, expiresAt: clock.expiryOf(href) };
      } catch (error) {
        throw withRetry(error, attempt, getConfig().retry);
      }
    },
    flush: () => queues.forEach((queue) => flush(queue)),
    holdBatchWindows() {
      holds += 1;
      let held = true;
      return () => {
        if (held && (holds -= 1) === 0) closedWhileHeld.forEach((queue) => flush(queue));
        held = false;
      };
    },
    clock,
  };
}

/** The last one out leaves after this script: a leave and a join in one step (a refresh, then expiry) share it. */
function waitFor(shared: Shared, signal: AbortSignal): Promise<OperationResult> {
  shared.waiting += 1;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      shared.waiting -= 1;
      reject(abortError(signal));
      queueMicrotask(() => {
        if (shared.waiting > 0 || shared.left) return;
        shared.left = true;
        if (shared.abandon) shared.abandon();
        else shared.reject(abortError(signal));
      });
    };
    signal.addEventListener('abort', onAbort, { once: true });
    shared.result.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** One absolute http(s) URL, so two spellings share a queue, a cache and the credentials. */
export function resolveEndpoint(endpoint: string, baseUrl: string | undefined = fetchBaseUrl()): string {
  const invalid = (why: string) => new LookupError(`invalid endpoint "${endpoint}": ${why}`);
  const url = tried(() => new URL(endpoint, baseUrl));
  if (!url) throw invalid('expected an absolute http(s) URL or a path');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('only http and https are supported');
  return url.href;
}

/** The base URL `fetch` resolves a relative URL against (`<base href>` included). */
export const fetchBaseUrl = (): string | undefined => tried(() => new Request('').url);

export const API_KEY_STORAGE_KEY = 'cm-api-key';
export const USER_TOKEN_STORAGE_KEY = 'cm-user-token';

/** An api key wins over a user token; storage that throws is logged, and the request goes without auth. */
export function readAuthHeaders(
  storage: () => Pick<Storage, 'getItem'> | null | undefined = () => globalThis.localStorage,
): Record<string, string> {
  let why: string;
  try {
    const apiKey = storage()?.getItem(API_KEY_STORAGE_KEY);
    const token = apiKey ? null : storage()?.getItem(USER_TOKEN_STORAGE_KEY);
    if (!apiKey && !token) return {};
    const [header, value] = apiKey ? ['api-key', apiKey] : ['authorization', `Bearer ${token}`];
    // fetch throws on control or non-Latin-1 characters in a header; the secret never reaches the log.
    if (/^[\t\x20-\x7e\x80-\xff]*$/.test(value)) return { [header]: value };
    why = `localStorage["${apiKey ? API_KEY_STORAGE_KEY : USER_TOKEN_STORAGE_KEY}"] holds characters an HTTP header cannot carry`;
  } catch (error) {
    why = `cannot read localStorage (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)})`;
  }
  logError(`${why}; sending the request without auth`);
  return {};
}

const MAX_CACHED_ANSWERS = 2000;

export type AnswerCache = ReturnType<typeof createAnswerCache>;

export function createAnswerCache(clock: Pick<ProviderClock, 'expiryOf'>) {
  const answers = new Map<string, { result: OperationResult; storedAt: number; until: number }>();
  return {
    /** Judged by the TTL in force now, and never past the first half of a signed link's life. */
    get(key: string, ttlMs: number): OperationResult | undefined {
      const entry = answers.get(key);
      const now = Date.now();
      if (entry && now - entry.storedAt < ttlMs && now < entry.until) return entry.result;
      answers.delete(key);
    },
    /** Only answers with data and no refusal: a permission granted on the provider counts at the next lookup. */
    remember(key: string, result: OperationResult, ttlMs: number) {
      if (ttlMs <= 0 || result.data == null || graphqlFailure(result.errors)?.reason === 'unauthorized') return;
      // First, so a renewed answer moves to the end, and one near expiry leaves no older one behind.
      answers.delete(key);
      const storedAt = Date.now();
      // Whichever link the readers pick, the cache never outlives it.
      let expiresAt = Infinity;
      for (const text of stringsIn([result.data])) expiresAt = Math.min(expiresAt, clock.expiryOf(text) ?? Infinity);
      const until = reusableUntil(storedAt, expiresAt);
      if (until <= storedAt) return;
      answers.set(key, { result, storedAt, until });
      if (answers.size > MAX_CACHED_ANSWERS) answers.delete(answers.keys().next().value!);
    },
  };
}

/** One key per endpoint: two copies of the element each write theirs, and a customer can delete one. */
export const BATCH_REFUSAL_KEY_PREFIX = 'cm-material-download:no-batch:';

/**
 * Endpoints that refuse arrays (Apollo Server's default, with a 400 the browser logs), for the tab's session. Where
 * storage throws or is full, this page still remembers, silently. Read once per endpoint: the queue asks per operation.
 */
export function createBatchRefusals(
  storage: () => Pick<Storage, 'getItem' | 'setItem'> | null | undefined = () => globalThis.sessionStorage,
) {
  const known = new Map<string, boolean>();
  return {
    refuses(endpoint: string): boolean {
      if (!known.has(endpoint)) {
        known.set(endpoint, tried(() => storage()?.getItem(BATCH_REFUSAL_KEY_PREFIX + endpoint) != null) === true);
      }
      return known.get(endpoint)!;
    },
    remember(endpoint: string) {
      if (known.get(endpoint)) return;
      known.set(endpoint, true);
      tried(() => storage()?.setItem(BATCH_REFUSAL_KEY_PREFIX + endpoint, '1'));
    },
  };
}
