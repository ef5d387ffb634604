import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { buildElementLogic } from '../../src/element/elementLogic';
import { pageTime } from '../../src/element/pageScheduler';
import { LONGEST_TIMER_MS, createSharedClock, type ActorClock } from '../../src/element/sharedClock';
import { materialDownloadMachine, type LookupInput, type LookupOutput } from '../../src/machine';

/** Real timers, a clock whose `now` the test moves: which task runs what is the point here. */
function clockAt(start: number) {
  let now = start;
  const clock = createSharedClock(() => now);
  return { clock, moveTo: (at: number) => void (now = at) };
}

const afterRealTime = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Records each callback, and a microtask each queues: seen after the next callback, they ran in one task. */
function recorder() {
  const seen: string[] = [];
  const callback = (name: string) => () => {
    seen.push(name);
    queueMicrotask(() => seen.push(`microtask of ${name}`));
  };
  return { seen, callback };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the shared clock of the elements’ actors', () => {
  it('watches for the page’s return only while a timer waits: from the first timer set to the last one gone', async () => {
    const watching: string[] = [];
    const clock = createSharedClock(Date.now, () => {
      watching.push('start');
      return () => watching.push('stop');
    });
    expect(watching).toEqual([]);
    const first = clock.setTimeout(() => {}, 50);
    clock.setTimeout(() => {}, 5);
    expect(watching).toEqual(['start']);
    clock.clearTimeout(first);
    expect(watching).toEqual(['start']);
    await afterRealTime(30);
    expect(watching).toEqual(['start', 'stop']);
    clock.setTimeout(() => {}, 5);
    expect(watching).toEqual(['start', 'stop', 'start']);
    await afterRealTime(30);
    expect(watching).toEqual(['start', 'stop', 'start', 'stop']);
  });

  it('runs timers due at the same millisecond in one task, however far apart they were set', async () => {
    const { clock, moveTo } = clockAt(1000);
    const { seen, callback } = recorder();
    clock.setTimeout(callback('first'), 30); // due at 1030
    moveTo(1012);
    clock.setTimeout(callback('second'), 18); // due at 1030 too: set later, by a busier task
    await afterRealTime(60);
    expect(seen).toEqual(['first', 'second', 'microtask of first', 'microtask of second']);
  });

  it('runs a timer due a millisecond before or after an instant with it: a wait counted to one moment lands on either side of a tick', async () => {
    const { clock, moveTo } = clockAt(1000);
    const { seen, callback } = recorder();
    clock.setTimeout(callback('first'), 30); // due at 1030
    moveTo(1001);
    clock.setTimeout(callback('a tick late'), 30); // due at 1031
    moveTo(999);
    clock.setTimeout(callback('a tick early'), 30); // due at 1029
    await afterRealTime(60);
    expect(seen.slice(0, 3)).toEqual(['first', 'a tick late', 'a tick early']);
  });

  it('keeps timers due at different moments apart, in their order', async () => {
    const { clock } = clockAt(1000);
    const { seen, callback } = recorder();
    clock.setTimeout(callback('later'), 25);
    clock.setTimeout(callback('sooner'), 5);
    await afterRealTime(60);
    expect(seen).toEqual(['sooner', 'microtask of sooner', 'later', 'microtask of later']);
  });

  it('lets a timer asked for now join an instant that is already overdue', async () => {
    const { clock, moveTo } = clockAt(1000);
    const { seen, callback } = recorder();
    clock.setTimeout(callback('overdue'), 10); // due at 1010; the page has not run it yet
    moveTo(1020);
    clock.setTimeout(callback('now'), 0);
    await afterRealTime(40);
    expect(seen).toEqual(['overdue', 'now', 'microtask of overdue', 'microtask of now']);
  });

  it('clears one timer of an instant and keeps the others; clearing the last leaves nothing to run', async () => {
    const { clock } = clockAt(1000);
    const { seen, callback } = recorder();
    const first = clock.setTimeout(callback('first'), 10);
    clock.setTimeout(callback('second'), 10);
    const alone = clock.setTimeout(callback('alone'), 20);
    clock.clearTimeout(first);
    clock.clearTimeout(alone);
    clock.clearTimeout(alone); // twice, or an id it never gave: nothing happens
    const clearTimeoutSpy = vi.spyOn(globalThis, 'clearTimeout');
    clock.clearTimeout(12345);
    expect(clearTimeoutSpy).not.toHaveBeenCalled();
    await afterRealTime(50);
    expect(seen).toEqual(['second', 'microtask of second']);
  });

  it('runs the rest of an instant when one callback throws, and reports the error as a timer would', async () => {
    const { clock } = clockAt(1000);
    const reported: (() => void)[] = [];
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) => void reported.push(task));
    const ran: string[] = [];
    clock.setTimeout(() => {
      throw new Error('broken');
    }, 5);
    clock.setTimeout(() => void ran.push('after'), 5);
    await afterRealTime(30);
    expect(ran).toEqual(['after']);
    expect(reported).toHaveLength(1);
    expect(() => reported[0]!()).toThrow('broken');
  });
});

