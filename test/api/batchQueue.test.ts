import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createTransport } from '../../src/api/transport';
import { configureTransport, type BatchOptions } from '../../src/api/config';
import { articlesPerRequest, fakeFetch, json, thumbnailAnswer, type Answer } from './support/fakeFetch';
import { answerLinks, foundLinkOf, freshConfig, thumbnailRequest, useFakeClock } from './support/transportFixtures';

/**
 * When operations go out, and together with which, on a fake clock against a
 * fake `fetch`: every window edge to the millisecond. transport.test.ts has
 * the same rules against the real provider over HTTP.
 */

const { elapse, transport, lookup } = useFakeClock();
/** A fresh endpoint of the test's own with this batch rule. */
const freshBatch = (batch: BatchOptions | false) => freshConfig({ batch });

/** Looks up each of `articleIds` in one task, then lets `thenMs` pass. */
async function lookUpEach(articleIds: string[], thenMs: number) {
  for (const articleId of articleIds) void lookup(articleId).catch(() => {});
  await elapse(thenMs);
}

describe('the batch window', () => {
  it('sends a lone operation intervalMs after it arrived, not before', async () => {
    const { requests } = fakeFetch(answerLinks);
    freshBatch({ intervalMs: 30, max: 10 });
    const result = lookup('A-1');
    await elapse(29);
    expect(requests).toHaveLength(0);
    await elapse(1);
    expect(articlesPerRequest(requests)).toEqual([['A-1']]);
    expect(Array.isArray(requests[0]!.body)).toBe(false);
    expect(await result).toEqual(foundLinkOf('A-1'));
  });

  it('closes intervalMs after the first operation, however steadily more arrive', async () => {
    const { requests } = fakeFetch(answerLinks);
    freshBatch({ intervalMs: 30, max: 100 });
    // One every 20 ms: the window the first opened closes at 30 with the two that came by then.
    for (let index = 0; index < 3; index += 1) {
      void lookup(`A-${index}`);
      await elapse(index < 2 ? 20 : 0);
    }
    expect(articlesPerRequest(requests)).toEqual([['A-0', 'A-1']]);
    await elapse(29);
    expect(articlesPerRequest(requests)).toEqual([['A-0', 'A-1']]);
    await elapse(1);
    expect(articlesPerRequest(requests)).toEqual([['A-0', 'A-1'], ['A-2']]);
  });

  it('flush() sends what waits at once, in batches of max; the next operation opens a window of its own', async () => {
    const { requests } = fakeFetch(answerLinks);
    freshBatch({ intervalMs: 30, max: 2 });
    for (const articleId of ['A-1', 'A-2', 'A-3']) void lookup(articleId);
    await elapse(0);
    // The full batch went as it filled; the rest waits for its window.
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2']]);
    transport().flush();
    await elapse(0);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2'], ['A-3']]);
    // Nothing waits: flushing again sends nothing.
    transport().flush();
    await elapse(0);
    expect(requests).toHaveLength(2);
    await lookUpEach(['A-4'], 29);
    expect(requests).toHaveLength(2);
    await elapse(1);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2'], ['A-3'], ['A-4']]);
  });

  it('a window opens with the first operation after the last one closed', async () => {
    const { requests } = fakeFetch(answerLinks);
    freshBatch({ intervalMs: 30, max: 100 });
    void lookup('A-1');
    await elapse(30);
    expect(requests).toHaveLength(1);
    await elapse(100);
    void lookup('A-2');
    await elapse(29);
    expect(requests).toHaveLength(1);
    await elapse(1);
    expect(articlesPerRequest(requests)).toEqual([['A-1'], ['A-2']]);
  });

  it('operations queued in one task share the window even when that task outlasts it', async () => {
    const { requests } = fakeFetch(answerLinks);
    freshBatch({ intervalMs: 30, max: 100 });
    void lookup('A-1');
    // A slow task: the clock moves past the whole window before the next operation is queued.
    vi.setSystemTime(Date.now() + 500);
    void lookup('A-2');
    expect(requests).toHaveLength(0);
    // The fake clock moves timers with the system time; a browser runs the overdue one right after the task.
    await elapse(30);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2']]);
  });
});

