import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { configureTransport } from '../../src/api';
import { createBatchQueues } from '../../src/api/batchQueue';
import { BATCH_REFUSAL_KEY_PREFIX, createBatchRefusals } from '../../src/api/batchQueue';
import { createProviderClock } from '../../src/api/providerClock';
import { createOperationSharing } from '../../src/api/transport';
import type { Operation, SendOptions } from '../../src/api/transport';
import { articlesPerRequest, fakeFetch, json, thumbnailAnswer, type Answer } from './support/fakeFetch';
import {
  answerLinks,
  freshSendOptions,
  linkAnswerOf,
  thumbnailOperation as operation,
  useFakeClock,
} from './support/transportFixtures';

/**
 * When operations go out, and together with which, on a fake clock against a
 * fake `fetch`: every window edge to the millisecond. transport.test.ts has
 * the same rules against the real provider over HTTP.
 */

const freshOptions = (batch: SendOptions['batch'], overrides: Partial<SendOptions> = {}) =>
  freshSendOptions({ batch, ...overrides });
const { elapse, transport } = useFakeClock();
const sendOperation = (operation: Operation, options: SendOptions) => transport().sendOperation(operation, options);

/** Queues an operation for each of `articleIds` in one task, then lets `thenMs` pass. */
async function sendEach(articleIds: string[], options: SendOptions, thenMs: number) {
  for (const articleId of articleIds) void sendOperation(operation(articleId), options);
  await elapse(thenMs);
}

describe('the batch window', () => {
  it('sends a lone operation intervalMs after it arrived, not before', async () => {
    const { requests } = fakeFetch(answerLinks);
    const result = sendOperation(operation('A-1'), freshOptions({ intervalMs: 30, max: 10 }));
    await elapse(29);
    expect(requests).toHaveLength(0);
    await elapse(1);
    expect(articlesPerRequest(requests)).toEqual([['A-1']]);
    expect(Array.isArray(requests[0]!.body)).toBe(false);
    expect(await result).toEqual(linkAnswerOf('A-1'));
  });

  it('closes intervalMs after the latest operation', async () => {
    const { requests } = fakeFetch(answerLinks);
    const options = freshOptions({ intervalMs: 30, max: 10 });
    void sendOperation(operation('A-1'), options);
    await elapse(20);
    void sendOperation(operation('A-2'), options);
    await elapse(29);
    expect(requests).toHaveLength(0);
    await elapse(1);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2']]);
  });

  it('closes at the latest five intervals after the first operation, however steadily they arrive', async () => {
    const { requests } = fakeFetch(answerLinks);
    const options = freshOptions({ intervalMs: 30, max: 100 });
    // One every 20 ms: each would keep a window of 30 ms open on its own.
    for (let index = 0; index < 8; index += 1) {
      void sendOperation(operation(`A-${index}`), options);
      await elapse(20);
    }
    // 160 ms after the first: the window closed at 150 with the eight that came by then.
    expect(articlesPerRequest(requests)).toEqual([['A-0', 'A-1', 'A-2', 'A-3', 'A-4', 'A-5', 'A-6', 'A-7']]);
  });

  it('held open (holdBatchWindows), a window closes on release, not on its timer; full batches still go at once', async () => {
    const { requests } = fakeFetch(answerLinks);
    const options = freshOptions({ intervalMs: 30, max: 3 });
    const release = transport().holdBatchWindows();
    await sendEach(['A-1', 'A-2'], options, 200);
    expect(requests).toHaveLength(0);
    await sendEach(['A-3', 'A-4'], options, 200);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2', 'A-3']]);

    release();
    await elapse(0);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2', 'A-3'], ['A-4']]);
    // Released for good: a second call does not release another hold.
    const other = transport().holdBatchWindows();
    release();
    await sendEach(['A-5'], options, 30);
    expect(articlesPerRequest(requests)).toHaveLength(2);
    other();
    await elapse(0);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2', 'A-3'], ['A-4'], ['A-5']]);
  });

  it('sendQueued sends what waits at once, held or not, in batches of max; the next operation opens a window of its own', async () => {
    const { requests } = fakeFetch(answerLinks);
    const options = freshOptions({ intervalMs: 30, max: 2 });
    const release = transport().holdBatchWindows();
    for (const articleId of ['A-1', 'A-2', 'A-3']) void sendOperation(operation(articleId), options);
    await elapse(0);
    // The full batch went as it filled; the rest waits for its window, which the hold keeps open.
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2']]);
    transport().sendQueued();
    await elapse(0);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2'], ['A-3']]);
    // Nothing waits: sending again sends nothing, and the release finds nothing left.
    transport().sendQueued();
    release();
    await elapse(0);
    expect(requests).toHaveLength(2);
    await sendEach(['A-4'], options, 29);
    expect(requests).toHaveLength(2);
    await elapse(1);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2'], ['A-3'], ['A-4']]);
  });

  it('the five intervals are counted from the first operation of each window', async () => {
    const { requests } = fakeFetch(answerLinks);
    const options = freshOptions({ intervalMs: 30, max: 100 });
    void sendOperation(operation('A-1'), options);
    await elapse(30);
    expect(requests).toHaveLength(1);
    await elapse(100);
    void sendOperation(operation('A-2'), options);
    await elapse(29);
    expect(requests).toHaveLength(1);
    await elapse(1);
    expect(articlesPerRequest(requests)).toEqual([['A-1'], ['A-2']]);
  });

  it('operations queued in one task share the window even when that task outlasts it', async () => {
    const { requests } = fakeFetch(answerLinks);
    const options = freshOptions({ intervalMs: 30, max: 100 });
    void sendOperation(operation('A-1'), options);
    // A slow task: the clock moves past the whole window before the next operation is queued.
    vi.setSystemTime(Date.now() + 500);
    void sendOperation(operation('A-2'), options);
    expect(requests).toHaveLength(0);
    await elapse(0);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2']]);
  });
});

