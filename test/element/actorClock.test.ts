import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActorClock } from '../../src/element/page';

const DAY_MS = 24 * 60 * 60_000;

describe('the actors’ clock', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('waits out a wait longer than a browser timer holds (a link that lives 30 days), instead of running it at once', () => {
    const clock = createActorClock();
    const ran = vi.fn();
    clock.setTimeout(ran, 30 * DAY_MS);
    vi.advanceTimersByTime(2 ** 31 - 1);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30 * DAY_MS - (2 ** 31 - 1));
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('on waking, runs at once, in their order, what came due while its timers slept, and keeps the rest', () => {
    const changed = vi.fn();
    const clock = createActorClock(changed);
    const order: string[] = [];
    clock.setTimeout(() => order.push('later'), 5000);
    clock.setTimeout(() => order.push('second'), 2000);
    clock.setTimeout(() => order.push('first'), 1000);
    const cleared = clock.setTimeout(() => order.push('cleared'), 1500);
    clock.clearTimeout(cleared);
    expect(clock.waiting()).toBe(true);
    // A laptop asleep: the wall clock jumps, no timer ran.
    vi.setSystemTime(Date.now() + 3000);
    clock.wake();
    expect(order).toEqual(['first', 'second']);
    vi.advanceTimersByTime(1999);
    expect(order).toEqual(['first', 'second']);
    vi.advanceTimersByTime(1);
    expect(order).toEqual(['first', 'second', 'later']);
    expect(clock.waiting()).toBe(false);
    expect(changed).toHaveBeenCalled();
  });
  it('runs timers due within a few ms of each other in one task: the retries of one failed request share a batch', () => {
    const clock = createActorClock();
    const order: string[] = [];
    clock.setTimeout(() => order.push('first'), 1000);
    clock.setTimeout(() => order.push('same moment'), 1012);
    clock.setTimeout(() => order.push('later'), 1020);
    vi.advanceTimersByTime(1000);
    expect(order).toEqual(['first', 'same moment']);
    vi.advanceTimersByTime(20);
    expect(order).toEqual(['first', 'same moment', 'later']);
    expect(clock.waiting()).toBe(false);
  });
});
