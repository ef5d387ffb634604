/** The lookups' state: answers in flight and kept, batch queues, the endpoints that refused arrays, auth. */
import { logError } from '../log.js';
import { reusableUntil } from '../machine/linkExpiry.js';
import type { FoundLink } from '../machine/materialDownload.types.js';
import type { LinkRequest } from '../machine/inputs.js';
import { getConfig, type MaterialDownloadConfig } from './config.js';
import { graphqlFailure, readLink, toOperation } from './operation.js';
import { abortError, createProviderClock, LookupError, post, stringsIn, tried, withRetry } from './wire.js';
import type { Destination, Operation, OperationResult, ProviderClock } from './wire.js';

export interface Transport {
  /** Null where the provider has no link; rejects with a LookupError, the retry policy applied for `attempt`. */
  lookup(request: LinkRequest, signal: AbortSignal, attempt: number): Promise<FoundLink | null>;
  /** Sends every queued operation now: the page's starts are over. */
  flush(): void;
  forget(): void;
  /** Keeps the windows open until the returned release, so work queued over several tasks batches as one. */
  holdBatchWindows(): () => void;
  clock: ProviderClock;
}

/** One operation's answer for every lookup of its key: shared in flight (`left` once nobody waits), then `kept`. */
type Entry = { operation: Operation; result: Promise<OperationResult>; waiting: number; left?: boolean } & {
  resolve: (result: OperationResult) => void;
  reject: (error: unknown) => void;
  /** Set once sent: aborts the request where everyone in it has left. */
  abandon?: () => void;
  kept?: { answer: OperationResult; storedAt: number; until: number };
};

/** One per endpoint and headers; the latest operation's options apply to all that waits with it. */
type Queue = { destination: Destination; queued: Entry[]; rule: MaterialDownloadConfig; timer?: Timer };
type Timer = ReturnType<typeof setTimeout>;

const MAX_KEPT_ANSWERS = 2000;
/** One key per endpoint: two copies of the element each write theirs, and a customer can delete one. */
const refusalKey = (endpoint: string) => `cm-material-download:no-batch:${endpoint}`;

