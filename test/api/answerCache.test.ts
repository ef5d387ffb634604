import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureTransport } from '../../src/api/config';
import { createTransport } from '../../src/api/transport';
import { answerEach, fakeFetch, thumbnailAnswer } from './support/fakeFetch';
import { freshConfig, thumbnailRequest, useFakeClock } from './support/transportFixtures';

/**
 * The answers a transport keeps and hands out again without a request, on a
 * fake clock against a fake `fetch`, each test on an endpoint of its own and a
 * provider clock that has heard nothing (the visitor's clock is taken as it is).
 */

const { lookup } = useFakeClock();
const TTL = 1000;
const AUTH_NOT_AUTHORIZED = {
  message: 'The current user is not authorized to access this resource.',
  extensions: { code: 'AUTH_NOT_AUTHORIZED' },
};
const LONG_TTL = 60_000;

/**
 * Answers each operation with `answerOf(articleId)` (a link of the article's own by default), keeps answers for
 * `ttlMs`, and gives `requestsFor(articleId)`: how many requests asked for it so far.
 */
function provider(
  ttlMs: number,
  answerOf: (articleId: string) => unknown = (id) => thumbnailAnswer(`https://x/${id}.png`),
) {
  const { requests } = fakeFetch(answerEach((variables) => answerOf(String(variables.articleId))));
  freshConfig({ batch: false, cacheTtlMs: ttlMs });
  return (articleId: string) =>
    requests.filter((request) => JSON.stringify(request.body).includes(`"${articleId}"`)).length;
}

/** Looks `articleId` up, settling either way. */
const ask = (articleId: string) => lookup(articleId).catch((error: unknown) => error);

describe('the answers a transport keeps', () => {
  it('hands an answer out again for as long as the TTL in force, and not a moment longer', async () => {
    const requestsFor = provider(TTL);
    const first = await ask('A-1');
    vi.advanceTimersByTime(TTL - 1);
    expect(await ask('A-1')).toEqual(first);
    expect(requestsFor('A-1')).toBe(1);
    vi.advanceTimersByTime(1);
    await ask('A-1');
    expect(requestsFor('A-1')).toBe(2);
  });

  it('judges by the TTL in force when asked: lowering it takes effect at once', async () => {
    const requestsFor = provider(TTL);
    await ask('A-1');
    vi.advanceTimersByTime(10);
    configureTransport({ cacheTtlMs: 10 });
    await ask('A-1');
    expect(requestsFor('A-1')).toBe(2);
  });

  it('forgets an answer once it was found stale: a longer TTL later does not bring it back', async () => {
    let failing = false;
    const requestsFor = provider(TTL, (id) => (failing ? {} : thumbnailAnswer(`https://x/${id}.png`)));
    await ask('A-1');
    vi.advanceTimersByTime(10);
    configureTransport({ cacheTtlMs: 5 });
    failing = true;
    await ask('A-1');
    configureTransport({ cacheTtlMs: TTL });
    await ask('A-1');
    expect(requestsFor('A-1')).toBe(3);
  });

  it('keeps answers apart by operation', async () => {
    const requestsFor = provider(TTL);
    await ask('A-1');
    await ask('A-2');
    await ask('A-1');
    expect([requestsFor('A-1'), requestsFor('A-2')]).toEqual([1, 1]);
  });

  it('keeps a renewed answer from the time it was renewed', async () => {
    const requestsFor = provider(TTL);
    await ask('A-1');
    vi.advanceTimersByTime(TTL);
    await ask('A-1');
    vi.advanceTimersByTime(TTL - 1);
    await ask('A-1');
    expect(requestsFor('A-1')).toBe(2);
  });

  it.each([
    ['GraphQL errors and no data', { errors: [{ message: 'Internal failure' }] }],
    ['GraphQL errors and null data', { data: null, errors: [{ message: 'Internal failure' }] }],
    ['an answer of nothing', {}],
    // A permission granted on the provider counts at the next lookup.
    ['a refusal of the caller, data or not', { data: { materials: null }, errors: [AUTH_NOT_AUTHORIZED] }],
  ])('keeps no answer of %s: it is asked for again', async (_, answer) => {
    const requestsFor = provider(TTL, () => answer);
    await ask('A-1');
    await ask('A-1');
    expect(requestsFor('A-1')).toBe(2);
  });

  it('keeps data that came with errors (error policy "ignore")', async () => {
    const requestsFor = provider(TTL, () => ({ data: { materials: [] }, errors: [{ message: 'Partial failure' }] }));
    expect(await ask('A-1')).toBeNull();
    expect(await ask('A-1')).toBeNull();
    expect(requestsFor('A-1')).toBe(1);
  });

  it('keeps nothing while it is off (TTL 0): turning it on later asks again', async () => {
    const requestsFor = provider(0);
    await ask('A-1');
    configureTransport({ cacheTtlMs: TTL });
    await ask('A-1');
    expect(requestsFor('A-1')).toBe(2);
  });

  it('keeps its answers to itself: another transport knows none of them', async () => {
    const requestsFor = provider(TTL);
    await ask('A-1');
    await createTransport().lookup(thumbnailRequest('A-1'), new AbortController().signal, 0);
    expect(requestsFor('A-1')).toBe(2);
  });
});