describe('a full batch', () => {
  it('goes at once, at most max operations to a POST', async () => {
    const { requests } = fakeFetch(answerLinks);
    const options = freshOptions({ intervalMs: 1000, max: 3 });
    const results = ['A-1', 'A-2', 'A-3', 'A-4'].map((id) => sendOperation(operation(id), options));
    await elapse(0);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2', 'A-3']]);
    await elapse(1000);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2', 'A-3'], ['A-4']]);
    expect(await Promise.all(results)).toEqual(['A-1', 'A-2', 'A-3', 'A-4'].map((id) => linkAnswerOf(id)));
  });

  it.each([
    ['the full batches go, the rest waits for the window', ['A-1', 'A-2', 'A-3', 'A-4'], 'A-5', [['A-5']]],
    ['with nothing left over, nothing waits', ['A-1', 'A-2', 'A-3'], 'A-4', []],
  ])('under a smaller max than the window was opened with: %s', async (_, before, last, afterWindow) => {
    const { requests } = fakeFetch(answerLinks);
    const roomy = freshOptions({ intervalMs: 1000, max: 10 });
    for (const id of before) void sendOperation(operation(id), roomy);
    // The same queue (endpoint and headers), now with max 2.
    void sendOperation(operation(last), { ...roomy, batch: { intervalMs: 1000, max: 2 } });
    await elapse(0);
    expect(articlesPerRequest(requests)).toEqual([
      ['A-1', 'A-2'],
      ['A-3', 'A-4'],
    ]);
    await elapse(999);
    expect(requests).toHaveLength(2);
    await elapse(1);
    expect(articlesPerRequest(requests).slice(2)).toEqual(afterWindow);
  });

  it('takes its window with it: the next operation opens a window of its own', async () => {
    const { requests } = fakeFetch(answerLinks);
    const options = freshOptions({ intervalMs: 100, max: 3 });
    await sendEach(['A-1', 'A-2'], options, 10);
    await sendEach(['A-3'], options, 10);
    await sendEach(['A-4'], options, 0);
    // The window the first two opened would have closed at 100.
    await elapse(99);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2', 'A-3']]);
    await elapse(1);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2', 'A-3'], ['A-4']]);
  });

  it('the next window counts its five intervals from its own first operation', async () => {
    const { requests } = fakeFetch(answerLinks);
    const options = freshOptions({ intervalMs: 30, max: 2 });
    await sendEach(['A-1', 'A-2'], options, 10);
    // From here on a roomy rule: one every 20 ms from 10 ms on keeps the window open until 10 + 150.
    const roomy = { ...options, batch: { intervalMs: 30, max: 100 } };
    for (let index = 0; index < 8; index += 1) await sendEach([`B-${index}`], roomy, index < 7 ? 20 : 9);
    expect(requests).toHaveLength(1);
    await elapse(1);
    expect(articlesPerRequest(requests)[1]).toHaveLength(8);
  });
});

