import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { abandonedByAll } from '../../src/api/batchQueue';
import { createOperationSharing, waitFor, type SharedOperation } from '../../src/api/transport';
import { readDownloadUrl } from '../../src/api/readers';
import type { Operation, OperationResult, SendOptions } from '../../src/api/transport';
import { answerEach, articlesPerRequest, fakeFetch, thumbnailAnswer, type Answer } from './support/fakeFetch';
import {
  answerLinks,
  freshSendOptions as freshOptions,
  linkAnswerOf as answerOf,
  thumbnailOperation as operation,
  useFakeClock,
} from './support/transportFixtures';

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

const { elapse, transport } = useFakeClock();
const sendOperation = (operation: Operation, options: SendOptions) => transport().sendOperation(operation, options);

/** A-1 for a caller who leaves once it is on the wire, beside a caller of `stayingFor` who stays. */
async function oneLeavesOnTheWire(options: SendOptions, stayingFor: string) {
  const leaving = new AbortController();
  const left = sendOperation(operation('A-1'), { ...options, signal: leaving.signal }).catch(() => 'left');
  const staying = sendOperation(operation(stayingFor), options);
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
    const options = freshOptions({ batch: false });
    const leaving = new AbortController();
    const ask = () => sendOperation(operation('A-1'), { ...options, signal: new AbortController().signal });
    const left = sendOperation(operation('A-1'), { ...options, signal: leaving.signal });
    let staying = joins === 'before' ? ask() : null;
    await elapse(0);
    leaving.abort();
    staying ??= ask();
    await expect(left).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests[0]!.signal!.aborted).toBe(false);
    held.releaseAll();
    expect(await staying).toEqual(answerOf('A-1'));
    expect(requests).toHaveLength(1);
  }

  it('goes on when one of them leaves while it is on the wire: the other gets the answer', () =>
    leavingWhileStaying('before'));

  // As an element whose refresh is overtaken by its link's expiry: one lookup stops, the same starts.
  it('goes on when the last caller leaves and another joins in the same step: one request, not two', () =>
    leavingWhileStaying('as it leaves'));

  it('is dropped before it is sent once both have left, and a newcomer starts afresh', async () => {
    const { requests } = fakeFetch(answerLinks);
    const options = freshOptions();
    const callers = [new AbortController(), new AbortController()];
    const results = callers.map((caller) =>
      sendOperation(operation('A-1'), { ...options, signal: caller.signal }).catch((error: Error) => error.name),
    );
    for (const caller of callers) caller.abort();
    expect(await Promise.all(results)).toEqual(['AbortError', 'AbortError']);
    const newcomer = sendOperation(operation('A-1'), options);
    await elapse(30);
    expect(await newcomer).toEqual(answerOf('A-1'));
    expect(articlesPerRequest(requests)).toEqual([['A-1']]);
  });

  it('rejects a leaving caller with its own reason', async () => {
    fakeFetch(heldAnswers().answer);
    const leaving = new AbortController();
    const left = sendOperation(operation('A-1'), { ...freshOptions(), signal: leaving.signal });
    leaving.abort(new Error('element removed'));
    await expect(left).rejects.toThrow('element removed');
  });
});

describe('a lookup sent ahead of the actor that will make it', () => {
  /** A-1 asked and answered, then asked again by a newcomer (cacheTtlMs 0: no cache keeps the answer). */
  async function askedAgainAfterTheAnswer(ahead: boolean) {
    const { requests } = fakeFetch(answerLinks);
    const options = freshOptions({ batch: false, cacheTtlMs: 0 });
    const hold = new AbortController();
    const first = await sendOperation(operation('A-1'), { ...options, signal: hold.signal, ahead });
    const actor = await sendOperation(operation('A-1'), { ...options, signal: new AbortController().signal });
    return { requests, options, hold, first, actor };
  }

  it('keeps its answer to be joined while it holds it, even one no cache keeps: one request', async () => {
    const { requests, first, actor } = await askedAgainAfterTheAnswer(true);
    expect(actor).toEqual(answerOf('A-1'));
    expect(actor).toBe(first);
    expect(requests).toHaveLength(1);
  });

  it('once let go, leaves a newcomer to ask afresh', async () => {
    const { requests, options, hold } = await askedAgainAfterTheAnswer(true);
    hold.abort();
    await elapse(0);
    expect(await sendOperation(operation('A-1'), options)).toEqual(answerOf('A-1'));
    expect(requests).toHaveLength(2);
  });

  it('an ordinary caller keeps nothing once answered: the newcomer asks again', async () => {
    const { requests, actor } = await askedAgainAfterTheAnswer(false);
    expect(actor).toEqual(answerOf('A-1'));
    expect(requests).toHaveLength(2);
  });
});