describe('the answers a transport keeps are bounded', () => {
  /** Looks up `A-<from>` to `A-<to - 1>`, one after the other. */
  const fill = async (from: number, to: number) => {
    for (let index = from; index < to; index += 1) await ask(`A-${index}`);
  };
  /** Whether `articleId` is handed out again without a request. */
  const isKept = async (requestsFor: (articleId: string) => number, articleId: string) => {
    const before = requestsFor(articleId);
    await ask(articleId);
    return requestsFor(articleId) === before;
  };

  it('holds 2000 answers', async () => {
    const requestsFor = provider(LONG_TTL);
    await fill(0, 2000);
    expect(await isKept(requestsFor, 'A-0')).toBe(true);
    expect(await isKept(requestsFor, 'A-1999')).toBe(true);
  });

  it('drops the oldest answer for the 2001st', async () => {
    const requestsFor = provider(LONG_TTL);
    await fill(0, 2001);
    expect(await isKept(requestsFor, 'A-2000')).toBe(true);
    expect(await isKept(requestsFor, 'A-1')).toBe(true);
    expect(await isKept(requestsFor, 'A-0')).toBe(false);
  });

  it('counts a renewed answer as the newest', async () => {
    const requestsFor = provider(LONG_TTL);
    await fill(0, 2000);
    // Stale under a TTL of 1 ms, A-0 alone is asked for again.
    vi.advanceTimersByTime(1);
    configureTransport({ cacheTtlMs: 1 });
    await ask('A-0');
    configureTransport({ cacheTtlMs: LONG_TTL });
    await fill(2000, 2001);
    expect(await isKept(requestsFor, 'A-0')).toBe(true);
    expect(await isKept(requestsFor, 'A-1')).toBe(false);
  });
});

describe('the answers a transport keeps, and signed links', () => {
  // On a whole second, as links write their times.
  beforeEach(() => vi.advanceTimersByTime(1000 - (Date.now() % 1000)));
  /** An Azure SAS link that expires `inMs` from now (whole seconds, as SAS writes them). */
  const signedIn = (inMs: number, name = 'a') =>
    `https://files.example/${name}.zip?se=${new Date(Date.now() + inMs).toISOString().replace(/\.\d{3}Z$/, 'Z')}&sig=x`;

  /** Asks for `articleId` now, and finds its answer handed out again for `ms` and not a moment longer. */
  const expectKeptFor = async (requestsFor: (articleId: string) => number, ms: number, articleId = 'A-1') => {
    await ask(articleId);
    vi.advanceTimersByTime(ms - 1);
    await ask(articleId);
    expect(requestsFor(articleId)).toBe(1);
    vi.advanceTimersByTime(1);
    await ask(articleId);
    expect(requestsFor(articleId)).toBe(2);
  };

  it('hands an answer out only within the first half of its link life, however long the TTL', async () => {
    const link = signedIn(10_000);
    const requestsFor = provider(LONG_TTL, () => thumbnailAnswer(link));
    await expectKeptFor(requestsFor, 5_000);
  });

  it('keeps to the TTL where it ends before the link reuse does', async () => {
    const link = signedIn(15 * 60_000);
    const requestsFor = provider(TTL, () => thumbnailAnswer(link));
    await expectKeptFor(requestsFor, TTL);
  });

  it('keeps to the link that expires first, wherever in the answer it is', async () => {
    const [late, early] = [signedIn(60_000, 'late'), signedIn(4_000, 'early')];
    const two = {
      data: {
        materials: [
          { dataObjectAssignments: [{ dataObject: { thumbnail: { downloadUrl: late } } }] },
          { jsonFileAssignments: [{ jsonFile: { outputDataObject: { downloadUrl: early } } }] },
        ],
      },
    };
    const requestsFor = provider(LONG_TTL, () => two);
    await expectKeptFor(requestsFor, 2_000);
  });

  it('reads every style', async () => {
    const compact = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
    const links: Record<string, string> = {
      cloudfront: `https://x/a.zip?Expires=${Date.now() / 1000 + 10}&Signature=s`,
      s3: `https://x/a.zip?X-Amz-Date=${compact}&X-Amz-Expires=10&X-Amz-Signature=s`,
      gcs: `https://x/a.zip?X-Goog-Date=${compact}&X-Goog-Expires=10&X-Goog-Signature=s`,
    };
    const requestsFor = provider(LONG_TTL, (id) => thumbnailAnswer(links[id]!));
    for (const style of Object.keys(links)) await ask(style);
    vi.advanceTimersByTime(4_999);
    for (const style of Object.keys(links)) await ask(style);
    expect(Object.keys(links).map(requestsFor)).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(1);
    for (const style of Object.keys(links)) await ask(style);
    expect(Object.keys(links).map(requestsFor)).toEqual([2, 2, 2]);
  });

  it('keeps no answer whose link has expired, or expires now', async () => {
    const requestsFor = provider(LONG_TTL, (id) => thumbnailAnswer(signedIn(id === 'A-1' ? -1_000 : 0)));
    for (const id of ['A-1', 'A-1', 'A-2', 'A-2']) await ask(id);
    expect([requestsFor('A-1'), requestsFor('A-2')]).toEqual([2, 2]);
  });

  it('judges a link without a readable expiry by the TTL alone', async () => {
    const requestsFor = provider(LONG_TTL, () => thumbnailAnswer('https://x/a.zip?se=soon&sig=x'));
    await expectKeptFor(requestsFor, LONG_TTL);
  });

  it('reads an answer nested deeper than a stack could follow', async () => {
    // Written out by hand: JSON.stringify would overflow the stack; JSON.parse does not.
    const deep = `${'['.repeat(100_000)}${JSON.stringify(signedIn(10_000))}${']'.repeat(100_000)}`;
    const body = `{"data":{"materials":[],"deep":${deep}}}`;
    const { requests } = fakeFetch(() => new Response(body, { headers: { 'content-type': 'application/json' } }));
    freshConfig({ batch: false, cacheTtlMs: LONG_TTL });
    await expectKeptFor(() => requests.length, 5_000);
  });
});
