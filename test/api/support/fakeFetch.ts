import { vi } from 'vitest';

/** One request as the page's `fetch` saw it. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  /** The parsed JSON body: one operation object, or an array of them. */
  body: unknown;
  signal: AbortSignal | undefined;
}

/** What the test answers a request with: a Response, or a Promise of one (or a rejection, as fetch would). */
export type Answer = (request: SeenRequest) => Response | Promise<Response>;

/** A JSON answer, as a GraphQL server sends it. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** The variables of every operation a request carried, in order. */
export function operationsOf(request: SeenRequest): Record<string, unknown>[] {
  const operations = Array.isArray(request.body) ? request.body : [request.body];
  return operations.map((operation) => (operation as { variables: Record<string, unknown> }).variables);
}

/**
 * How a fetch rejects once its signal aborts: with the signal's reason, as
 * the Fetch standard says, or with an AbortError of its own, whatever the
 * reason, as WebKit's does (WebKitGTK 2.50, tested in test/engines).
 */
export type AbortsWith = 'reason' | 'own AbortError';

/**
 * Replaces the page's `fetch` (wire.ts looks it up on every request) with
 * `answer`, and records every request. A request whose signal aborts rejects
 * as `abortsWith` says. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeFetch(answer: Answer, abortsWith: AbortsWith = 'reason') {
  const abortError = (signal: AbortSignal) =>
    abortsWith === 'reason' ? (signal.reason as Error) : new DOMException('Fetch is aborted', 'AbortError');
  const requests: SeenRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: SeenRequest = {
      url: input instanceof Request ? input.url : input.toString(),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      credentials: init.credentials,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init.signal ?? undefined,
    };
    requests.push(request);
    const { signal } = request;
    if (signal?.aborted) throw abortError(signal);
    return new Promise<Response>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(abortError(signal)), { once: true });
      Promise.resolve()
        .then(() => answer(request))
        .then(resolve, reject);
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { requests, fetch };
}

/** Answers every operation of a request (one or a batch) with `result(variables)`. */
export function answerEach(result: (variables: Record<string, unknown>) => unknown): Answer {
  return (request) => {
    const answers = operationsOf(request).map(result);
    return json(Array.isArray(request.body) ? answers : answers[0]);
  };
}

/** A GetMaterialDownloadLink answer with one thumbnail at `url`. */
export function thumbnailAnswer(url: string | null) {
  return { data: { materials: [{ dataObjectAssignments: [{ dataObject: { thumbnail: { downloadUrl: url } } }] }] } };
}

/** The article ids of each request, in the order they went out. */
export function articlesPerRequest(requests: readonly SeenRequest[]): unknown[][] {
  return requests.map((request) => operationsOf(request).map((variables) => variables.articleId));
}