describe("a caller's signal", () => {
  it('keeps no listener once the answer has come', async () => {
    fakeFetch(answerLinks);
    const caller = new AbortController();
    const result = sendOperation(operation('A-1'), { ...freshOptions(), signal: caller.signal });
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(1);
    await elapse(30);
    await result;
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });

  it('keeps no listener once its caller has left, while the others still wait', async () => {
    const held = heldAnswers();
    fakeFetch(held.answer);
    const { leaving, staying } = await oneLeavesOnTheWire(freshOptions(), 'A-1');
    expect(getEventListeners(leaving.signal, 'abort')).toHaveLength(0);
    held.releaseAll();
    await staying;
  });
});

describe('an operation everyone left before it was sent', () => {
  it('settles as aborted at once, so whoever holds it is not left waiting', async () => {
    const shared = createOperationSharing()('never-sent A-1', operation('A-1'), () => {});
    let outcome: unknown = 'pending';
    shared.result.then(
      () => (outcome = 'answered'),
      (error: unknown) => (outcome = error),
    );
    const callers = [new AbortController(), new AbortController()];
    const left = callers.map((caller) => waitFor(shared, caller.signal).catch(() => 'left'));
    callers[0]!.abort();
    await elapse(0);
    expect(outcome).toBe('pending');
    callers[1]!.abort();
    await elapse(0);
    expect(outcome).toMatchObject({ name: 'AbortError' });
    expect(await Promise.all(left)).toEqual(['left', 'left']);
  });
});

describe('an operation everyone left while its batch went on', () => {
  it('is still answered, and its answer cached for the next caller', async () => {
    const held = heldAnswers();
    const { requests } = fakeFetch(held.answer);
    const options = freshOptions({ cacheTtlMs: 60_000 });
    const { staying: mate } = await oneLeavesOnTheWire(options, 'A-2');
    held.releaseAll();
    await mate;
    expect(await sendOperation(operation('A-1'), options)).toEqual(answerOf('A-1'));
    expect(articlesPerRequest(requests)).toEqual([['A-1', 'A-2']]);
  });

  it('settling late does not end the sharing of the operation that took its place', async () => {
    const held = heldAnswers();
    const { requests } = fakeFetch(held.answer);
    const options = freshOptions();
    const { staying: mate } = await oneLeavesOnTheWire(options, 'A-2');
    // Asked again while the abandoned one is still on the wire: a new operation takes its place.
    const second = sendOperation(operation('A-1'), options);
    held.releaseAll();
    await mate;
    // The abandoned one has settled now; a third caller still joins the second.
    const third = sendOperation(operation('A-1'), options);
    await elapse(30);
    held.releaseAll();
    expect(await Promise.all([second, third])).toEqual([answerOf('A-1'), answerOf('A-1')]);
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
  const linkOf = (result: OperationResult) => readDownloadUrl('thumbnail', result.data);

  it('is shared only while in flight; once answered, a caller gets it from the cache only in the first half of its life', async () => {
    const { requests } = fakeFetch(answerSignedLinks());
    const options = freshOptions({ cacheTtlMs: 60_000 });
    const sharing = [sendOperation(operation('A-1'), options), sendOperation(operation('A-1'), options)];
    await elapse(30);
    const [first, second] = await Promise.all(sharing);
    expect(linkOf(first!)).toMatch(/\?n=1&/);
    expect(second).toBe(first);

    await elapse(4_000);
    expect(await sendOperation(operation('A-1'), options)).toBe(first);
    await elapse(1_000);
    const renewed = sendOperation(operation('A-1'), options);
    await elapse(30);
    expect(linkOf(await renewed)).toMatch(/\?n=2&/);
    expect(requests).toHaveLength(2);
  });
});

describe('abandonedByAll', () => {
  const member = () => ({ abandoned: new AbortController() }) as SharedOperation;

  it('aborts once every member is abandoned, not before', () => {
    const batch = [member(), member(), member()];
    const everyoneLeft = abandonedByAll(batch);
    batch[0]!.abandoned.abort();
    batch[2]!.abandoned.abort();
    expect(everyoneLeft.signal.aborted).toBe(false);
    batch[1]!.abandoned.abort();
    expect(everyoneLeft.signal.aborted).toBe(true);
  });

  it('leaves no listener on a member once it fired, or once aborted by hand', () => {
    const batch = [member(), member()];
    const everyoneLeft = abandonedByAll(batch);
    expect(batch.map(({ abandoned }) => getEventListeners(abandoned.signal, 'abort').length)).toEqual([1, 1]);
    batch[0]!.abandoned.abort();
    expect(batch.map(({ abandoned }) => getEventListeners(abandoned.signal, 'abort').length)).toEqual([0, 1]);
    everyoneLeft.abort();
    expect(batch.map(({ abandoned }) => getEventListeners(abandoned.signal, 'abort').length)).toEqual([0, 0]);
  });
});
