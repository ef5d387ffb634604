import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSigningTime } from '../../src/machine/linkExpiry';
import { resetConfig } from '../../src/api/config';
import { createTransport } from '../../src/api/transport';
import { MAX_CREDIBLE_OFFSET_MS, createProviderClock, type AnswerTiming } from '../../src/api/wire';
import { fakeFetch, json, thumbnailAnswer } from './support/fakeFetch';
import { freshConfig, thumbnailRequest } from './support/transportFixtures';

/**
 * The provider's clock, estimated from what its answers say: a visitor whose
 * clock is wrong still reads a link's life against the clock that wrote it,
 * never later than the link really ends.
 */

const HOUR = 3_600_000;
/** The provider's true time when the visitor's clock reads 0 ms into this test. */
const TRUE_START = Date.UTC(2026, 10, 27, 9, 0, 0, 250);
const FILE = 'https://files.example/org-1/A-100/pbr.zip';

/** An HTTP-date as servers write it: the second the moment falls in. */
const httpDate = (ms: number) => new Date(ms).toUTCString();
const compact = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/[-:]|\.\d{3}/g, '');
const s3Link = (signedAt: number, seconds: number) =>
  `${FILE}?X-Amz-Date=${compact(signedAt)}&X-Amz-Expires=${seconds}&X-Amz-Signature=s`;
const gcsLink = (signedAt: number, seconds: number) =>
  `${FILE}?X-Goog-Date=${compact(signedAt)}&X-Goog-Expires=${seconds}&X-Goog-Signature=s`;

/**
 * One exchange with a provider whose clock is `aheadBy` ms ahead of the
 * visitor's: asked at `sentAt` (visitor's time), answered `roundTripMs` later,
 * its `Date` stamped `stampedAfterMs` after it was asked.
 */
function exchange({
  aheadBy,
  sentAt,
  roundTripMs = 40,
  stampedAfterMs = roundTripMs / 2,
  dateReadable = true,
}: {
  aheadBy: number;
  sentAt: number;
  roundTripMs?: number;
  stampedAfterMs?: number;
  dateReadable?: boolean;
}) {
  const providerNow = sentAt + stampedAfterMs + aheadBy;
  const timing: AnswerTiming = {
    sentAt,
    receivedAt: sentAt + roundTripMs,
    date: dateReadable ? httpDate(providerNow) : null,
  };
  return { timing, providerNow };
}