describe('batch: false', () => {
  it('sends each operation alone, as an object, without waiting', async () => {
    const { requests } = fakeFetch(answerLinks);
    const options = freshOptions(false);
    void sendOperation(operation('A-1'), options);
    void sendOperation(operation('A-2'), options);
    await elapse(0);
    expect(articlesPerRequest(requests)).toEqual([['A-1'], ['A-2']]);
    expect(requests.map((request) => Array.isArray(request.body))).toEqual([false, false]);
  });
});

describe('a server that does not take arrays', () => {
  const refusesArrays: Answer = (request) =>
    Array.isArray(request.body)
      ? json({ errors: [{ message: 'Must provide query string.' }] }, 400)
      : answerLinks(request);

  it('gets each operation of the refused batch alone, and from then on each alone without waiting', async () => {
    const { requests } = fakeFetch(refusesArrays);
    const options = freshOptions({ intervalMs: 30, max: 10 });
    const first = ['A-1', 'A-2'].map((id) => sendOperation(operation(id), options));
    await elapse(30);
    expect(await Promise.all(first)).toEqual(['A-1', 'A-2'].map((id) => linkAnswerOf(id)));
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2'], ['A-1'], ['A-2']]);

    void sendOperation(operation('A-3'), options);
    void sendOperation(operation('A-4'), options);
    await elapse(0);
    expect(articlesPerRequest(requests).slice(3)).toEqual([['A-3'], ['A-4']]);
    expect(requests.slice(3).map((request) => Array.isArray(request.body))).toEqual([false, false]);
  });

  it('does not resend an operation whose caller left while the batch was on the wire', async () => {
    let answerBatch = () => {};
    const { requests } = fakeFetch((request) =>
      Array.isArray(request.body)
        ? new Promise<Response>((resolve) => (answerBatch = () => resolve(json(thumbnailAnswer(null)))))
        : answerLinks(request),
    );
    const options = freshOptions({ intervalMs: 30, max: 10 });
    const leaving = new AbortController();
    const left = sendOperation(operation('A-1'), { ...options, signal: leaving.signal });
    const staying = sendOperation(operation('A-2'), options);
    await elapse(30);
    leaving.abort();
    await expect(left).rejects.toMatchObject({ name: 'AbortError' });
    answerBatch();
    expect(await staying).toEqual(linkAnswerOf('A-2'));
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2'], ['A-2']]);
  });
});

