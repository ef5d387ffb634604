import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { createActorClock } from '../../src/element/page';
import { connect, materialDownloadMachine, type LookupInput, type LookupOutput } from '../../src/machine';
import { manualLookup, settlingsOf } from './support/manualLookup';

/**
 * Signed links in the machine alone: refreshed at 80% of their life since
 * they arrived, kept while the refresh is out, removed the moment they
 * expire. Time is the test's (fake timers, the element's clock on them).
 */

const START = Date.UTC(2026, 10, 25, 10, 0, 0);
const swatch = { organizationId: 'org-1', articleId: 'A-100', type: 'thumbnail', dimensions: '10x10cm' } as const;

/** An Azure SAS link to `name` that expires `lifeMs` from now. */
function azureLink(name: string, lifeMs: number): string {
  const se = new Date(Date.now() + lifeMs).toISOString();
  return `https://files.example/${name}?sv=2025-01-05&sr=b&sp=r&se=${encodeURIComponent(se)}&sig=c2ln`;
}

function start() {
  const { calls, logic: lookupLink } = manualLookup();
  const reported: (string | null)[] = [];
  const actor = createActor(
    materialDownloadMachine.provide({
      actors: { lookupLink, watchVisibility: fromCallback(() => {}) },
      actions: { reportError: (_, { error }) => void reported.push(error) },
    }),
    { input: { inputs: swatch }, clock: createActorClock() },
  );
  const settlings = settlingsOf(actor);
  actor.start();
  /** Answers the newest lookup, and lets the machine take the answer in. */
  const answer = async (href: LookupOutput) => {
    calls.at(-1)!.resolve(href);
    await vi.advanceTimersByTimeAsync(0);
  };
  const fail = async (error: Error) => {
    calls.at(-1)!.reject(error);
    await vi.advanceTimersByTimeAsync(0);
  };
  const state = () => actor.getSnapshot().value;
  const view = () => connect(actor.getSnapshot());
  return { actor, calls, reported, settlings, answer, fail, state, view };
}

