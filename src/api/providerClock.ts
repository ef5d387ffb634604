import { readLinkExpiry, readSigningTime } from '../machine/linkExpiry.js';

/**
 * A signed link's expiry is written in the provider's time; a visitor's
 * clock may be wrong by minutes or hours (no network time, a wrong time
 * zone). This estimates how far the provider's clock is ahead of the
 * visitor's `Date.now()`, from what answers say of it, so that a link's
 * life is read against the provider's clock.
 *
 * Each reading bounds the offset: a server stamps its `Date` (to the second,
 * cut) somewhere between the moment we asked and the moment the answer
 * came. Readings are intersected while they agree; one that cannot be true
 * beside the others means the visitor's clock was set meanwhile, and the
 * newest stands.
 *
 * Where the bounds hold zero, nothing shows the visitor's clock wrong, and
 * it is taken as it is: most are right, and a reading no finer than a second
 * and a round trip would otherwise cut every link's life short by as much.
 * Where they do not, the clock is wrong, and the estimate is the bound that
 * makes links expire soonest: an element refreshes early rather than hold a
 * dead link.
 */

/** One exchange with the provider, in the visitor's `Date.now()` terms, and the `Date` it answered with. */
export interface AnswerTiming {
  sentAt: number;
  receivedAt: number;
  /** The answer's `Date` header: null where absent, or where the browser does not let the page read it. */
  date: string | null;
}

/** What the provider's clock reads minus what the visitor's does, at least and at most, in ms. */
type OffsetBounds = [low: number, high: number];

/** HTTP-dates and the signing times in URLs are written to the second, cut. */
const RESOLUTION_MS = 1000;

/**
 * A reading that puts the two clocks further apart than this is no reading
 * of a clock (a proxy's placeholder `Date`, a server at the epoch): a
 * visitor that far off could not open an HTTPS page at all, certificates
 * being valid for months.
 */
export const MAX_CREDIBLE_OFFSET_MS = 366 * 24 * 60 * 60_000;

export interface ProviderClock {
  /**
   * Takes in one answer: its `Date` where the page can read it; else the
   * signing times of the links in `answers` (S3 and GCS write them), read as
   * signed while the request was out.
   */
  observe(timing: AnswerTiming, answers: readonly unknown[]): void;
  /** A moment written in the provider's time, in the visitor's `Date.now()` terms: never later than it is. */
  toVisitorTime(providerMoment: number): number;
  /** When a link stops working, in the visitor's `Date.now()` terms; null where it does not say. */
  expiryOf(href: string): number | null;
  /** How far the provider's clock is ahead of the visitor's (negative: behind), as estimated; null while nothing says. */
  aheadBy(): number | null;
}

export function createProviderClock(): ProviderClock {
  // A Date header tells the clock of the very server that answered; a signing time may be older
  // than the request (a provider that caches its signed links), so it counts only without a Date.
  let fromDates: OffsetBounds | null = null;
  let fromSignatures: OffsetBounds | null = null;

  const estimate = () => {
    const bounds = fromDates ?? fromSignatures;
    if (!bounds) return null;
    const [low, high] = bounds;
    return low <= 0 && high >= 0 ? 0 : high;
  };

  return {
    observe(timing, answers) {
      const dated = boundsFrom(readHttpDate(timing.date), timing);
      if (dated) {
        fromDates = narrowed(fromDates, dated);
        return;
      }
      for (const href of stringsIn(answers)) {
        const signed = boundsFrom(readSigningTime(href), timing);
        if (signed) fromSignatures = narrowed(fromSignatures, signed);
      }
    },
    toVisitorTime(providerMoment) {
      return providerMoment - (estimate() ?? 0);
    },
    expiryOf(href) {
      const expiry = readLinkExpiry(href);
      return expiry === null ? null : this.toVisitorTime(expiry);
    },
    aheadBy: estimate,
  };
}

/** What a moment the provider wrote, cut to the second, during `timing` says of the offset. */
function boundsFrom(providerMoment: number | null, { sentAt, receivedAt }: AnswerTiming): OffsetBounds | null {
  if (providerMoment === null) return null;
  const low = providerMoment - receivedAt;
  const high = providerMoment + RESOLUTION_MS - sentAt;
  const credible = Math.abs(low) <= MAX_CREDIBLE_OFFSET_MS && Math.abs(high) <= MAX_CREDIBLE_OFFSET_MS;
  return credible && low <= high ? [low, high] : null;
}

function narrowed(known: OffsetBounds | null, reading: OffsetBounds): OffsetBounds {
  if (!known) return reading;
  const low = Math.max(known[0], reading[0]);
  const high = Math.min(known[1], reading[1]);
  return low <= high ? [low, high] : reading;
}

/** Every string in answers, walked without recursion: an answer is the server's, and could nest deep enough to overflow the stack. */
export function* stringsIn(values: readonly unknown[]): Generator<string> {
  const pending = [...values];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') yield value;
    else if (typeof value === 'object' && value !== null) for (const child of Object.values(value)) pending.push(child);
  }
}

/**
 * An HTTP-date (IMF-fixdate, RFC 850 or asctime) opens with the day's name
 * and holds a time: Date.parse alone would read a date into almost anything.
 */
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? .*\b\d{2}:\d{2}:\d{2}\b/;

/** The moment an HTTP-date names (`Date`, `Retry-After`), in epoch ms; null where absent or unreadable. */
export function readHttpDate(value: string | null | undefined): number | null {
  const text = value?.trim() ?? '';
  const moment = HTTP_DATE.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(moment) ? null : moment;
}
