/**
 * When a signed download link stops working, read from the link itself, and
 * when it is due to be renewed or may no longer be handed out again. No DOM,
 * no clock of its own: every moment is epoch milliseconds given by the caller.
 *
 * The four styles the file services write, each read only beside its own
 * signature parameter (in a URL without it, a parameter of the same name
 * means something else and says nothing about a link's life):
 *
 * | style | expiry | signature |
 * |---|---|---|
 * | Azure blob SAS | `se`, ISO 8601 UTC (`2026-11-25T10:15:00Z`, or a date alone) | `sig` |
 * | S3 SigV4 presigned | `X-Amz-Date` (`20261125T101500Z`) + `X-Amz-Expires` seconds | `X-Amz-Signature` |
 * | GCS V4 signed | `X-Goog-Date` + `X-Goog-Expires` seconds | `X-Goog-Signature` |
 * | CloudFront canned policy, S3 SigV2, GCS V2 | `Expires`, epoch seconds | `Signature` |
 *
 * Parameter names are matched as the services write them, case and all: S3
 * and GCS read their query parameters case-sensitively, so `x-amz-date` is
 * not the parameter they would check either.
 */

/** An element renews a link once this share of the life the link had when it arrived has passed. */
export const RENEW_AT_SHARE_OF_LIFE = 0.8;

/**
 * The answer cache hands a link out again only within this first share of the
 * life it had when its answer came. Well before the renewal point: a renewal
 * never gets back the very link it replaces, and an element handed a cached
 * link still has half its life ahead, so its own renewal keeps a tenth of the
 * life to spare for the request.
 */
export const REUSE_WITHIN_SHARE_OF_LIFE = 0.5;

// The latest moment a Date can hold; anything beyond is no moment at all.
const LATEST_DATE_MS = 8.64e15;

const SAS_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?Z)?$/;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
const WHOLE_SECONDS = /^\d{1,16}$/;

/**
 * The moment the link stops working, in epoch ms, or null where it carries no
 * expiry that can be read. Where it carries several (two styles, or a
 * parameter given twice), the earliest: a service that checks any one of them
 * refuses the link from then on.
 */
export function readLinkExpiry(href: string): number | null {
  const params = queryOf(href);
  if (!params) return null;
  const readings = readable([
    ...(params.has('sig') ? params.getAll('se').map(readSasDate) : []),
    params.has('X-Amz-Signature') ? dateAndLifetime(params, 'X-Amz-Date', 'X-Amz-Expires') : null,
    params.has('X-Goog-Signature') ? dateAndLifetime(params, 'X-Goog-Date', 'X-Goog-Expires') : null,
    ...(params.has('Signature') ? params.getAll('Expires').map(readEpochSeconds) : []),
  ]);
  return readings.length > 0 ? Math.min(...readings) : null;
}

/**
 * When the link was signed, in the provider's time, or null where it does not
 * say: S3 and GCS write it (`X-Amz-Date`, `X-Goog-Date`, to the second); Azure
 * and CloudFront write only the end. Where it says twice, the earliest.
 */
export function readSigningTime(href: string): number | null {
  const params = queryOf(href);
  if (!params) return null;
  const readings = readable([
    ...(params.has('X-Amz-Signature') ? params.getAll('X-Amz-Date').map(readCompactDate) : []),
    ...(params.has('X-Goog-Signature') ? params.getAll('X-Goog-Date').map(readCompactDate) : []),
  ]);
  return readings.length > 0 ? Math.min(...readings) : null;
}

/** When an element renews a link that arrived at `arrivedAt`. */
export function renewalDueAt(arrivedAt: number, expiresAt: number): number {
  return arrivedAt + RENEW_AT_SHARE_OF_LIFE * (expiresAt - arrivedAt);
}

/** Until when an answer that came at `answeredAt` with a link expiring at `expiresAt` may be handed out again. */
export function reusableUntil(answeredAt: number, expiresAt: number): number {
  return answeredAt + REUSE_WITHIN_SHARE_OF_LIFE * (expiresAt - answeredAt);
}

/** The query of a URL as text, absolute or not: no base is needed to read it. */
function queryOf(href: string): URLSearchParams | null {
  const withoutFragment = href.split('#', 1)[0] ?? '';
  const queryAt = withoutFragment.indexOf('?');
  return queryAt === -1 ? null : new URLSearchParams(withoutFragment.slice(queryAt + 1));
}

/** The earliest reading of a start (`YYYYMMDDTHHMMSSZ`) plus a life in seconds; both must be readable. */
function dateAndLifetime(params: URLSearchParams, dateName: string, lifetimeName: string): number | null {
  const starts = readable(params.getAll(dateName).map(readCompactDate));
  const lifetimes = readable(params.getAll(lifetimeName).map(readSeconds));
  if (starts.length === 0 || lifetimes.length === 0) return null;
  return withinDateRange(Math.min(...starts) + Math.min(...lifetimes) * 1000);
}

function readSasDate(text: string): number | null {
  const parts = SAS_DATE.exec(text);
  if (!parts) return null;
  const [, year, month, day, hours = '0', minutes = '0', seconds = '0', fraction = ''] = parts;
  // Milliseconds cut, not rounded: a reading may be early, never late.
  const millis = Number(fraction.slice(0, 3).padEnd(3, '0'));
  return utcMoment([year, month, day, hours, minutes, seconds].map(Number), millis);
}

function readCompactDate(text: string): number | null {
  const parts = COMPACT_DATE.exec(text);
  return parts ? utcMoment(parts.slice(1).map(Number), 0) : null;
}

function readEpochSeconds(text: string): number | null {
  const seconds = readSeconds(text);
  return seconds === null ? null : withinDateRange(seconds * 1000);
}

/** Whole seconds, digits only: no sign, no fraction, no exponent. */
function readSeconds(text: string): number | null {
  return WHOLE_SECONDS.test(text) ? Number(text) : null;
}

/**
 * The moment of a calendar date and time in UTC, or null where a field is out
 * of its range (a 31 February or a 24th hour is a malformed date, not the day after).
 */
function utcMoment([year, month, day, hours, minutes, seconds]: number[], millis: number): number | null {
  if (year === undefined || month === undefined || day === undefined) return null;
  if (hours === undefined || minutes === undefined || seconds === undefined) return null;
  const moment = new Date(0);
  moment.setUTCFullYear(year, month - 1, day);
  moment.setUTCHours(hours, minutes, seconds, millis);
  const asWritten =
    moment.getUTCFullYear() === year &&
    moment.getUTCMonth() === month - 1 &&
    moment.getUTCDate() === day &&
    moment.getUTCHours() === hours &&
    moment.getUTCMinutes() === minutes &&
    moment.getUTCSeconds() === seconds;
  return asWritten ? moment.getTime() : null;
}

function withinDateRange(ms: number): number | null {
  return Number.isFinite(ms) && Math.abs(ms) <= LATEST_DATE_MS ? ms : null;
}

function readable(readings: (number | null)[]): number[] {
  return readings.filter((reading): reading is number => reading !== null);
}