describe('the provider clock, read from the answers’ Date', () => {
  it('without a reading, trusts the visitor’s clock', () => {
    const clock = createProviderClock();
    expect(clock.aheadBy()).toBeNull();
    expect(clock.toVisitorTime(TRUE_START)).toBe(TRUE_START);
  });

  it.each([
    ['2 h fast', -2 * HOUR],
    ['20 min slow', 20 * 60_000],
    ['right', 0],
  ])(
    'a visitor whose clock is %s reads an expiry no later than it is, and less than a round trip and a second early',
    (_, aheadBy) => {
      const clock = createProviderClock();
      const sentAt = TRUE_START - aheadBy;
      const { timing, providerNow } = exchange({ aheadBy, sentAt, roundTripMs: 120 });
      clock.observe(timing, []);
      const expiry = providerNow + 8000;
      const trueVisitorExpiry = expiry - aheadBy;
      const read = clock.toVisitorTime(expiry);
      expect(read).toBeLessThanOrEqual(trueVisitorExpiry);
      expect(trueVisitorExpiry - read).toBeLessThan(1000 + 120);
    },
  );

  it('a visitor whose clock the readings cannot tell from a right one is trusted as it is', () => {
    for (const roundTripMs of [20, 500, 3000]) {
      const clock = createProviderClock();
      clock.observe(exchange({ aheadBy: 0, sentAt: TRUE_START, roundTripMs }).timing, []);
      expect(clock.aheadBy(), `${roundTripMs} ms`).toBe(0);
      expect(clock.toVisitorTime(TRUE_START + 8000)).toBe(TRUE_START + 8000);
    }
    // 400 ms behind, answered at 250 ms into the provider's second: provably behind, read early.
    const behind = createProviderClock();
    behind.observe(exchange({ aheadBy: 400, sentAt: TRUE_START - 400, roundTripMs: 60 }).timing, []);
    expect(behind.aheadBy()).toBeGreaterThanOrEqual(400);
  });

  it('a longer round trip widens the reading, on the early side', () => {
    const near = createProviderClock();
    const far = createProviderClock();
    near.observe(exchange({ aheadBy: -2 * HOUR, sentAt: TRUE_START, roundTripMs: 20 }).timing, []);
    far.observe(exchange({ aheadBy: -2 * HOUR, sentAt: TRUE_START, roundTripMs: 3000 }).timing, []);
    expect(far.toVisitorTime(TRUE_START)).toBeLessThan(near.toVisitorTime(TRUE_START));
  });

  it('readings narrow each other: answers stamped at other points of their second pin the offset down', () => {
    const clock = createProviderClock();
    const aheadBy = -2 * HOUR + 250;
    const errors: number[] = [];
    for (let k = 0; k < 10; k += 1) {
      // Each exchange falls at another point of the provider's second.
      clock.observe(exchange({ aheadBy, sentAt: TRUE_START + k * 1100, roundTripMs: 30 }).timing, []);
      errors.push(clock.aheadBy()! - aheadBy);
    }
    expect(errors.every((error) => error >= 0)).toBe(true);
    expect(errors.at(-1)!).toBeLessThan(errors[0]!);
    expect(errors.at(-1)!).toBeLessThanOrEqual(130);
  });

  it('a reading that cannot be true beside the others (the visitor’s clock was set meanwhile) replaces them', () => {
    const clock = createProviderClock();
    clock.observe(exchange({ aheadBy: -2 * HOUR, sentAt: TRUE_START }).timing, []);
    // The visitor's clock is put right: the provider's is now just as far as the visitor's.
    clock.observe(exchange({ aheadBy: 0, sentAt: TRUE_START + 60_000 }).timing, []);
    expect(clock.aheadBy()).toBeGreaterThanOrEqual(0);
    expect(clock.aheadBy()).toBeLessThan(1000);
  });

  it.each([
    ['missing', null],
    ['unreadable', 'yesterday at noon'],
    ['a number, not an HTTP-date', '1795601700'],
    ['at the epoch', 'Thu, 01 Jan 1970 00:00:00 GMT'],
    ['in another century', 'Sat, 01 Jan 2150 00:00:00 GMT'],
  ])('a Date that is %s is no reading', (_, date) => {
    const clock = createProviderClock();
    clock.observe({ sentAt: TRUE_START, receivedAt: TRUE_START + 40, date }, []);
    expect(clock.aheadBy()).toBeNull();
    expect(clock.toVisitorTime(TRUE_START)).toBe(TRUE_START);
  });

  it('a visitor just under the credible limit off is still read', () => {
    const clock = createProviderClock();
    const aheadBy = -(MAX_CREDIBLE_OFFSET_MS - 2 * HOUR);
    clock.observe(exchange({ aheadBy, sentAt: TRUE_START }).timing, []);
    expect(clock.aheadBy()! - aheadBy).toBeGreaterThanOrEqual(0);
    expect(clock.aheadBy()! - aheadBy).toBeLessThan(1100);
  });

  it('for any offset, round trip and moment of stamping, a link is read as ending no later than it does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -30 * HOUR, max: 30 * HOUR }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1000, max: 7 * 24 * HOUR }),
        (aheadBy, roundTripMs, stampedAt, lifeMs) => {
          const clock = createProviderClock();
          const sentAt = TRUE_START - aheadBy;
          const { timing, providerNow } = exchange({
            aheadBy,
            sentAt,
            roundTripMs,
            stampedAfterMs: stampedAt * roundTripMs,
          });
          clock.observe(timing, []);
          const trueVisitorExpiry = providerNow + lifeMs - aheadBy;
          const read = clock.toVisitorTime(providerNow + lifeMs);
          // Late only where one reading cannot tell the visitor's clock from a right one, and then by its error alone.
          const late = read > trueVisitorExpiry;
          const indistinguishable = clock.aheadBy() === 0 && Math.abs(aheadBy) <= roundTripMs + 1000;
          return Math.abs(trueVisitorExpiry - read) <= roundTripMs + 1000 && (!late || indistinguishable);
        },
      ),
    );
  });
});