beforeEach(() => {
  vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'Date', 'queueMicrotask'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a signed link in the machine', () => {
  it('is refreshed once 80% of its life since it arrived has passed; the link stays meanwhile, the fresh one is announced', async () => {
    const element = start();
    const first = azureLink('a.png', 10_000);
    await element.answer(first);
    expect(element.actor.getSnapshot().context).toMatchObject({ expiresAt: START + 10_000, renewAt: START + 8_000 });

    await vi.advanceTimersByTimeAsync(7_900);
    expect(element.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(element.state()).toBe('refreshing');
    expect(element.calls).toHaveLength(2);
    expect(element.view()).toEqual({
      state: 'enabled',
      href: first,
      disabled: false,
      reason: null,
      settled: { state: 'enabled', href: first, error: null, reason: null },
    });

    const second = azureLink('a.png', 10_000);
    await element.answer(second);
    expect(element.state()).toBe('enabled');
    expect(element.view().href).toBe(second);
    expect(element.settlings).toEqual([
      { state: 'enabled', href: first, error: null, reason: null },
      { state: 'enabled', href: second, error: null, reason: null },
    ]);
  });

  it('a link whose expiry cannot be read is looked up once and never refreshed', async () => {
    const element = start();
    await element.answer('https://files.example/a.png');
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(element.calls).toHaveLength(1);
    expect(element.state()).toBe('enabled');
  });

  it('a link whose expiry cannot be read sets no timer on the actor’s clock: a page of them holds none', async () => {
    const clock = createActorClock();
    const setTimeout = vi.spyOn(clock, 'setTimeout');
    const { calls, logic: lookupLink } = manualLookup();
    const actor = createActor(
      materialDownloadMachine.provide({ actors: { lookupLink, watchVisibility: fromCallback(() => {}) } }),
      { input: { inputs: swatch }, clock },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    const before = setTimeout.mock.calls.length;
    calls.at(-1)!.resolve('https://files.example/a.png');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('enabled');
    expect(setTimeout.mock.calls.slice(before)).toEqual([]);
    // A signed one sets its renewal.
    actor.send({ type: 'INPUTS.SET', inputs: { ...swatch, articleId: 'A-101' } });
    await vi.advanceTimersByTimeAsync(0);
    calls.at(-1)!.resolve(azureLink('b.png', 10_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(setTimeout.mock.calls.slice(before).map(([, ms]) => ms)).toContain(8_000);
    actor.stop();
  });

  it('a found link is timed by the expiry the lookup read against the provider’s clock, whatever this device’s clock makes of the URL', async () => {
    const element = start();
    // Dated 2 h before this device's now, as a provider whose clock is 2 h behind signs it.
    const href = azureLink('a.png', -2 * 3_600_000 + 10_000);
    await element.answer({ href, expiresAt: START + 10_000 });
    expect(element.actor.getSnapshot().context).toMatchObject({
      href,
      expiresAt: START + 10_000,
      renewAt: START + 8_000,
    });
    await vi.advanceTimersByTimeAsync(8_000);
    expect(element.state()).toBe('refreshing');
    expect(element.calls).toHaveLength(2);
    await element.answer({ href: azureLink('b.png', -2 * 3_600_000 + 10_000), expiresAt: START + 18_000 });
    expect(element.settlings.map(({ state }) => state)).toEqual(['enabled', 'enabled']);
  });

  it('a found link whose expiry says nothing is kept untimed, however its URL reads', async () => {
    const element = start();
    await element.answer({ href: azureLink('a.png', 10_000), expiresAt: null });
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(element.calls).toHaveLength(1);
    expect(element.view().state).toBe('enabled');
  });

  it('a link that has expired when it arrives (a provider that hands out dead links) is kept, untimed: no lookup after lookup', async () => {
    const element = start();
    await element.answer(azureLink('a.png', -60_000));
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(element.calls).toHaveLength(1);
    expect(element.view().state).toBe('enabled');
  });

  it('a link of 2 s makes one lookup per link, never a storm', async () => {
    const element = start();
    for (let link = 0; link < 6; link += 1) {
      await element.answer(azureLink(`a.png`, 2_000));
      await vi.advanceTimersByTimeAsync(1_600);
    }
    const gaps = element.calls.slice(1).map((call, index) => call.at - element.calls[index]!.at);
    expect(gaps).toEqual([1_600, 1_600, 1_600, 1_600, 1_600, 1_600]);
  });

  it('however short a link’s life, the next lookup waits at least 500 ms after it arrived', async () => {
    const element = start();
    await element.answer(azureLink('a.png', 1_000));
    expect(element.actor.getSnapshot().context.renewAt).toBe(START + 800);
    // The service rounds its expiry to the second: this one has 200 ms left when it arrives.
    await vi.advanceTimersByTimeAsync(800);
    await element.answer(
      `https://files.example/a.png?se=${encodeURIComponent(new Date(START + 1_000).toISOString())}&sig=c2ln`,
    );
    expect(element.actor.getSnapshot().context.renewAt).toBe(START + 800 + 500);
  });

  it('expired before the fresh one came: removed at once, announced with reason expired, looked up until it comes', async () => {
    const element = start();
    const first = azureLink('a.png', 10_000);
    await element.answer(first);
    await vi.advanceTimersByTimeAsync(8_000);
    expect(element.state()).toBe('refreshing');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(element.state()).toBe('fetching');
    expect(element.view()).toEqual({
      state: 'disabled',
      href: null,
      disabled: true,
      reason: 'expired',
      settled: { state: 'disabled', href: null, error: null, reason: 'expired' },
    });
    expect(element.settlings.at(-1)).toEqual({ state: 'disabled', href: null, error: null, reason: 'expired' });
    expect(element.reported).toEqual([]);
    // The refresh's lookup gave way to the same one (the transport shares it while it is on the wire).
    expect(element.calls[1]!.signal.aborted).toBe(true);
    expect(element.calls).toHaveLength(3);

    const fresh = azureLink('a.png', 10_000);
    await element.answer(fresh);
    expect(element.view()).toEqual({
      state: 'enabled',
      href: fresh,
      disabled: false,
      reason: null,
      settled: { state: 'enabled', href: fresh, error: null, reason: null },
    });
    expect(element.settlings.at(-1)).toEqual({ state: 'enabled', href: fresh, error: null, reason: null });
  });

  it('a refresh that fails while the link works tries again before it runs out, keeping the link and telling the page nothing', async () => {
    const element = start();
    const first = azureLink('a.png', 10_000);
    await element.answer(first);
    await vi.advanceTimersByTimeAsync(8_000);
    await element.fail(new Error('request failed: HTTP 500'));
    expect(element.state()).toBe('enabled');
    expect(element.view().href).toBe(first);
    expect(element.settlings).toHaveLength(1);
    expect(element.reported).toEqual([]);
    // Halfway between the failure and the end of the link's life.
    await vi.advanceTimersByTimeAsync(999);
    expect(element.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(element.state()).toBe('refreshing');
    expect(element.calls).toHaveLength(3);

    const fresh = azureLink('a.png', 10_000);
    await element.answer(fresh);
    expect(element.view().href).toBe(fresh);
    expect(element.actor.getSnapshot().context.refreshFailed).toBe(false);
  });

  it('after that, a failure is a failed lookup like any other: disabled with its reason, logged', async () => {
    const element = start();
    await element.answer(azureLink('a.png', 10_000));
    await vi.advanceTimersByTimeAsync(8_000);
    await element.fail(new Error('request failed: HTTP 500'));
    await vi.advanceTimersByTimeAsync(1_000);
    await element.fail(Object.assign(new Error('request failed: HTTP 500'), { reason: 'request-failed' }));
    expect(element.state()).toBe('disabled');
    expect(element.settlings.at(-1)).toEqual({
      state: 'disabled',
      href: null,
      error: 'request failed: HTTP 500',
      reason: 'request-failed',
    });
    expect(element.reported).toEqual(['request failed: HTTP 500']);
  });

  it('and one on the wire is retried as any lookup is', async () => {
    const element = start();
    await element.answer(azureLink('a.png', 10_000));
    await vi.advanceTimersByTimeAsync(8_000);
    const onTheWire = () => Object.assign(new Error('request failed: HTTP 503'), { retryInMs: 300, transient: true });
    await element.fail(onTheWire());
    await vi.advanceTimersByTimeAsync(1_000);
    await element.fail(onTheWire());
    expect(element.state()).toBe('retrying');
    await vi.advanceTimersByTimeAsync(300);
    expect(element.state()).toBe('fetching');
    expect(element.calls.at(-1)!.attempt).toBe(1);
  });

  it('woken after its timers slept past the expiry: removed and looked up at once', async () => {
    const clock = createActorClock();
    const calls: number[] = [];
    const actor = createActor(
      materialDownloadMachine.provide({
        actors: {
          lookupLink: fromPromise<LookupOutput, LookupInput>(async () => {
            calls.push(Date.now());
            return calls.length === 1 ? azureLink('a.png', 10_000) : new Promise<LookupOutput>(() => {});
          }),
        },
      }),
      { input: { inputs: swatch }, clock },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('enabled');
    // A laptop asleep: the wall clock jumps, no timer ran.
    vi.setSystemTime(START + 60_000);
    clock.wake();
    expect(connect(actor.getSnapshot())).toMatchObject({ state: 'disabled', reason: 'expired' });
    expect(calls).toEqual([START, START + 60_000]);
    actor.stop();
  });

  it('an input change or the removal during a refresh aborts it', async () => {
    const element = start();
    await element.answer(azureLink('a.png', 10_000));
    await vi.advanceTimersByTimeAsync(8_000);
    element.actor.send({ type: 'INPUTS.SET', inputs: { ...swatch, articleId: 'A-101' } });
    expect(element.calls[1]!.signal.aborted).toBe(true);
    expect(element.state()).toBe('fetching');
    await element.answer(azureLink('b.png', 10_000));
    await vi.advanceTimersByTimeAsync(8_000);
    element.actor.send({ type: 'DESTROY' });
    expect(element.calls[3]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(element.calls).toHaveLength(4);
  });
});
