import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { FoundLink } from '../../src/machine/materialDownload.types';
import { answerEach, articlesPerRequest, fakeFetch, thumbnailAnswer, type Answer } from './support/fakeFetch';
import { answerLinks, foundLinkOf as linkOf, freshConfig, useFakeClock } from './support/transportFixtures';

/**
 * Callers of one operation share it; each caller's signal takes that caller
 * out and nobody else. Against a fake `fetch` on a fake clock.
 */

/** Answers only when the test says so, each operation with the link of its own article. */
function heldAnswers() {
  const release: (() => void)[] = [];
  const answer: Answer = (request) => new Promise((resolve) => release.push(() => resolve(answerLinks(request))));
  return { answer, releaseAll: () => release.splice(0).forEach((go) => go()) };
}

const { elapse, lookup } = useFakeClock();

/** A-1 for a caller who leaves once it is on the wire, beside a caller of `stayingFor` who stays. */
async function oneLeavesOnTheWire(stayingFor: string) {
  const leaving = new AbortController();
  const left = lookup('A-1', leaving.signal).catch(() => 'left');
  const staying = lookup(stayingFor);
  await elapse(30);
  leaving.abort();
  expect(await left).toBe('left');
  return { leaving, staying };
}

describe('an operation shared by two callers', () => {
  /**
   * A-1 on the wire for a caller who leaves, and for another who stays: one
   * who asked beside it, or one who joins in the very step the first leaves.
   */
  async function leavingWhileStaying(joins: 'before' | 'as it leaves') {
    const held = heldAnswers();
    const { requests } = fakeFetch(held.answer);
    freshConfig({ batch: false });
    const leaving = new AbortController();
    const ask = () => lookup('A-1');
    const left = lookup('A-1', leaving.signal);
    let staying = joins === 'before' ? ask() : null;
    await elapse(0);
    leaving.abort();
    staying ??= ask();
    await expect(left).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests[0]!.signal!.aborted).toBe(false);
    held.releaseAll();
    expect(await staying).toEqual(linkOf('A-1'));
    expect(requests).toHaveLength(1);
  }

  it('goes on when one of them leaves while it is on the wire: the other gets the answer', () =>
    leavingWhileStaying('before'));

  // As an element whose refresh is overtaken by its link's expiry: one lookup stops, the same starts.
  it('goes on when the last caller leaves and another joins in the same step: one request, not two', () =>
    leavingWhileStaying('as it leaves'));

  it('is dropped before it is sent once both have left, and a newcomer starts afresh', async () => {
    const { requests } = fakeFetch(answerLinks);
    freshConfig();
    const callers = [new AbortController(), new AbortController()];
    const results = callers.map((caller) => lookup('A-1', caller.signal).catch((error: Error) => error.name));
    for (const caller of callers) caller.abort();
    expect(await Promise.all(results)).toEqual(['AbortError', 'AbortError']);
    const newcomer = lookup('A-1');
    await elapse(30);
    expect(await newcomer).toEqual(linkOf('A-1'));
    expect(articlesPerRequest(requests)).toEqual([['A-1']]);
  });

  it('rejects a leaving caller with its own reason', async () => {
    fakeFetch(heldAnswers().answer);
    const leaving = new AbortController();
    freshConfig();
    const left = lookup('A-1', leaving.signal);
    leaving.abort(new Error('element removed'));
    await expect(left).rejects.toThrow('element removed');
  });
});

describe("a caller's signal", () => {
  it('keeps no listener once the answer has come', async () => {
    fakeFetch(answerLinks);
    const caller = new AbortController();
    freshConfig();
    const result = lookup('A-1', caller.signal);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(1);
    await elapse(30);
    await result;
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });

  it('keeps no listener once its caller has left, while the others still wait', async () => {
    const held = heldAnswers();
    fakeFetch(held.answer);
    freshConfig();
    const { leaving, staying } = await oneLeavesOnTheWire('A-1');
    expect(getEventListeners(leaving.signal, 'abort')).toHaveLength(0);
    held.releaseAll();
    await staying;
  });
});

describe('an operation everyone left while its batch went on', () => {
  it('is still answered, and its answer cached for the next caller', async () => {
    const held = heldAnswers();
    const { requests } = fakeFetch(held.answer);
    freshConfig({ cacheTtlMs: 60_000 });
    const { staying: mate } = await oneLeavesOnTheWire('A-2');
    held.releaseAll();
    await mate;
    expect(await lookup('A-1')).toEqual(linkOf('A-1'));
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2']]);
  });

  it('settling late does not end the sharing of the operation that took its place', async () => {
    const held = heldAnswers();
    const { requests } = fakeFetch(held.answer);
    freshConfig();
    const { staying: mate } = await oneLeavesOnTheWire('A-2');
    // Asked again while the abandoned one is still on the wire: a new operation takes its place.
    const second = lookup('A-1');
    held.releaseAll();
    await mate;
    // The abandoned one has settled now; a third caller still joins the second.
    const third = lookup('A-1');
    await elapse(30);
    held.releaseAll();
    expect(await Promise.all([second, third])).toEqual([linkOf('A-1'), linkOf('A-1')]);
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2'], ['A-1']]);
  });
});

describe('an operation whose answer carries a signed link', () => {
  /** Answers each request with a new link of the article's that expires 10 s on (an Azure SAS). */
  const answerSignedLinks = () => {
    let issued = 0;
    return answerEach((variables) => {
      issued += 1;
      const expiry = new Date(Date.now() + 10_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      return thumbnailAnswer(`https://files.example/${String(variables.articleId)}.png?n=${issued}&se=${expiry}&sig=x`);
    });
  };
  const hrefOf = (found: FoundLink | null) => found?.href;

  it('is shared only while in flight; once answered, a caller gets it from the cache only in the first half of its life', async () => {
    const { requests } = fakeFetch(answerSignedLinks());
    freshConfig({ cacheTtlMs: 60_000 });
    const sharing = [lookup('A-1'), lookup('A-1')];
    await elapse(30);
    const [first, second] = await Promise.all(sharing);
    expect(hrefOf(first!)).toMatch(/\?n=1&/);
    expect(second).toEqual(first);

    await elapse(4_000);
    expect(await lookup('A-1')).toEqual(first);
    await elapse(1_000);
    const renewed = lookup('A-1');
    await elapse(30);
    expect(hrefOf(await renewed)).toMatch(/\?n=2&/);
    expect(requests).toHaveLength(2);
  });
});
