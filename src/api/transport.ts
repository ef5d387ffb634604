import { logError } from '../log.js';
import { reusableUntil } from '../machine/linkExpiry.js';
import type { FoundLink } from '../machine/materialDownload.types.js';
import type { LinkRequest } from '../machine/inputs.js';
import { createBatchQueues, createBatchRefusals, type SharedOperation } from './batchQueue.js';
import { getConfig, type MaterialDownloadConfig } from './config.js';
import { CLIENT_NAME_HEADERS, toOperation, type Operation, type OperationResult } from './operation.js';
import { graphqlFailure, readLink } from './readers.js';
import {
  abortError,
  createProviderClock,
  LookupError,
  stringsIn,
  tried,
  withRetry,
  type Destination,
  type ProviderClock,
} from './wire.js';

/** Everything the lookups of a page share: answers, operations in flight, batch queues, the provider's clock. */
export interface Transport {
  /** Null where the provider has no link; rejects with a LookupError, the retry policy applied for `attempt`. */
  lookup(request: LinkRequest, signal: AbortSignal, attempt: number): Promise<FoundLink | null>;
  /** Sends every queued operation now: the page's starts are over. */
  flush(): void;
  holdBatchWindows(): () => void;
  /** As this transport's answers told it (the debug log reads `aheadBy()`). */
  clock: ProviderClock;
}

export function createTransport(): Transport {
  const clock = createProviderClock();
  const cache = createAnswerCache(clock);
  const queues = createBatchQueues(createBatchRefusals(), clock);
  const inFlight = new Map<string, SharedOperation>();
  const destinationFor = createDestinations();

  function share(key: string, operation: Operation, destination: Destination, config: MaterialDownloadConfig) {
    const live = inFlight.get(key);
    if (live && !live.abandoned.signal.aborted) return live;
    const shared = { operation, waiting: 0, abandoned: new AbortController(), sent: false };
    const result = new Promise<OperationResult>((resolve, reject) => Object.assign(shared, { resolve, reject }));
    const started = Object.assign(shared, { result }) as SharedOperation;
    inFlight.set(key, started);
    // A newer operation for the same key may have taken this one's place.
    const forget = () => inFlight.get(key) === started && inFlight.delete(key);
    result.then((answer) => {
      forget();
      cache.remember(key, answer, config.cacheTtlMs);
    }, forget);
    queues.enqueue(destination, started, config);
    return started;
  }

  return {
    async lookup(request, signal, attempt) {
      try {
        if (signal.aborted) throw abortError(signal);
        const config = getConfig();
        const destination = destinationFor(request, config);
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
    flush: () => queues.flush(),
    holdBatchWindows: () => queues.hold(),
    clock,
  };
}

/** The last one out abandons after this script: a leave and a join in one step (a refresh, then expiry) share it. */
function waitFor(shared: SharedOperation, signal: AbortSignal): Promise<OperationResult> {
  shared.waiting += 1;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      shared.waiting -= 1;
      reject(abortError(signal));
      queueMicrotask(() => {
        if (shared.waiting > 0 || shared.abandoned.signal.aborted) return;
        shared.abandoned.abort();
        if (!shared.sent) shared.reject(abortError(shared.abandoned.signal));
      });
    };
    signal.addEventListener('abort', onAbort, { once: true });
    shared.result.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The configured endpoint and credentials are read once per task (a catalogue connects a thousand elements in one). */
function createDestinations(): (request: LinkRequest, config: MaterialDownloadConfig) => Destination {
  let readFor: MaterialDownloadConfig | undefined;
  let configured = '';
  let auth: Record<string, string> = {};
  return (request, config) => {
    if (config !== readFor) {
      configured = resolveEndpoint(config.endpoint);
      auth = readAuthHeaders();
      readFor = config;
      queueMicrotask(() => (readFor = undefined));
    }
    const endpoint = request.endpoint ? resolveEndpoint(request.endpoint) : configured;
    // The customer's credentials go to their configured provider only, however an element spells it.
    return { endpoint, headers: { ...CLIENT_NAME_HEADERS, ...(endpoint === configured ? auth : {}) } };
  };
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
  storage: () => Pick<Storage, 'getItem'> | null | undefined = () =>
    typeof localStorage === 'undefined' ? null : localStorage,
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

export interface AnswerCache {
  /** Judged by the TTL in force now, and never past the first half of a signed link's life. */
  get(key: string, ttlMs: number): OperationResult | undefined;
  /** Only answers with data and no refusal: a permission granted on the provider counts at the next lookup. */
  remember(key: string, result: OperationResult, ttlMs: number): void;
}

export function createAnswerCache(clock: Pick<ProviderClock, 'expiryOf'>): AnswerCache {
  const answers = new Map<string, { result: OperationResult; storedAt: number; reusableUntil: number }>();
  return {
    get(key, ttlMs) {
      const entry = answers.get(key);
      const now = Date.now();
      if (entry && now - entry.storedAt < ttlMs && now < entry.reusableUntil) return entry.result;
      answers.delete(key);
      return undefined;
    },
    remember(key, result, ttlMs) {
      if (ttlMs <= 0 || result.data == null || graphqlFailure(result.errors)?.reason === 'unauthorized') return;
      // First, so a renewed answer moves to the end, and one near expiry leaves no older one behind.
      answers.delete(key);
      const storedAt = Date.now();
      // Whichever link the readers pick, the cache never outlives it.
      let expiresAt = Infinity;
      for (const text of stringsIn([result.data])) expiresAt = Math.min(expiresAt, clock.expiryOf(text) ?? Infinity);
      const until = reusableUntil(storedAt, expiresAt);
      if (until <= storedAt) return;
      answers.set(key, { result, storedAt, reusableUntil: until });
      if (answers.size > MAX_CACHED_ANSWERS) answers.delete(answers.keys().next().value!);
    },
  };
}