describe('a full batch', () => {
  it('goes at once, at most max operations to a POST', async () => {
    const { requests } = fakeFetch(answerLinks);
    freshBatch({ intervalMs: 1000, max: 3 });
    const results = ['A-1', 'A-2', 'A-3', 'A-4'].map((id) => lookup(id));
    await elapse(0);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2', 'A-3']]);
    await elapse(1000);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2', 'A-3'], ['A-4']]);
    expect(await Promise.all(results)).toEqual(['A-1', 'A-2', 'A-3', 'A-4'].map((id) => foundLinkOf(id)));
  });

  it.each([
    ['the full batches go, the rest waits for the window', ['A-1', 'A-2', 'A-3', 'A-4'], 'A-5', [['A-5']]],
    ['with nothing left over, nothing waits', ['A-1', 'A-2', 'A-3'], 'A-4', []],
  ])('under a smaller max than the window was opened with: %s', async (_, before, last, afterWindow) => {
    const { requests } = fakeFetch(answerLinks);
    freshBatch({ intervalMs: 1000, max: 10 });
    for (const id of before) void lookup(id);
    // The same queue (endpoint and headers), now with max 2.
    configureTransport({ batch: { intervalMs: 1000, max: 2 } });
    void lookup(last);
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
    freshBatch({ intervalMs: 100, max: 3 });
    await lookUpEach(['A-1', 'A-2'], 10);
    await lookUpEach(['A-3'], 10);
    await lookUpEach(['A-4'], 0);
    // The window the first two opened would have closed at 100.
    await elapse(99);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2', 'A-3']]);
    await elapse(1);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2', 'A-3'], ['A-4']]);
  });
});

describe('batch: false', () => {
  it('sends each operation alone, as an object, without waiting', async () => {
    const { requests } = fakeFetch(answerLinks);
    freshBatch(false);
    void lookup('A-1');
    void lookup('A-2');
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
    freshBatch({ intervalMs: 30, max: 10 });
    const first = ['A-1', 'A-2'].map((id) => lookup(id));
    await elapse(30);
    expect(await Promise.all(first)).toEqual(['A-1', 'A-2'].map((id) => foundLinkOf(id)));
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2'], ['A-1'], ['A-2']]);

    void lookup('A-3');
    void lookup('A-4');
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
    freshBatch({ intervalMs: 30, max: 10 });
    const leaving = new AbortController();
    const left = lookup('A-1', leaving.signal);
    const staying = lookup('A-2');
    await elapse(30);
    leaving.abort();
    await expect(left).rejects.toMatchObject({ name: 'AbortError' });
    answerBatch();
    expect(await staying).toEqual(foundLinkOf('A-2'));
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2'], ['A-2']]);
  });
});

