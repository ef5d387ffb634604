import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedAnswer, clearAnswerCache, rememberAnswer } from '../../src/api/answerCache';

const TTL = 1000;
const answer = (url: string) => ({ data: { materials: [{ url }] } });

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  clearAnswerCache();
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

  it('keeps nothing while it is off (TTL 0): turning it on later asks again', () => {
    rememberAnswer('k', answer('https://x/a.png'), 0);
    expect(cachedAnswer('k', TTL)).toBeUndefined();
  });

  it('clearAnswerCache() forgets every answer', () => {
    rememberAnswer('a', answer('https://x/a.png'), TTL);
    rememberAnswer('b', answer('https://x/b.png'), TTL);
    clearAnswerCache();
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
