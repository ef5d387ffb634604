import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toOperation } from '../../src/api/operation';
import {
  abortError,
  createProviderClock,
  LookupError,
  post,
  type Destination,
  type Operation,
  type ProviderClock,
} from '../../src/api/wire';
import { fakeFetch, json, thumbnailAnswer, type Answer } from './support/fakeFetch';
import { thumbnailRequest } from './support/transportFixtures';

/** A GetMaterialDownloadLink operation for `articleId`. */
const operation = (articleId: string) => toOperation(thumbnailRequest(articleId));

/**
 * One request on the wire, against a fake `fetch`: what is sent, and how each
 * kind of answer or failure comes back. The real provider over HTTP is in
 * transport.test.ts; here each answer is exactly the one a case needs.
 */

type Limits = Parameters<typeof post>[2];

/** One operation goes as a JSON object: it always has an answer, or a rejection. */
const postOperation = async (to: Destination, operation: Operation, within: Limits, heard: ProviderClock) =>
  (await post(to, [operation], within, heard))![0]!;
/** Several go as a JSON array. */
const postBatch = post;

const destination = {
  endpoint: 'https://api.example/graphql',
  headers: { 'apollographql-client-name': 'web-components', 'api-key': 'k-1' },
};
const limits = (timeoutMs = 30_000, controller = new AbortController()) => ({ controller, timeoutMs });
/** What hears of the answers' timing: a provider clock of the file's own. */
const clock = createProviderClock();