describe('a refusal to batch, remembered for the browser session', () => {
  const refusesArrays: Answer = (request) =>
    Array.isArray(request.body)
      ? json({ errors: [{ message: 'Operation batching disabled.' }] }, 400)
      : answerLinks(request);
  const keyOf = (endpoint: string) => `cm-material-download:no-batch:${endpoint}`;

  /**
   * A page's sessionStorage, whose reads and writes the test can count; `failing` names the method that throws, as in
   * a sandbox or with the quota used up.
   */
  function sessionStorageOf(items: Record<string, string>, failing?: 'getItem' | 'setItem') {
    const fail = () => {
      throw new DOMException('denied', failing === 'setItem' ? 'QuotaExceededError' : 'SecurityError');
    };
    const storage = {
      getItem: vi.fn(failing === 'getItem' ? fail : (key: string) => items[key] ?? null),
      setItem: vi.fn(failing === 'setItem' ? fail : (key: string, value: string) => void (items[key] = value)),
    };
    vi.stubGlobal('sessionStorage', storage);
    return Object.assign(storage, { items });
  }

  it("is written to the page's sessionStorage under the endpoint's key", async () => {
    const { items } = sessionStorageOf({});
    fakeFetch(refusesArrays);
    const endpoint = freshBatch({ intervalMs: 30, max: 10 });
    const links = ['A-1', 'A-2'].map((id) => lookup(id));
    await elapse(30);
    await Promise.all(links);
    expect(items).toEqual({ [keyOf(endpoint)]: '1' });
  });

  it('from an earlier page load: each operation goes alone at once, no array ever', async () => {
    const endpoint = freshBatch({ intervalMs: 30, max: 10 });
    const { setItem } = sessionStorageOf({ [keyOf(endpoint)]: '1' });
    const { requests } = fakeFetch(refusesArrays);
    const links = ['A-1', 'A-2'].map((id) => lookup(id));
    await elapse(0);
    expect(articlesPerRequest(requests)).toEqual([['A-1'], ['A-2']]);
    expect(setItem).not.toHaveBeenCalled();
    expect(requests.some((request) => Array.isArray(request.body))).toBe(false);
    expect(await Promise.all(links)).toEqual(['A-1', 'A-2'].map((id) => foundLinkOf(id)));
  });

  it('for one endpoint only: another one still gets arrays', async () => {
    const refused = freshBatch({ intervalMs: 30, max: 10 });
    freshBatch({ intervalMs: 30, max: 10 });
    sessionStorageOf({ [keyOf(refused)]: '1' });
    const { requests } = fakeFetch(answerLinks);
    for (const id of ['A-1', 'A-2']) void lookup(id);
    await elapse(30);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2']]);
  });

  it('reaches operations that were queued under other headers for the same endpoint', async () => {
    sessionStorageOf({});
    const { requests } = fakeFetch(refusesArrays);
    freshBatch({ intervalMs: 30, max: 10 });
    const first = ['A-1', 'A-2'].map((id) => lookup(id));
    await elapse(30);
    await Promise.all(first);
    // Signed in meanwhile: the credentials, read again in a later task, make a queue of their own.
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'cm-api-key' ? 'k-1' : null) });
    for (const id of ['A-3', 'A-4']) void lookup(id);
    await elapse(0);
    expect(articlesPerRequest(requests).slice(3)).toEqual([['A-3'], ['A-4']]);
    expect(requests[3]!.headers.get('api-key')).toBe('k-1');
  });

  it('is read once per endpoint, however many operations ask, and written once', async () => {
    const { getItem, setItem } = sessionStorageOf({});
    fakeFetch(refusesArrays);
    freshBatch({ intervalMs: 30, max: 2 });
    // Two full batches go at once, and both are refused.
    await lookUpEach(['A-1', 'A-2', 'A-3', 'A-4'], 0);
    await lookUpEach(['A-5', 'A-6'], 0);
    expect(getItem).toHaveBeenCalledOnce();
    expect(setItem).toHaveBeenCalledOnce();
  });

  it.each(['getItem', 'setItem', null] as const)(
    'where sessionStorage.%s throws (null: there is none): every link still comes, nothing is thrown or logged',
    async (failing) => {
      const logged = vi.spyOn(console, 'error');
      const storage = failing && sessionStorageOf({}, failing);
      if (!storage) vi.stubGlobal('sessionStorage', null);
      const { requests } = fakeFetch(refusesArrays);
      freshBatch({ intervalMs: 30, max: 10 });
      const first = ['A-1', 'A-2'].map((id) => lookup(id));
      await elapse(30);
      expect(await Promise.all(first)).toEqual(['A-1', 'A-2'].map((id) => foundLinkOf(id)));
      // This page remembers all the same, and reads the storage no more.
      void lookup('A-3');
      await elapse(0);
      expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2'], ['A-1'], ['A-2'], ['A-3']]);
      if (storage) expect(storage.getItem).toHaveBeenCalledOnce();
      expect(logged).not.toHaveBeenCalled();
      logged.mockRestore();
    },
  );

  it('where the storage is full, the next page load does not know', async () => {
    sessionStorageOf({}, 'setItem');
    const { requests } = fakeFetch(refusesArrays);
    freshBatch({ intervalMs: 30, max: 10 });
    await lookUpEach(['A-1', 'A-2'], 30);
    const nextPage = createTransport();
    for (const id of ['A-3', 'A-4']) void nextPage.lookup(thumbnailRequest(id), new AbortController().signal, 0);
    await elapse(30);
    expect(articlesPerRequest(requests).slice(3)).toEqual([['A-3', 'A-4'], ['A-3'], ['A-4']]);
  });

  it('where reaching sessionStorage at all throws: every link still comes', async () => {
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
    });
    try {
      fakeFetch(refusesArrays);
      freshBatch({ intervalMs: 30, max: 10 });
      const links = ['A-1', 'A-2'].map((id) => lookup(id));
      await elapse(30);
      expect(await Promise.all(links)).toEqual(['A-1', 'A-2'].map((id) => foundLinkOf(id)));
    } finally {
      delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
    }
  });
});