describe('waits a browser timer cannot hold, and pages that slept', () => {
  it('waits out a wait longer than 2^31−1 ms in several timers, instead of running it at once', () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const clock = createSharedClock();
      const ran: string[] = [];
      clock.setTimeout(() => void ran.push('in 30 days'), 30 * 24 * 3600_000);
      vi.advanceTimersByTime(LONGEST_TIMER_MS + 1);
      expect(ran).toEqual([]);
      vi.advanceTimersByTime(30 * 24 * 3600_000 - LONGEST_TIMER_MS);
      expect(ran).toEqual(['in 30 days']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never runs a wait of Infinity (a link that says nothing of its expiry)', () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const clock = createSharedClock();
      const ran: string[] = [];
      clock.setTimeout(() => void ran.push('never'), Number.POSITIVE_INFINITY);
      vi.advanceTimersByTime(3 * LONGEST_TIMER_MS);
      clock.wake();
      expect(ran).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('on waking, runs at once, in their order, what came due while its timers slept, and sets the rest anew', async () => {
    const { clock, moveTo } = clockAt(1000);
    const { seen, callback } = recorder();
    clock.setTimeout(callback('renewal'), 800); // due at 1800
    clock.setTimeout(callback('retry'), 500); // due at 1500
    clock.setTimeout(callback('later'), 60_000); // due at 61000
    // The laptop slept: the wall clock moved on, the timers did not run.
    moveTo(2000);
    clock.wake();
    expect(seen).toEqual(['retry', 'renewal']);
    moveTo(61_000 - 30);
    clock.wake();
    await afterRealTime(60);
    expect(seen).toEqual([
      'retry',
      'renewal',
      'microtask of retry',
      'microtask of renewal',
      'later',
      'microtask of later',
    ]);
  });

  it('on waking, skips an instant that one woken before it cleared', () => {
    const { clock, moveTo } = clockAt(1000);
    const ran: string[] = [];
    let later = 0;
    clock.setTimeout(() => {
      ran.push('first');
      clock.clearTimeout(later);
    }, 10);
    later = clock.setTimeout(() => void ran.push('cleared'), 20);
    moveTo(1100);
    clock.wake();
    expect(ran).toEqual(['first']);
  });
});

describe('retries due at one instant, on the shared clock', () => {
  /** Two elements' actors whose lookups the test answers; each lookup records whether a marker microtask ran before it. */
  function twoElements(
    clock: ActorClock | undefined,
    machine: typeof materialDownloadMachine = materialDownloadMachine,
  ) {
    const calls: { attempt: number; reject: (error: Error) => void; sameTaskAsFirstRetry: boolean }[] = [];
    let firstRetryTaskOver = false;
    const lookupLink = fromPromise<LookupOutput, LookupInput>(
      ({ input }) =>
        new Promise((_, reject) => {
          const retriesSoFar = calls.filter((call) => call.attempt > 0).length;
          if (input.attempt > 0 && retriesSoFar === 0) queueMicrotask(() => (firstRetryTaskOver = true));
          calls.push({ attempt: input.attempt, reject, sameTaskAsFirstRetry: !firstRetryTaskOver });
        }),
    );
    const logic = machine.provide({
      actors: {
        lookupLink,
        watchVisibility: fromCallback(({ sendBack }) => sendBack({ type: 'VISIBLE' })),
        watchConnection: fromCallback(() => {}),
      },
    });
    const inputs = [
      { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' as const },
      { organizationId: 'org-1', articleId: 'A-101', type: 'pbr' as const },
    ];
    const actors = inputs.map((element) =>
      createActor(logic, { input: { inputs: element }, ...(clock ? { clock } : {}) }).start(),
    );
    return { calls, actors };
  }

  /** One failed batch: the same moment to retry for both, taken in 15 ms apart, as a busy page may. */
  async function failTogetherTakenInApart(calls: ReturnType<typeof twoElements>['calls']) {
    // Far enough ahead that a busy machine takes both failures in before the moment comes.
    const retryAt = Date.now() + 200;
    const failure = () => Object.assign(new Error('request failed: HTTP 503'), { retryInMs: 200, retryAt });
    calls[0]!.reject(failure());
    await afterRealTime(15);
    calls[1]!.reject(failure());
    await vi.waitFor(() => expect(calls.filter((call) => call.attempt === 1)).toHaveLength(2), { timeout: 2000 });
    return calls.filter((call) => call.attempt === 1);
  }

  it('start both retries in one task, so their lookups are queued together for one batch', async () => {
    const { calls, actors } = twoElements(createSharedClock());
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    const retries = await failTogetherTakenInApart(calls);
    expect(retries.map((call) => call.sameTaskAsFirstRetry)).toEqual([true, true]);
    for (const actor of actors) actor.stop();
  });

  /** A clock whose page is preempted for `ms` before each timer after the first is set: XState counts the wait first. */
  function preemptedBeforeSetting(clock: ActorClock, ms: number): ActorClock {
    let set = 0;
    return {
      setTimeout(callback, wait) {
        set += 1;
        const until = Date.now() + (set > 1 ? ms : 0);
        while (Date.now() < until);
        return clock.setTimeout(callback, wait);
      },
      clearTimeout: (id) => clock.clearTimeout(id),
    };
  }

  it('start both retries in one task though the page is preempted between counting the wait and setting it, as the elements count it', async () => {
    const clock = preemptedBeforeSetting(createSharedClock(pageTime), 30);
    const { calls, actors } = twoElements(clock, buildElementLogic());
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    const retries = await failTogetherTakenInApart(calls);
    expect(retries.map((call) => call.sameTaskAsFirstRetry)).toEqual([true, true]);
    for (const actor of actors) actor.stop();
  });

  it('(counted from the time of each reading, the preempted retry lands 30 ms late, in a task of its own)', async () => {
    const clock = preemptedBeforeSetting(createSharedClock(), 30);
    const { calls, actors } = twoElements(clock);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    const retries = await failTogetherTakenInApart(calls);
    expect(retries.map((call) => call.sameTaskAsFirstRetry)).toEqual([true, false]);
    for (const actor of actors) actor.stop();
  });

  it('(without it, each element’s own timer starts its retry in a task of its own)', async () => {
    const { calls, actors } = twoElements(undefined);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    const retries = await failTogetherTakenInApart(calls);
    expect(retries.map((call) => call.sameTaskAsFirstRetry)).toEqual([true, false]);
    for (const actor of actors) actor.stop();
  });
});
