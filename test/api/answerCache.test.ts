import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnswerCache, type AnswerCache } from '../../src/api/transport';
import type { OperationResult } from '../../src/api/operation';
import { createProviderClock } from '../../src/api/wire';

const TTL = 1000;
const answer = (url: string) => ({ data: { materials: [{ url }] } });

/** Each test's own, on a provider clock that has heard nothing: the visitor's clock is taken as it is. */
let cache: AnswerCache;
const cachedAnswer = (key: string, ttlMs: number) => cache.get(key, ttlMs);
const rememberAnswer = (key: string, result: OperationResult, ttlMs: number) => cache.remember(key, result, ttlMs);

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  cache = createAnswerCache(createProviderClock());
});
afterEach(() => vi.useRealTimers());

describe('the answer cache', () => {
  it('gives an answer back for as long as the TTL in force, and not a moment longer', () => {
    const kept = answer('https://x/a.png');
    rememberAnswer('k', kept, TTL);
    expect(cachedAnswer('k', TTL)).toBe(kept);
    vi.advanceTimersByTime(TTL - 1);
    expect(cachedAnswer('k', TTL)).toBe(kept);
    vi.advanceTimersByTime(1);
    expect(cachedAnswer('k', TTL)).toBeUndefined();
  });

  it('judges by the TTL in force when asked: lowering it takes effect at once', () => {
    rememberAnswer('k', answer('https://x/a.png'), TTL);
    vi.advanceTimersByTime(10);
    expect(cachedAnswer('k', 10)).toBeUndefined();
  });

  it('forgets an answer once it was found stale: a longer TTL later does not bring it back', () => {
    rememberAnswer('k', answer('https://x/a.png'), TTL);
    vi.advanceTimersByTime(10);
    expect(cachedAnswer('k', 5)).toBeUndefined();
    expect(cachedAnswer('k', TTL)).toBeUndefined();
  });

  it('keeps answers apart by key', () => {
    rememberAnswer('a', answer('https://x/a.png'), TTL);
    expect(cachedAnswer('b', TTL)).toBeUndefined();
    expect(cachedAnswer('a', TTL)).toEqual(answer('https://x/a.png'));
  });

  it('keeps a renewed answer from the time it was renewed', () => {
    rememberAnswer('k', answer('https://x/old.png'), TTL);
    vi.advanceTimersByTime(TTL - 1);
    rememberAnswer('k', answer('https://x/new.png'), TTL);
    vi.advanceTimersByTime(TTL - 1);
    expect(cachedAnswer('k', TTL)).toEqual(answer('https://x/new.png'));
  });

  it.each([
    ['GraphQL errors and no data', { errors: [{ message: 'Internal failure' }] }],
    ['GraphQL errors and null data', { data: null, errors: [{ message: 'Internal failure' }] }],
    ['an answer of nothing', {}],
  ])('keeps no answer of %s: it is asked for again', (_, result) => {
    rememberAnswer('k', result, TTL);
    expect(cachedAnswer('k', TTL)).toBeUndefined();
  });

  it('keeps data that came with errors (error policy "ignore")', () => {
    const partial = { data: { materials: [] }, errors: [{ message: 'Partial failure' }] };
    rememberAnswer('k', partial, TTL);
    expect(cachedAnswer('k', TTL)).toBe(partial);
  });

  it('keeps no answer that refuses the caller, data or not: a permission granted counts at the next lookup', () => {
    const refused = {
      data: { materials: null },
      errors: [
        {
          message: 'The current user is not authorized to access this resource.',
          extensions: { code: 'AUTH_NOT_AUTHORIZED' },
        },
      ],
    };
    rememberAnswer('k', refused, TTL);
    expect(cachedAnswer('k', TTL)).toBeUndefined();
  });

  it('keeps nothing while it is off (TTL 0): turning it on later asks again', () => {
    rememberAnswer('k', answer('https://x/a.png'), 0);
    expect(cachedAnswer('k', TTL)).toBeUndefined();
  });

  it('keeps its answers to itself: another cache knows none of them', () => {
    rememberAnswer('a', answer('https://x/a.png'), TTL);
    rememberAnswer('b', answer('https://x/b.png'), TTL);
    cache = createAnswerCache(createProviderClock());
    expect(cachedAnswer('a', TTL)).toBeUndefined();
    expect(cachedAnswer('b', TTL)).toBeUndefined();
  });
});