describe('a batch that fails', () => {
  it.each([500, 503, 429])('with HTTP %i fails each of its operations, and batching stays on', async (status) => {
    let failing = true;
    const { requests } = fakeFetch((request) => (failing ? json({ message: 'down' }, status) : answerLinks(request)));
    freshBatch({ intervalMs: 30, max: 10 });
    const first = ['A-1', 'A-2'].map((id) => lookup(id).catch((error: Error) => error));
    await elapse(30);
    for (const outcome of await Promise.all(first))
      expect(outcome).toMatchObject({ message: `request failed: HTTP ${status}` });

    failing = false;
    const later = ['A-3', 'A-4'].map((id) => lookup(id));
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
    freshBatch({ intervalMs: 30, max: 10 });
    const callers = [new AbortController(), new AbortController()];
    const results = callers.map((caller, index) => lookup(`A-${index}`, caller.signal).catch((error: Error) => error));
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

  it('times out after the timeout in force when it goes', async () => {
    fakeFetch(() => new Promise<Response>(() => {}));
    freshBatch({ intervalMs: 30, max: 10 });
    const first = lookup('A-1');
    configureTransport({ timeoutMs: 50 });
    const outcomes = [first, lookup('A-2')].map((result) => result.catch((error: Error) => error.message));
    await elapse(30 + 50);
    expect(await Promise.all(outcomes)).toEqual(['request timed out after 50 ms', 'request timed out after 50 ms']);
  });
});

describe('a batch that is over', () => {
  it.each([
    ['answered', answerLinks, 'fulfilled'],
    ['failed', () => json({ message: 'down' }, 503), 'rejected'],
  ] as const)('%s, keeps no listener on its callers: none outlives its request', async (_, answer, status) => {
    let release = () => {};
    fakeFetch((request) => new Promise((resolve) => (release = () => resolve(answer(request)))));
    freshBatch({ intervalMs: 30, max: 10 });
    const callers = [new AbortController(), new AbortController()];
    const outcomes = Promise.allSettled(callers.map((caller, index) => lookup(`A-${index}`, caller.signal)));
    await elapse(30);
    // On the wire, each caller may still leave.
    expect(callers.map(({ signal }) => getEventListeners(signal, 'abort').length)).toEqual([1, 1]);
    release();
    expect((await outcomes).map((outcome) => outcome.status)).toEqual([status, status]);
    expect(callers.map(({ signal }) => getEventListeners(signal, 'abort').length)).toEqual([0, 0]);
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
      const links = Promise.all(['A-1', 'A-2'].map((articleId) => lookup(articleId)));
      await elapse(10);
      expect(await links).toEqual([foundLinkOf('A-1'), foundLinkOf('A-2')]);
      expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2']]);
      vi.restoreAllMocks();
    },
  );
});
