import { describe, expect, it, vi } from 'vitest';
import { LookupError, MAX_RETRY_AFTER_MS, parseRetryAfter, statusFailure, withRetry } from '../../src/api/wire';

/**
 * When a failed lookup is tried again: the policy alone, on LookupErrors as
 * the wire makes them (test/api/transport.test.ts makes them for real), and
 * the server's `Retry-After` as the wire reads it.
 */

const DEFAULTS = { attempts: 2, baseDelayMs: 500 };

/** A failure on the wire, with its jitter drawn in the middle unless told otherwise. */
const onTheWire = (options: { jitter?: number; retryAfterMs?: number } = {}) =>
  new LookupError('request failed: HTTP 503', { transient: true, jitter: 0.5, ...options });

const retryInMsOf = (error: unknown) => (error as LookupError).retryInMs;

describe('withRetry', () => {
  it('leaves alone what did not fail on the wire: it is not tried again', () => {
    const others: unknown[] = [
      new LookupError('request failed: HTTP 500'),
      new LookupError('request timed out after 300 ms'),
      new DOMException('The operation was aborted.', 'AbortError'),
      new TypeError('Failed to fetch'),
      'a string',
      null,
    ];
    for (const error of others) expect(withRetry(error, 0, DEFAULTS)).toBe(error);
  });

  it('tries a failure on the wire policy.attempts more times, then no more', () => {
    expect(retryInMsOf(withRetry(onTheWire(), 0, DEFAULTS))).toEqual(expect.any(Number));
    expect(retryInMsOf(withRetry(onTheWire(), 1, DEFAULTS))).toEqual(expect.any(Number));
    const last = onTheWire();
    expect(withRetry(last, 2, DEFAULTS)).toBe(last);
    expect(retryInMsOf(withRetry(onTheWire(), 3, DEFAULTS))).toBeNull();
    expect(retryInMsOf(withRetry(onTheWire(), 0, { attempts: 0, baseDelayMs: 500 }))).toBeNull();
    expect(retryInMsOf(withRetry(onTheWire(), 0, false))).toBeNull();
  });

  it('keeps what the failure said: its message, that it was on the wire, its jitter and Retry-After', () => {
    const retried = withRetry(onTheWire({ jitter: 0.25, retryAfterMs: 2000 }), 0, DEFAULTS);
    expect(retried).toBeInstanceOf(LookupError);
    expect(retried).toMatchObject({
      message: 'request failed: HTTP 503',
      transient: true,
      jitter: 0.25,
      retryAfterMs: 2000,
      retryInMs: 2000,
    });
  });

  it('counts the wait from the failure: every operation of one failed request is due at the same moment', () => {
    vi.useFakeTimers({ now: 10_000 });
    try {
      const failure = onTheWire({ jitter: 0.5 });
      const first = withRetry(failure, 0, DEFAULTS) as LookupError;
      // A busy page takes the same failure in later for another element of the batch.
      vi.advanceTimersByTime(40);
      const second = withRetry(failure, 0, DEFAULTS) as LookupError;
      expect(first).toMatchObject({ failedAt: 10_000, retryInMs: 500, retryAt: 10_500 });
      expect(second).toMatchObject({ failedAt: 10_000, retryInMs: 500, retryAt: 10_500 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits baseDelayMs, then three times longer each time', () => {
    const policy = { attempts: 4, baseDelayMs: 500 };
    expect([0, 1, 2, 3].map((attempt) => retryInMsOf(withRetry(onTheWire(), attempt, policy)))).toEqual([
      500, 1500, 4500, 13500,
    ]);
    expect(retryInMsOf(withRetry(onTheWire(), 1, { attempts: 2, baseDelayMs: 40 }))).toBe(120);
    expect(retryInMsOf(withRetry(onTheWire(), 0, { attempts: 2, baseDelayMs: 0 }))).toBe(0);
  });

  it('varies each wait by its jitter, at most 20% either way', () => {
    expect(retryInMsOf(withRetry(onTheWire({ jitter: 0 }), 0, DEFAULTS))).toBe(400);
    expect(retryInMsOf(withRetry(onTheWire({ jitter: 1 }), 0, DEFAULTS))).toBe(600);
    expect(retryInMsOf(withRetry(onTheWire({ jitter: 0 }), 1, DEFAULTS))).toBe(1200);
    expect(retryInMsOf(withRetry(onTheWire({ jitter: 1 }), 1, DEFAULTS))).toBe(1800);
    // Drawn for real: within the bounds, and not all alike.
    const waits = Array.from({ length: 200 }, () =>
      retryInMsOf(withRetry(new LookupError('network error: Failed to fetch', { transient: true }), 0, DEFAULTS)),
    ) as number[];
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(400);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(600);
    expect(new Set(waits).size).toBeGreaterThan(10);
  });

  it('one jitter for one failed request: the same failure gives every operation of it the same wait', () => {
    const failure = new LookupError('request failed: HTTP 503', { transient: true });
    expect(failure.jitter).toBeGreaterThanOrEqual(0);
    expect(failure.jitter).toBeLessThan(1);
    expect(retryInMsOf(withRetry(failure, 0, DEFAULTS))).toBe(retryInMsOf(withRetry(failure, 0, DEFAULTS)));
  });

  it("waits out the server's Retry-After instead, however many attempts before, up to 10 s", () => {
    for (const attempt of [0, 1]) {
      expect(retryInMsOf(withRetry(onTheWire({ retryAfterMs: 1000, jitter: 0 }), attempt, DEFAULTS))).toBe(1000);
    }
    expect(retryInMsOf(withRetry(onTheWire({ retryAfterMs: 0 }), 0, DEFAULTS))).toBe(0);
    expect(MAX_RETRY_AFTER_MS).toBe(10_000);
    expect(retryInMsOf(withRetry(onTheWire({ retryAfterMs: 10_000 }), 0, DEFAULTS))).toBe(10_000);
    // Still no more often than the policy says.
    expect(retryInMsOf(withRetry(onTheWire({ retryAfterMs: 1000 }), 2, DEFAULTS))).toBeNull();
  });

  it('gives up when the server asks for more than 10 s: the link is better given up for now', () => {
    const patient = onTheWire({ retryAfterMs: 10_001 });
    expect(withRetry(patient, 0, DEFAULTS)).toBe(patient);
    expect(retryInMsOf(withRetry(onTheWire({ retryAfterMs: 3_600_000 }), 0, DEFAULTS))).toBeNull();
  });
});

describe('parseRetryAfter: Retry-After as RFC 9110 writes it, delay-seconds or an HTTP-date', () => {
  const NOW = Date.parse('Sun, 06 Nov 1994 08:49:30 GMT');

  it.each([
    ['0', 0],
    ['1', 1000],
    ['120', 120_000],
    [' 2 ', 2000],
  ])('seconds: "%s" is %i ms', (value, ms) => {
    expect(parseRetryAfter(value, NOW)).toBe(ms);
  });

  it.each([
    ['an IMF-fixdate', 'Sun, 06 Nov 1994 08:49:37 GMT'],
    ['an RFC 850 date', 'Sunday, 06-Nov-94 08:49:37 GMT'],
    ['an asctime date', 'Sun Nov  6 08:49:37 1994'],
  ])('an HTTP date, %s: the time until then', (_, value) => {
    expect(parseRetryAfter(value, NOW)).toBe(7000);
  });

  it('a date already past: at once', () => {
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:00 GMT', NOW)).toBe(0);
  });

  it.each([
    ['absent', null],
    ['empty', ''],
    ['blank', '   '],
    ['a word', 'soon'],
    ['seconds with a unit', '5s'],
    ['negative seconds', '-1'],
    ['fractional seconds', '1.5'],
    ['hexadecimal seconds', '0x10'],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
    ['numbers a lenient date parser takes for a date', '1 2'],
    ['a decimal comma', '1,5'],
    ['a weekday alone', 'Sat 1'],
  ])('garbage, %s: undefined (the backoff applies)', (_, value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });
});

describe('statusFailure: a Retry-After date is the server’s, counted from its Date', () => {
  const serverNow = Date.UTC(2026, 10, 27, 9, 0, 0);
  const answer = (headers: Record<string, string>) => new Response(null, { status: 503, headers });

  it.each([
    ['2 h fast', 2 * 3_600_000],
    ['20 min slow', -20 * 60_000],
  ])('a visitor whose clock is %s waits as long as the server asked', (_, visitorAhead) => {
    vi.useFakeTimers({ now: serverNow + visitorAhead });
    try {
      const failure = statusFailure(
        answer({ date: new Date(serverNow).toUTCString(), 'retry-after': new Date(serverNow + 5000).toUTCString() }),
      );
      expect(failure.retryAfterMs).toBe(5000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without a Date, it is counted from the visitor’s clock', () => {
    vi.useFakeTimers({ now: serverNow });
    try {
      expect(statusFailure(answer({ 'retry-after': new Date(serverNow + 3000).toUTCString() })).retryAfterMs).toBe(
        3000,
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