describe('the answer cache is bounded', () => {
  const fill = (from: number, to: number) => {
    for (let index = from; index < to; index += 1) rememberAnswer(`k${index}`, answer(`https://x/${index}`), TTL);
  };

  it('holds 2000 answers', () => {
    fill(0, 2000);
    expect(cachedAnswer('k0', TTL)).toBeDefined();
    expect(cachedAnswer('k1999', TTL)).toBeDefined();
  });

  it('drops the oldest answer for the 2001st', () => {
    fill(0, 2001);
    expect(cachedAnswer('k0', TTL)).toBeUndefined();
    expect(cachedAnswer('k1', TTL)).toBeDefined();
    expect(cachedAnswer('k2000', TTL)).toBeDefined();
  });

  it('counts a renewed answer as the newest', () => {
    fill(0, 2000);
    rememberAnswer('k0', answer('https://x/renewed'), TTL);
    fill(2000, 2001);
    expect(cachedAnswer('k0', TTL)).toEqual(answer('https://x/renewed'));
    expect(cachedAnswer('k1', TTL)).toBeUndefined();
  });
});

describe('the answer cache and signed links', () => {
  const LONG_TTL = 60_000;
  /** An Azure SAS link that expires `inMs` from now (whole seconds, as SAS writes them). */
  const signedIn = (inMs: number, name = 'a') =>
    `https://files.example/${name}.zip?se=${new Date(Date.now() + inMs).toISOString().replace(/\.\d{3}Z$/, 'Z')}&sig=x`;

  /** Remembers `result` now, and finds it handed out for `ms` and not a moment longer. */
  const expectHandedOutFor = (result: OperationResult, ms: number) => {
    rememberAnswer('k', result, LONG_TTL);
    vi.advanceTimersByTime(ms - 1);
    expect(cachedAnswer('k', LONG_TTL)).toBe(result);
    vi.advanceTimersByTime(1);
    expect(cachedAnswer('k', LONG_TTL)).toBeUndefined();
  };

  it('hands an answer out only within the first half of its link life, however long the TTL', () => {
    expectHandedOutFor(answer(signedIn(10_000)), 5_000);
  });

  it('keeps to the TTL where it ends before the link reuse does', () => {
    rememberAnswer('k', answer(signedIn(15 * 60_000)), TTL);
    vi.advanceTimersByTime(TTL);
    expect(cachedAnswer('k', TTL)).toBeUndefined();
  });

  it('keeps to the link that expires first, wherever in the answer it is', () => {
    const two = {
      data: {
        materials: [
          { dataObjectAssignments: [{ dataObject: { thumbnail: { downloadUrl: signedIn(60_000, 'late') } } }] },
          { jsonFileAssignments: [{ jsonFile: { outputDataObject: { downloadUrl: signedIn(4_000, 'early') } } }] },
        ],
      },
    };
    expectHandedOutFor(two, 2_000);
  });

  it('reads every style', () => {
    // The fake clock starts at 1970-01-01T00:16:40Z.
    const inTenSeconds = Math.floor(Date.now() / 1000) + 10;
    rememberAnswer('cloudfront', answer(`https://x/a.zip?Expires=${inTenSeconds}&Signature=s`), LONG_TTL);
    rememberAnswer(
      's3',
      answer('https://x/a.zip?X-Amz-Date=19700101T001640Z&X-Amz-Expires=10&X-Amz-Signature=s'),
      LONG_TTL,
    );
    rememberAnswer(
      'gcs',
      answer('https://x/a.zip?X-Goog-Date=19700101T001640Z&X-Goog-Expires=10&X-Goog-Signature=s'),
      LONG_TTL,
    );
    vi.advanceTimersByTime(4_999);
    for (const key of ['cloudfront', 's3', 'gcs']) expect(cachedAnswer(key, LONG_TTL), key).toBeDefined();
    vi.advanceTimersByTime(1);
    for (const key of ['cloudfront', 's3', 'gcs']) expect(cachedAnswer(key, LONG_TTL), key).toBeUndefined();
  });

  it('keeps no answer whose link has expired, or expires now, and forgets the one it was to replace', () => {
    rememberAnswer('k', answer(signedIn(60_000)), LONG_TTL);
    rememberAnswer('k', answer(signedIn(-1_000)), LONG_TTL);
    expect(cachedAnswer('k', LONG_TTL)).toBeUndefined();
    rememberAnswer('k', answer(signedIn(0)), LONG_TTL);
    expect(cachedAnswer('k', LONG_TTL)).toBeUndefined();
  });

  it('judges a link without a readable expiry by the TTL alone', () => {
    const unsigned = answer('https://x/a.zip?se=soon&sig=x');
    rememberAnswer('k', unsigned, LONG_TTL);
    vi.advanceTimersByTime(LONG_TTL - 1);
    expect(cachedAnswer('k', LONG_TTL)).toBe(unsigned);
  });

  it('reads an answer nested deeper than a stack could follow', () => {
    let deep: unknown = signedIn(10_000);
    for (let depth = 0; depth < 100_000; depth += 1) deep = [deep];
    expectHandedOutFor({ data: deep }, 5_000);
  });
});
