import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { abortError, anySignal, timeoutSignal } from '../../src/api/signals';

afterEach(() => vi.useRealTimers());

describe('anySignal', () => {
  it('aborts with the reason of the first of its signals to abort', () => {
    const [first, second] = [new AbortController(), new AbortController()];
    const any = anySignal([first.signal, second.signal]);
    expect(any.aborted).toBe(false);
    second.abort('second');
    first.abort('first');
    expect(any.aborted).toBe(true);
    expect(any.reason).toBe('second');
  });

  it('is aborted at once, with its reason, when one of them already is', () => {
    const any = anySignal([new AbortController().signal, AbortSignal.abort('gone'), AbortSignal.abort('later')]);
    expect(any.aborted).toBe(true);
    expect(any.reason).toBe('gone');
  });

  it('leaves no listener on its signals once disposed, or once one of them aborted', () => {
    const [first, second] = [new AbortController(), new AbortController()];
    const any = anySignal([first.signal, second.signal]);
    expect(getEventListeners(first.signal, 'abort')).toHaveLength(1);
    any.dispose();
    expect(getEventListeners(first.signal, 'abort')).toHaveLength(0);
    expect(getEventListeners(second.signal, 'abort')).toHaveLength(0);

    const third = new AbortController();
    anySignal([third.signal]);
    third.abort();
    expect(getEventListeners(third.signal, 'abort')).toHaveLength(0);
  });
});

describe('timeoutSignal', () => {
  it('aborts after ms with a TimeoutError that says how long', () => {
    vi.useFakeTimers();
    const signal = timeoutSignal(250);
    vi.advanceTimersByTime(249);
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toMatchObject({ name: 'TimeoutError', message: 'timed out after 250 ms' });
  });

  it('never aborts once cleared, and leaves no timer', () => {
    vi.useFakeTimers();
    const signal = timeoutSignal(250);
    signal.clear();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(signal.aborted).toBe(false);
  });
});

describe('abortError', () => {
  it("is the signal's reason", () => {
    expect(abortError(AbortSignal.abort('element removed'))).toBe('element removed');
    const controller = new AbortController();
    controller.abort();
    expect(abortError(controller.signal)).toBe(controller.signal.reason);
  });

  it('is an AbortError where a signal gives no reason', () => {
    const noReason = { aborted: true, reason: undefined } as AbortSignal;
    expect(abortError(noReason)).toMatchObject({ name: 'AbortError', message: 'The operation was aborted.' });
  });
});