/** The error `postOperation` rejects with when the server answers `answer`. */
async function failureOf(answer: Answer, timeoutMs?: number): Promise<LookupError> {
  fakeFetch(answer);
  const error = await postOperation(destination, operation('A-100'), limits(timeoutMs), clock).then(
    () => expect.unreachable('expected a rejection'),
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(LookupError);
  return error as LookupError;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('postOperation sends', () => {
  it('one POST of the operation as a JSON object, with its name, to the endpoint, with the headers', async () => {
    const { requests } = fakeFetch(() => json(thumbnailAnswer('https://files.example/a.png')));
    await postOperation(destination, operation('A-100'), limits(), clock);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.url).toBe('https://api.example/graphql');
    expect(request!.method).toBe('POST');
    expect(request!.body).toEqual(operation('A-100'));
    expect(request!.headers.get('content-type')).toMatch(/^application\/json/);
    expect(request!.headers.get('apollographql-client-name')).toBe('web-components');
    expect(request!.headers.get('api-key')).toBe('k-1');
  });

  it('an Accept header for both media types GraphQL over HTTP answers in', async () => {
    const { requests } = fakeFetch(() => json(thumbnailAnswer(null)));
    await postOperation(destination, operation('A-100'), limits(), clock);
    expect(requests[0]!.headers.get('accept')).toBe('application/graphql-response+json, application/json');
  });

  it('no cookies to another origin', async () => {
    const { requests } = fakeFetch(() => json(thumbnailAnswer(null)));
    await postOperation(destination, operation('A-100'), limits(), clock);
    expect(requests[0]!.credentials).toBe('same-origin');
  });

  it('through the fetch the page has at the time of the request', async () => {
    fakeFetch(() => json(thumbnailAnswer('https://files.example/first.png')));
    await postOperation(destination, operation('A-100'), limits(), clock);
    const { requests } = fakeFetch(() => json(thumbnailAnswer('https://files.example/second.png')));
    expect(await postOperation(destination, operation('A-100'), limits(), clock)).toEqual(
      thumbnailAnswer('https://files.example/second.png'),
    );
    expect(requests).toHaveLength(1);
  });
});

describe('postOperation answers', () => {
  it('with the data', async () => {
    fakeFetch(() => json(thumbnailAnswer('https://files.example/a.png')));
    expect(await postOperation(destination, operation('A-100'), limits(), clock)).toEqual({
      data: thumbnailAnswer('https://files.example/a.png').data,
      errors: undefined,
    });
  });

  it('with data and GraphQL errors side by side (error policy "all")', async () => {
    const partial = { ...thumbnailAnswer('https://files.example/a.png'), errors: [{ message: 'Partial failure' }] };
    fakeFetch(() => json(partial));
    expect(await postOperation(destination, operation('A-100'), limits(), clock)).toEqual(partial);
  });

  it('read alike when it comes as application/graphql-response+json', async () => {
    const answer = thumbnailAnswer('https://files.example/a.png');
    fakeFetch(
      () => new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/graphql-response+json' } }),
    );
    expect(await postOperation(destination, operation('A-100'), limits(), clock)).toEqual(answer);
  });

  it('with GraphQL errors alone, for the lookup to report', async () => {
    fakeFetch(() => json({ errors: [{ message: 'Internal failure' }] }));
    expect(await postOperation(destination, operation('A-100'), limits(), clock)).toEqual({
      data: undefined,
      errors: [{ message: 'Internal failure' }],
    });
  });
});

describe('postOperation rejects with what went wrong', () => {
  it.each([429, 502, 503, 504])('HTTP %i: worth another try', async (status) => {
    const error = await failureOf(() => json({ message: 'busy' }, status));
    expect(error.message).toBe(`request failed: HTTP ${status}`);
    expect(error.transient).toBe(true);
  });

  it.each([400, 401, 403, 404, 500, 501])('HTTP %i: not worth another try', async (status) => {
    const error = await failureOf(() => new Response('<h1>no</h1>', { status, headers: { 'retry-after': '1' } }));
    expect(error.message).toBe(`request failed: HTTP ${status}`);
    expect(error.transient).toBe(false);
    expect(error.retryAfterMs).toBeUndefined();
  });

  it.each([
    ['seconds', '3', 3000],
    ['no wait', '0', 0],
  ])("a 503's Retry-After in %s", async (_, retryAfter, ms) => {
    const error = await failureOf(() => json({}, 503, { 'retry-after': retryAfter }));
    expect(error.retryAfterMs).toBe(ms);
  });

  it('a Retry-After that only ends in an HTTP date is unreadable: no wait of its own', async () => {
    const error = await failureOf(() => json({}, 503, { 'retry-after': 'soon, Tue, 01 Jan 2030 00:00:05 GMT' }));
    expect(error.retryAfterMs).toBeUndefined();
  });

  it('a 429 without Retry-After says no wait of its own', async () => {
    const error = await failureOf(() => json({}, 429));
    expect(error.retryAfterMs).toBeUndefined();
  });

  it('a network failure: worth another try, on one line', async () => {
    const error = await failureOf(() => Promise.reject(new TypeError('fetch failed\ncaused by: ECONNRESET')));
    expect(error.message).toBe('network error: fetch failed');
    expect(error.transient).toBe(true);
  });

  it('a long first line is cut at 120 characters', async () => {
    const long = 'x'.repeat(130);
    expect((await failureOf(() => Promise.reject(new TypeError(long)))).message).toBe(
      `network error: ${'x'.repeat(120)}…`,
    );
    const fits = 'y'.repeat(120);
    expect((await failureOf(() => Promise.reject(new TypeError(`${fits}\r\nmore`)))).message).toBe(
      `network error: ${fits}`,
    );
  });

  it('a body that is not JSON: not worth another try', async () => {
    const error = await failureOf(
      () => new Response('{"data": {', { headers: { 'content-type': 'application/json' } }),
    );
    expect(error.message).toBe('invalid response: not JSON');
    expect(error.transient).toBe(false);
  });

  it.each([
    [
      'an HTML page',
      () => new Response('<!doctype html><title>Shop</title>', { headers: { 'content-type': 'text/html' } }),
    ],
    [
      'JSON that does not say it is JSON',
      () => new Response('{"data": {}}', { headers: { 'content-type': 'text/plain' } }),
    ],
    ['no content type at all', () => new Response(new Blob(['{"data": {}}']))],
  ])('%s: not JSON', async (_, answer) => {
    expect((await failureOf(answer)).message).toBe('invalid response: not JSON');
  });

  it.each([
    ['a string', 'not an answer', 'not a GraphQL result'],
    ['null', null, 'not a GraphQL result'],
    ['a list', [thumbnailAnswer(null)], 'not a GraphQL result'],
    ['errors that are not a list', { errors: { message: 'Internal failure' } }, 'errors is not a list'],
    ['data that is a list', { data: [] }, 'data is not an object'],
    ['data that is a string', { data: 'materials' }, 'data is not an object'],
  ])('JSON that is no GraphQL result (%s): says what, and is not worth another try', async (_, body, what) => {
    const error = await failureOf(() => json(body));
    expect(error.message).toBe(`invalid response: ${what}`);
    expect(error.transient).toBe(false);
  });

  it("a page's fetch wrapper that rejects with an Error of its own: its first line", async () => {
    const error = await failureOf(() => Promise.reject(new Error('proxy refused\nstack')));
    expect(error.message).toBe('request failed: proxy refused');
    expect(error.transient).toBe(false);
  });

  it('a failure that is not even an Error', async () => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a non-Error is the case under test
    const error = await failureOf(() => Promise.reject('socket gone'));
    expect(error.message).toBe('request failed: socket gone');
    expect(error.transient).toBe(false);
  });

  it('no answer within timeoutMs: timed out, and not worth another try', async () => {
    const error = await failureOf(() => new Promise<Response>(() => {}), 20);
    expect(error.message).toBe('request timed out after 20 ms');
    expect(error.transient).toBe(false);
  });

  it.each(['reason', 'own AbortError'] as const)(
    "the caller's abort, from a fetch that rejects with its %s: the caller's AbortError, not a LookupError",
    async (abortsWith) => {
      fakeFetch(() => new Promise<Response>(() => {}), abortsWith);
      const caller = new AbortController();
      const sent = postOperation(destination, operation('A-100'), limits(30_000, caller), clock);
      caller.abort(new DOMException('left', 'AbortError'));
      const error = await sent.catch((rejection: unknown) => rejection);
      expect(error).not.toBeInstanceOf(LookupError);
      expect(error).toMatchObject({ name: 'AbortError', message: 'left' });
    },
  );

  it("a caller's controller aborted before the request: rejected with its reason, leaving no timer", async () => {
    vi.useFakeTimers();
    fakeFetch(() => new Promise<Response>(() => {}));
    const left = new DOMException('left', 'AbortError');
    const caller = new AbortController();
    caller.abort(left);
    const error = await postOperation(destination, operation('A-100'), limits(30_000, caller), clock).catch(
      (rejection: unknown) => rejection,
    );
    expect(error).toBe(left);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('no answer within timeoutMs, from a fetch that rejects with an AbortError of its own (WebKit): timed out', async () => {
    fakeFetch(() => new Promise<Response>(() => {}), 'own AbortError');
    const error = await postOperation(destination, operation('A-100'), limits(20), clock).catch(
      (rejection: unknown) => rejection,
    );
    expect(error).toMatchObject({ message: 'request timed out after 20 ms', transient: false });
  });
});

describe('a request leaves nothing behind', () => {
  it.each([
    ['answered', () => json(thumbnailAnswer(null))],
    ['failed', () => json({}, 500)],
  ])('once %s: no timer, no listener left on the caller’s signal', async (_, answer) => {
    vi.useFakeTimers();
    fakeFetch(answer);
    const caller = new AbortController();
    await postOperation(destination, operation('A-100'), limits(30_000, caller), clock).catch(() => {});
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });

  it('a batch as well', async () => {
    vi.useFakeTimers();
    fakeFetch(() => json([thumbnailAnswer(null), thumbnailAnswer(null)]));
    const caller = new AbortController();
    await postBatch(destination, [operation('A-100'), operation('A-101')], limits(30_000, caller), clock);
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });
});

describe('postBatch', () => {
  const two = [operation('A-100'), operation('A-101')];

  it('sends the operations as one JSON array, with their names', async () => {
    const { requests } = fakeFetch(() => json([thumbnailAnswer(null), thumbnailAnswer(null)]));
    await postBatch(destination, two, limits(), clock);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toEqual(two);
    expect(requests[0]!.credentials).toBe('same-origin');
    expect(requests[0]!.headers.get('api-key')).toBe('k-1');
  });

  it('answers each operation with its own answer, in order, errors beside data', async () => {
    const first = thumbnailAnswer('https://files.example/a.png');
    const second = { errors: [{ message: 'Internal failure' }] };
    fakeFetch(() => json([first, second]));
    expect(await postBatch(destination, two, limits(), clock)).toEqual([
      { data: first.data, errors: undefined },
      { data: undefined, errors: second.errors },
    ]);
  });

  it.each([
    ['a 400 with a JSON object', () => json({ errors: [{ message: 'Must provide query string.' }] }, 400)],
    ['a 400 with HTML', () => new Response('<h1>Bad Request</h1>', { status: 400 })],
    ['an object instead of an array', () => json(thumbnailAnswer(null))],
    ['an array of another length', () => json([thumbnailAnswer(null)])],
  ])('says the server does not take arrays (undefined) for %s', async (_, answer) => {
    fakeFetch(answer);
    expect(await postBatch(destination, two, limits(), clock)).toBeUndefined();
  });

  it.each([
    ['a 400 with a JSON array: the request, not its shape, was refused', () => json([{}, {}], 400), 'HTTP 400'],
    ['a 500', () => json({ message: 'down' }, 500), 'HTTP 500'],
    ['a 503', () => json({ message: 'busy' }, 503), 'HTTP 503'],
    ['a 429', () => json({ message: 'slow down' }, 429), 'HTTP 429'],
  ])('fails the batch for %s', async (_, answer, status) => {
    fakeFetch(answer);
    const error = await postBatch(destination, two, limits(), clock).catch((rejection: unknown) => rejection);
    expect(error).toBeInstanceOf(LookupError);
    expect((error as Error).message).toBe(`request failed: ${status}`);
  });

  it('fails the batch for an answer in it that is no GraphQL result', async () => {
    fakeFetch(() => json([thumbnailAnswer(null), 'not an answer']));
    const error = await postBatch(destination, two, limits(), clock).catch((rejection: unknown) => rejection);
    expect(error).toMatchObject({ message: 'invalid response: not a GraphQL result', transient: false });
  });

  it('fails the batch for a 200 that is not JSON', async () => {
    fakeFetch(() => new Response('<h1>Shop</h1>', { headers: { 'content-type': 'text/html' } }));
    const error = await postBatch(destination, two, limits(), clock).catch((rejection: unknown) => rejection);
    expect(error).toMatchObject({ message: 'invalid response: not JSON' });
  });

  it('fails the batch on a network error', async () => {
    fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    const error = await postBatch(destination, two, limits(), clock).catch((rejection: unknown) => rejection);
    expect(error).toMatchObject({ message: 'network error: fetch failed', transient: true });
  });

  it.each(['reason', 'own AbortError'] as const)(
    'times out like a single request, from a fetch that rejects with its %s',
    async (abortsWith) => {
      fakeFetch(() => new Promise<Response>(() => {}), abortsWith);
      const error = await postBatch(destination, two, limits(20), clock).catch((rejection: unknown) => rejection);
      expect(error).toMatchObject({ message: 'request timed out after 20 ms' });
    },
  );
});

describe('abortError', () => {
  it("is the signal's reason", () => {
    expect(abortError(AbortSignal.abort('element removed'))).toBe('element removed');
    const controller = new AbortController();
    controller.abort();
    expect(abortError(controller.signal)).toBe(controller.signal.reason);
  });

  it('is an AbortError where a signal gives no reason', () => {
    const noReason = { aborted: true, reason: undefined } as AbortSignal;
    expect(abortError(noReason)).toMatchObject({ name: 'AbortError', message: 'The operation was aborted.' });
  });
});