export function createTransport(): Transport {
  const clock = createProviderClock();
  const entries = new Map<string, Entry>();
  const queues = new Map<string, Queue>();
  const closedWhileHeld = new Set<Queue>();
  let holds = 0;
  // Read once per task: a catalogue connects a thousand elements in one.
  let read: { config: MaterialDownloadConfig; endpoint: string; auth: Record<string, string> } | undefined;
  // Endpoints that refuse arrays (Apollo Server's default) for the tab's session; where storage throws, for the page's.
  const refusing: Record<string, boolean> = {};
  const refuses = (endpoint: string) =>
    (refusing[endpoint] ??= tried(() => sessionStorage.getItem(refusalKey(endpoint))) != null);
  const batchSize = ({ rule, destination }: Queue) =>
    rule.batch && !refuses(destination.endpoint) ? rule.batch.max : 1;
  function flush(queue: Queue, count = queue.queued.length) {
    closedWhileHeld.delete(queue);
    clearTimeout(queue.timer);
    queue.timer = undefined;
    const ready = queue.queued.splice(0, count).filter((entry) => !entry.left);
    const size = batchSize(queue);
    for (let start = 0; start < ready.length; start += size) {
      void send(queue.destination, ready.slice(start, start + size), queue.rule.timeoutMs);
    }
  }

  /** A window opens with a queue's first operation; full batches go at once. */
  function enqueue(destination: Destination, entry: Entry, rule: MaterialDownloadConfig) {
    const key = JSON.stringify(destination);
    const queue = queues.get(key) ?? { destination, queued: [], rule };
    queues.set(key, Object.assign(queue, { rule }));
    const { queued } = queue;
    const size = batchSize(queue);
    if (queued.push(entry) >= size) flush(queue, queued.length - (queued.length % size));
    if (queued.length > 0 && !queue.timer && rule.batch) {
      queue.timer = setTimeout(() => (holds > 0 ? closedWhileHeld.add(queue) : flush(queue)), rule.batch.intervalMs);
    }
  }

  /** A server that does not take arrays gets each operation alone, now and from then on. */
  async function send(destination: Destination, chunk: Entry[], timeoutMs: number): Promise<void> {
    const controller = new AbortController();
    for (const entry of chunk) entry.abandon = () => chunk.every(({ left }) => left) && controller.abort();
    const operations = chunk.map((entry) => entry.operation);
    try {
      const results = await post(destination, operations, { controller, timeoutMs }, clock);
      if (results) return chunk.forEach((entry, index) => entry.resolve(results[index]!));
    } catch (error) {
      return chunk.forEach((entry) => entry.reject(error));
    }
    if (!refuses(destination.endpoint)) tried(() => sessionStorage.setItem(refusalKey(destination.endpoint), '1'));
    refusing[destination.endpoint] = true;
    for (const entry of chunk) if (!entry.left) void send(destination, [entry], timeoutMs);
  }

  // Not a refusal: a permission granted counts at the next lookup. Never past half the life of its first link to expire.
  function keep(key: string, entry: Entry, answer: OperationResult, ttlMs: number) {
    if (ttlMs <= 0 || answer.data == null || graphqlFailure(answer.errors)?.reason === 'unauthorized') return;
    const storedAt = Date.now();
    let expiresAt = Infinity;
    for (const text of stringsIn([answer.data])) expiresAt = Math.min(expiresAt, clock.expiryOf(text) ?? Infinity);
    const until = reusableUntil(storedAt, expiresAt);
    if (until <= storedAt) return;
    entries.set(key, Object.assign(entry, { kept: { answer, storedAt, until } }));
    if (entries.size > MAX_KEPT_ANSWERS) for (const [old, { kept }] of entries) if (kept && entries.delete(old)) break;
  }

  function keptAnswer(key: string, ttlMs: number) {
    const { kept } = entries.get(key) ?? {};
    const now = Date.now();
    return kept && now - kept.storedAt < ttlMs && now < kept.until ? kept.answer : undefined;
  }

  function share(key: string, operation: Operation, destination: Destination, config: MaterialDownloadConfig) {
    const live = entries.get(key);
    if (live && !live.kept && !live.left) return live;
    const entry = { operation, waiting: 0 } as Entry;
    entry.result = new Promise((resolve, reject) => Object.assign(entry, { resolve, reject }));
    entries.set(key, entry);
    // A newer operation may have taken this one's place; one kept goes back in last.
    const forget = () => entries.get(key) === entry && entries.delete(key);
    entry.result.then((answer) => forget() && keep(key, entry, answer, config.cacheTtlMs), forget);
    enqueue(destination, entry, config);
    return entry;
  }

  return {
    async lookup(request, signal, attempt) {
      try {
        if (signal.aborted) throw abortError(signal);
        const config = getConfig();
        if (read?.config !== config) {
          read = { config, endpoint: resolveEndpoint(config.endpoint), auth: readAuthHeaders() };
          queueMicrotask(() => (read = undefined));
        }
        const endpoint = request.endpoint ? resolveEndpoint(request.endpoint) : read.endpoint;
        // The customer's credentials go to their configured provider only, however an element spells it.
        const destination = { endpoint, headers: endpoint === read.endpoint ? read.auth : {} };
        const operation = toOperation(request);
        const key = JSON.stringify([destination, operation.operationName, operation.variables]);
        const answer =
          keptAnswer(key, config.cacheTtlMs) ?? (await waitFor(share(key, operation, destination, config), signal));
        const href = readLink(request.kind, answer);
        return href === null ? null : { href, expiresAt: clock.expiryOf(href) };
      } catch (error) {
        throw withRetry(error, attempt, getConfig().retry);
      }
    },
    flush: () => queues.forEach((queue) => flush(queue)),
    forget() {
      entries.clear();
      read = undefined;
    },
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
function waitFor(entry: Entry, signal: AbortSignal): Promise<OperationResult> {
  entry.waiting += 1;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      entry.waiting -= 1;
      reject(abortError(signal));
      queueMicrotask(() => {
        if (entry.waiting > 0 || entry.left) return;
        entry.left = true;
        if (entry.abandon) entry.abandon();
        else entry.reject(abortError(signal));
      });
    };
    signal.addEventListener('abort', onAbort, { once: true });
    entry.result.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** One absolute http(s) URL, so two spellings share a queue, a cache and the credentials. */
export function resolveEndpoint(endpoint: string, base = tried(() => new Request('').url)): string {
  const invalid = (why: string) => new LookupError(`invalid endpoint "${endpoint}": ${why}`);
  // The base `fetch` resolves a relative URL against (`<base href>` included).
  const url = tried(() => new URL(endpoint, base));
  if (!url) throw invalid('expected an absolute http(s) URL or a path');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('only http and https are supported');
  return url.href;
}

const API_KEY = 'cm-api-key';
const USER_TOKEN = 'cm-user-token';
/** Where the page keeps the visitor's credentials (docs/provider.md, "Requests and auth"). */
export const CREDENTIAL_KEYS: readonly string[] = [API_KEY, USER_TOKEN];

/** An api key wins over a user token; storage that throws is logged, and the request goes without auth. */
export function readAuthHeaders(): Record<string, string> {
  let why: string;
  try {
    const apiKey = globalThis.localStorage?.getItem(API_KEY);
    const token = apiKey ? null : globalThis.localStorage?.getItem(USER_TOKEN);
    if (!apiKey && !token) return {};
    const [header, value] = apiKey ? ['api-key', apiKey] : ['authorization', `Bearer ${token}`];
    // fetch throws on control or non-Latin-1 characters in a header; the secret never reaches the log.
    if (/^[\t\x20-\x7e\x80-\xff]*$/.test(value)) return { [header]: value };
    why = `localStorage["${apiKey ? API_KEY : USER_TOKEN}"] holds characters an HTTP header cannot carry`;
  } catch (error) {
    why = `cannot read localStorage (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)})`;
  }
  logError(`${why}; sending the request without auth`);
  return {};
}
