import { renewalDueAt } from './linkExpiry.js';

/**
 * When a link the machine holds stops working and when it is refreshed, in
 * `Date.now()` terms; both null for a link whose expiry cannot be read, which
 * is looked up once and never refreshed.
 */
export interface LinkLife {
  expiresAt: number | null;
  renewAt: number | null;
}

export const UNTIMED: LinkLife = { expiresAt: null, renewAt: null };

/**
 * However short a link's life, an element asks for the next one no sooner
 * than this after the last arrived: a provider that hands out links about to
 * die gets two lookups a second from an element, not one per network round trip.
 */
export const MIN_RENEWAL_WAIT_MS = 500;

/**
 * A timer may run a little before its moment (the actors' clock runs timers
 * due within a few milliseconds together): a moment this close counts as come.
 */
export const TIMER_SLACK_MS = 20;

/**
 * The life of a link that arrived at `arrivedAt` and expires at `expiresAt`
 * (both in `Date.now()` terms, null where it says nothing). One that expired
 * already, read against the provider's clock, is a provider that hands out
 * dead links: it is kept, untimed, rather than looked up again and again.
 */
export function linkLifeOf(expiresAt: number | null, arrivedAt: number): LinkLife {
  if (expiresAt === null || expiresAt <= arrivedAt) return UNTIMED;
  return { expiresAt, renewAt: Math.max(renewalDueAt(arrivedAt, expiresAt), arrivedAt + MIN_RENEWAL_WAIT_MS) };
}

/** After a failed refresh: one more try, halfway between now and the end of the link's life. */
export function retryRenewalAt(now: number, expiresAt: number): number {
  return now + (expiresAt - now) / 2;
}

/** Whether `moment` has come; never for a link with none. */
export function hasCome(moment: number | null, now: number): boolean {
  return moment !== null && now >= moment - TIMER_SLACK_MS;
}

/**
 * How long until `moment`, for an `after` of the machine. For none, no
 * number at all: XState raises an `after` event whose delay is not a number
 * at once instead of scheduling it (a clock that was handed one would fire
 * it at once too), and the guards find nothing due. So an element whose link
 * never expires holds no scheduled event: about 200 bytes of heap each.
 * XState's `delays` declare numbers only, hence the cast.
 */
export function waitUntil(moment: number | null, now: number): number {
  return moment === null ? (NO_WAIT as number) : Math.max(0, moment - now);
}

const NO_WAIT: unknown = undefined;