describe('the provider clock, read from the signing times links carry', () => {
  it.each([
    ['S3', s3Link],
    ['GCS', gcsLink],
  ])('without a readable Date, a %s link’s signing time tells the provider’s clock', (_, link) => {
    const clock = createProviderClock();
    const aheadBy = -2 * HOUR;
    const { timing, providerNow } = exchange({ aheadBy, sentAt: TRUE_START - aheadBy, dateReadable: false });
    const href = link(providerNow, 8);
    clock.observe(timing, [{ data: { materials: [{ url: href }] } }]);
    const trueVisitorExpiry = Math.floor(providerNow / 1000) * 1000 + 8000 - aheadBy;
    const read = clock.expiryOf(href)!;
    expect(read).toBeLessThanOrEqual(trueVisitorExpiry);
    expect(trueVisitorExpiry - read).toBeLessThan(1000 + 40);
  });

  it('Azure and CloudFront links carry no signing time: without a Date, the visitor’s clock is all there is', () => {
    const clock = createProviderClock();
    const azure = `${FILE}?se=2026-11-27T09:00:08Z&sig=s`;
    const cloudFront = `${FILE}?Expires=1795770008&Signature=s`;
    expect(readSigningTime(azure)).toBeNull();
    expect(readSigningTime(cloudFront)).toBeNull();
    clock.observe({ sentAt: TRUE_START, receivedAt: TRUE_START + 40, date: null }, [azure, cloudFront]);
    expect(clock.aheadBy()).toBeNull();
  });

  it('a readable Date outranks signing times: a provider may hand out a link it signed minutes ago', () => {
    const clock = createProviderClock();
    const { timing, providerNow } = exchange({ aheadBy: 0, sentAt: TRUE_START, dateReadable: false });
    // Signed ten minutes before it was handed out: as a signing time alone, it reads the provider ten minutes behind.
    clock.observe(timing, [s3Link(providerNow - 10 * 60_000, 900)]);
    expect(clock.aheadBy()).toBeLessThan(-9 * 60_000);
    clock.observe(exchange({ aheadBy: 0, sentAt: TRUE_START + 1000 }).timing, [s3Link(providerNow - 10 * 60_000, 900)]);
    expect(clock.aheadBy()).toBeGreaterThanOrEqual(0);
    expect(clock.aheadBy()).toBeLessThan(1100);
  });

  it('reads a signing time only beside its own signature, the earliest where it is given twice', () => {
    const signedAt = Date.UTC(2026, 10, 27, 9, 0, 0);
    expect(readSigningTime(`${FILE}?X-Amz-Date=20261127T090000Z&X-Amz-Expires=8`)).toBeNull();
    expect(readSigningTime(`${FILE}?X-Goog-Date=20261127T090000Z&X-Amz-Signature=s`)).toBeNull();
    expect(readSigningTime(`${FILE}?X-Amz-Date=20261127T090500Z&X-Amz-Date=20261127T090000Z&X-Amz-Signature=s`)).toBe(
      signedAt,
    );
    expect(readSigningTime(`${FILE}?X-Amz-Date=2026-11-27T09:00:00Z&X-Amz-Signature=s`)).toBeNull();
  });
});

describe('a transport’s answer cache reads a link’s life against the transport’s provider clock', () => {
  beforeEach(() => vi.useFakeTimers({ now: TRUE_START }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    resetConfig();
  });

  it('a visitor 2 h fast gets an answer again for half of what the provider’s clock leaves of its link', async () => {
    const transport = createTransport();
    const providerNow = Date.now() - 2 * HOUR;
    // Stamped 250 ms into its second, answered 20 ms after it was asked: read 770 ms early at most.
    transport.clock.observe({ sentAt: Date.now() - 20, receivedAt: Date.now(), date: httpDate(providerNow) }, []);
    const expiresAt = new Date(providerNow - 250 + 10_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    // Without a Date of its own or a signing time, the answer tells the clock nothing more.
    const { requests } = fakeFetch(() => json(thumbnailAnswer(`${FILE}?se=${expiresAt}&sig=s`)));
    freshConfig({ batch: false, cacheTtlMs: HOUR });
    const ask = () => transport.lookup(thumbnailRequest('A-100'), new AbortController().signal, 0);
    await ask();
    vi.advanceTimersByTime(4_489);
    await ask();
    expect(requests).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await ask();
    expect(requests).toHaveLength(2);
  });
});