describe('a refusal to batch, remembered for the browser session', () => {
  const refusesArrays: Answer = (request) =>
    Array.isArray(request.body)
      ? json({ errors: [{ message: 'Operation batching disabled.' }] }, 400)
      : answerLinks(request);
  const keyOf = (options: SendOptions) => `${BATCH_REFUSAL_KEY_PREFIX}${options.endpoint}`;

  /** A page's sessionStorage; `failing` names the method that throws, as in a sandbox or with the quota used up. */
  function sessionStorageOf(items: Record<string, string>, failing?: 'getItem' | 'setItem') {
    const fail = () => {
      throw new DOMException('denied', failing === 'setItem' ? 'QuotaExceededError' : 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', {
      getItem: failing === 'getItem' ? fail : (key: string) => items[key] ?? null,
      setItem: failing === 'setItem' ? fail : (key: string, value: string) => void (items[key] = value),
    });
    return items;
  }

  it("is written to the page's sessionStorage under the endpoint's key", async () => {
    const items = sessionStorageOf({});
    fakeFetch(refusesArrays);
    const options = freshOptions({ intervalMs: 30, max: 10 });
    const links = ['A-1', 'A-2'].map((id) => sendOperation(operation(id), options));
    await elapse(30);
    await Promise.all(links);
    expect(items).toEqual({ [keyOf(options)]: '1' });
  });

  it('from an earlier page load: each operation goes alone at once, no array ever', async () => {
    const options = freshOptions({ intervalMs: 30, max: 10 });
    sessionStorageOf({ [keyOf(options)]: '1' });
    const { requests } = fakeFetch(refusesArrays);
    const links = ['A-1', 'A-2'].map((id) => sendOperation(operation(id), options));
    await elapse(0);
    expect(articlesPerRequest(requests)).toEqual([['A-1'], ['A-2']]);
    expect(requests.some((request) => Array.isArray(request.body))).toBe(false);
    expect(await Promise.all(links)).toEqual(['A-1', 'A-2'].map((id) => linkAnswerOf(id)));
  });

  it('for one endpoint only: another one still gets arrays', async () => {
    const refused = freshOptions({ intervalMs: 30, max: 10 });
    const other = freshOptions({ intervalMs: 30, max: 10 });
    sessionStorageOf({ [keyOf(refused)]: '1' });
    const { requests } = fakeFetch(answerLinks);
    for (const id of ['A-1', 'A-2']) void sendOperation(operation(id), other);
    await elapse(30);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2']]);
  });

  it('reaches operations that were queued under other headers for the same endpoint', async () => {
    sessionStorageOf({});
    const { requests } = fakeFetch(refusesArrays);
    const options = freshOptions({ intervalMs: 30, max: 10 });
    const first = ['A-1', 'A-2'].map((id) => sendOperation(operation(id), options));
    await elapse(30);
    await Promise.all(first);
    const withAuth = { ...options, headers: { ...options.headers, 'api-key': 'k-1' } };
    for (const id of ['A-3', 'A-4']) void sendOperation(operation(id), withAuth);
    await elapse(0);
    expect(articlesPerRequest(requests).slice(3)).toEqual([['A-3'], ['A-4']]);
  });

  it.each(['getItem', 'setItem'] as const)(
    'where sessionStorage.%s throws: every link still comes, nothing is thrown or logged',
    async (failing) => {
      const logged = vi.spyOn(console, 'error');
      sessionStorageOf({}, failing);
      const { requests } = fakeFetch(refusesArrays);
      const options = freshOptions({ intervalMs: 30, max: 10 });
      const first = ['A-1', 'A-2'].map((id) => sendOperation(operation(id), options));
      await elapse(30);
      expect(await Promise.all(first)).toEqual(['A-1', 'A-2'].map((id) => linkAnswerOf(id)));
      // This page remembers all the same.
      void sendOperation(operation('A-3'), options);
      await elapse(0);
      expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2'], ['A-1'], ['A-2'], ['A-3']]);
      expect(logged).not.toHaveBeenCalled();
      logged.mockRestore();
    },
  );

  it('where reaching sessionStorage at all throws: every link still comes', async () => {
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
    });
    try {
      fakeFetch(refusesArrays);
      const options = freshOptions({ intervalMs: 30, max: 10 });
      const links = ['A-1', 'A-2'].map((id) => sendOperation(operation(id), options));
      await elapse(30);
      expect(await Promise.all(links)).toEqual(['A-1', 'A-2'].map((id) => linkAnswerOf(id)));
    } finally {
      delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
    }
  });
});

