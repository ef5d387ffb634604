import { settlingsOf } from './support/manualLookup';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  materialDownloadMachine,
  type LookupInput,
  type LookupOutput,
  type MaterialDownloadEvent,
  type MaterialDownloadInputs,
} from '../../src/machine';

/**
 * What the machine makes of whatever its lookup settles with (the transport
 * rejects with LookupErrors; a provided lookup may reject with anything), and
 * what it hands the watches it invokes.
 */

const pbr: MaterialDownloadInputs = { organizationId: 'org-1', articleId: 'A-101', type: 'pbr' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(inputs: MaterialDownloadInputs, options: { target?: unknown } = {}) {
  const lookups: { resolve: (href: LookupOutput) => void; reject: (error: unknown) => void }[] = [];
  const watchedElements: unknown[] = [];
  const connectionWatches: boolean[] = [];
  const reported: (string | null)[] = [];
  const machine = materialDownloadMachine.provide({
    actors: {
      lookupLink: fromPromise<LookupOutput, LookupInput>(
        () => new Promise((resolve, reject) => lookups.push({ resolve, reject })),
      ),
      watchVisibility: fromCallback<MaterialDownloadEvent, unknown>(({ input }) => void watchedElements.push(input)),
      watchConnection: fromCallback<MaterialDownloadEvent, boolean>(({ input }) => void connectionWatches.push(input)),
    },
    actions: { reportError: (_, { error }) => void reported.push(error) },
  });
  const actor = createActor(machine, { input: { inputs, ...options } });
  const settlings = settlingsOf(actor);
  actor.start();
  return { actor, lookups, watchedElements, connectionWatches, reported, settlings };
}

describe('a lookup that rejects with something other than an Error', () => {
  it.each([
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['a string', 'socket closed', 'socket closed'],
    ['an object without a message', { code: 7 }, '[object Object]'],
    ['an object whose message is no string', { message: 42 }, '[object Object]'],
  ])('%s: disables with it as the message, and does not retry', async (_, rejection, message) => {
    const { actor, lookups, reported, settlings } = start(pbr);
    lookups[0]!.reject(rejection);
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('disabled');
    expect(reported).toEqual([message]);
    expect(settlings).toEqual([{ state: 'disabled', href: null, error: message, reason: 'request-failed' }]);
    expect(lookups).toHaveLength(1);
  });

  it('an Error: its message, not its name', async () => {
    const { lookups, reported } = start(pbr);
    lookups[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(reported).toEqual(['Failed to fetch']);
  });

  it('a retry time that is no number is no reason to retry', async () => {
    const { actor, lookups } = start(pbr);
    lookups[0]!.reject(Object.assign(new Error('request failed: HTTP 503'), { retryInMs: '500' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('disabled');
  });
});

describe('the watches it invokes are told', () => {
  it('which element to watch for visibility: the target it was given', () => {
    const element = { tagName: 'CM-MATERIAL-DOWNLOAD' };
    const { watchedElements } = start({ ...pbr, loading: 'lazy' }, { target: element });
    expect(watchedElements).toEqual([element]);
    expect(watchedElements[0]).toBe(element);
  });

  it('null for the element when none was given', () => {
    const { watchedElements } = start({ ...pbr, loading: 'lazy' });
    expect(watchedElements).toEqual([null]);
  });

  it('whether the last lookup failed on the wire, each time it is disabled', async () => {
    const { actor, lookups, connectionWatches } = start(pbr);
    lookups[0]!.reject(Object.assign(new Error('network error: Failed to fetch'), { transient: true }));
    await settle();
    actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, articleId: 'A-102' } });
    lookups[1]!.reject(new Error('request failed: HTTP 500'));
    await settle();
    actor.send({ type: 'INPUTS.SET', inputs: { ...pbr, articleId: 'A-103' } });
    lookups[2]!.reject(Object.assign(new Error('odd'), { transient: 'yes' }));
    await settle();
    expect(connectionWatches).toEqual([true, false, false]);
  });

  it('nothing failed on the wire for invalid inputs or a missing link', async () => {
    const { actor, lookups, connectionWatches } = start({ ...pbr, type: 'video' });
    actor.send({ type: 'INPUTS.SET', inputs: pbr });
    lookups[0]!.resolve(null);
    await settle();
    expect(connectionWatches).toEqual([false, false]);
  });
});

describe('coming back online after a failure on the wire', () => {
  const onTheWire = (retryInMs?: number) =>
    Object.assign(new Error('network error: Failed to fetch'), { transient: true, retryInMs });

  it('starts the retries over: the next lookup is a first attempt', async () => {
    vi.useFakeTimers();
    try {
      const attempts: number[] = [];
      const lookups: ((error: unknown) => void)[] = [];
      const machine = materialDownloadMachine.provide({
        actors: {
          lookupLink: fromPromise<LookupOutput, LookupInput>(({ input }) => {
            attempts.push(input.attempt);
            return new Promise((_, reject) => lookups.push(reject));
          }),
        },
      });
      const actor = createActor(machine, { input: { inputs: pbr } }).start();
      lookups[0]!(onTheWire(100));
      await vi.advanceTimersByTimeAsync(100);
      lookups[1]!(onTheWire());
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('disabled');
      actor.send({ type: 'RECONNECTED' });
      expect(attempts).toEqual([0, 1, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets the failure: a lookup that then finds no link is a plain disabled, not worth another reconnect', async () => {
    const { actor, lookups, connectionWatches, settlings } = start(pbr);
    lookups[0]!.reject(onTheWire());
    await settle();
    actor.send({ type: 'RECONNECTED' });
    lookups[1]!.resolve(null);
    await settle();
    expect(settlings.map(({ error }) => error)).toEqual(['network error: Failed to fetch', null]);
    expect(connectionWatches).toEqual([true, false]);
    actor.send({ type: 'RECONNECTED' });
    expect(actor.getSnapshot().value).toBe('disabled');
    expect(lookups).toHaveLength(2);
  });
});