describe('a batch that fails', () => {
  it.each([500, 503, 429])('with HTTP %i fails each of its operations, and batching stays on', async (status) => {
    let failing = true;
    const { requests } = fakeFetch((request) => (failing ? json({ message: 'down' }, status) : answerLinks(request)));
    const options = freshOptions({ intervalMs: 30, max: 10 });
    const first = ['A-1', 'A-2'].map((id) => sendOperation(operation(id), options).catch((error: Error) => error));
    await elapse(30);
    for (const outcome of await Promise.all(first))
      expect(outcome).toMatchObject({ message: `request failed: HTTP ${status}` });

    failing = false;
    const later = ['A-3', 'A-4'].map((id) => sendOperation(operation(id), options));
    await elapse(29);
    expect(requests).toHaveLength(1);
    await elapse(1);
    await Promise.all(later);
    expect(articlesPerRequest(requests)).toEqual([
      ['A-1', 'A-2'],
      ['A-3', 'A-4'],
    ]);
    expect(Array.isArray(requests[1]!.body)).toBe(true);
  });

  it('is aborted once every one of its callers has left, not before', async () => {
    const { requests } = fakeFetch(() => new Promise<Response>(() => {}));
    const options = freshOptions({ intervalMs: 30, max: 10 });
    const callers = [new AbortController(), new AbortController()];
    const results = callers.map((caller, index) =>
      sendOperation(operation(`A-${index}`), { ...options, signal: caller.signal }).catch((error: Error) => error),
    );
    await elapse(30);
    const [request] = requests;
    callers[0]!.abort();
    await elapse(0);
    expect(request!.signal!.aborted).toBe(false);
    callers[1]!.abort();
    await elapse(0);
    expect(request!.signal!.aborted).toBe(true);
    for (const outcome of await Promise.all(results)) expect(outcome).toMatchObject({ name: 'AbortError' });
  });

  it('times out after the timeout of the latest operation queued with it', async () => {
    fakeFetch(() => new Promise<Response>(() => {}));
    const options = freshOptions({ intervalMs: 30, max: 10 });
    const outcomes = [
      sendOperation(operation('A-1'), options),
      sendOperation(operation('A-2'), { ...options, timeoutMs: 50 }),
    ].map((result) => result.catch((error: Error) => error.message));
    await elapse(30 + 50);
    expect(await Promise.all(outcomes)).toEqual(['request timed out after 50 ms', 'request timed out after 50 ms']);
  });
});

describe('a batch that is over', () => {
  /** Operations for `articleIds`, queued together for one endpoint, as the transport would. */
  function queueTogether(articleIds: string[], options: SendOptions) {
    const shareOperation = createOperationSharing();
    const { enqueue } = createBatchQueues(createBatchRefusals(), createProviderClock());
    return articleIds.map((articleId) =>
      shareOperation(`${options.endpoint} ${articleId}`, operation(articleId), (shared) =>
        enqueue(options.endpoint, shared, options),
      ),
    );
  }
  const listenersOn = (operations: ReturnType<typeof queueTogether>) =>
    operations.map(({ abandoned }) => getEventListeners(abandoned.signal, 'abort').length);

  it.each([
    ['answered', answerLinks, 'fulfilled'],
    ['failed', () => json({ message: 'down' }, 503), 'rejected'],
  ] as const)('%s, keeps no listener on its operations: none outlives its request', async (_, answer, status) => {
    let release = () => {};
    fakeFetch((request) => new Promise((resolve) => (release = () => resolve(answer(request)))));
    const operations = queueTogether(['A-1', 'A-2'], freshOptions({ intervalMs: 30, max: 10 }));
    const outcomes = Promise.allSettled(operations.map(({ result }) => result));
    await elapse(30);
    // On the wire, the batch listens for the moment nobody waits for any of its answers.
    expect(listenersOn(operations)).toEqual([1, 1]);
    release();
    expect((await outcomes).map((outcome) => outcome.status)).toEqual([status, status]);
    expect(listenersOn(operations)).toEqual([0, 0]);
  });
});

describe('a batch rule configureTransport() refuses', () => {
  it.each([{ max: 0 }, { max: -1 }, { max: NaN }, { intervalMs: -5 }, null])(
    '(%j) leaves batching as it was: links still come',
    async (batch) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { requests } = fakeFetch(answerLinks);
      configureTransport({ endpoint: 'https://api.example/graphql/refused-rule', cacheTtlMs: 0 });
      configureTransport({ batch: batch as never });
      const links = Promise.all(
        ['A-1', 'A-2'].map((articleId) =>
          transport().lookupDownloadLink({
            kind: 'thumbnail',
            organizationId: 'org-1',
            articleId,
            assignmentType: 'THUMBNAIL_10X10_CM',
          }),
        ),
      );
      await elapse(10);
      expect(await links).toEqual(['https://files.example/A-1.png', 'https://files.example/A-2.png']);
      expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2']]);
      vi.restoreAllMocks();
    },
  );
});
