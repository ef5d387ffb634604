/**
 * When a signed link stops working, read from the link itself (Azure SAS, S3 and GCS V4, CloudFront and
 * V2 styles). Each expiry counts only beside its own signature parameter, names matched case and all as the
 * services read them: elsewhere a parameter of that name says nothing. Moments are epoch ms.
 */

/** An element renews a link once this share of the life the link had when it arrived has passed. */
export const RENEW_AT_SHARE_OF_LIFE = 0.8;

/**
 * The answer cache hands a link out again only within this share of its life: well before renewal, so a
 * renewal never gets back the link it replaces.
 */
export const REUSE_WITHIN_SHARE_OF_LIFE = 0.5;

// The latest moment a Date can hold.
const LATEST_DATE_MS = 8.64e15;

const SAS_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?Z)?$/;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
const WHOLE_SECONDS = /^\d{1,16}$/;

/** When the link stops working, or null where it cannot be read; of several, the earliest (any may be checked). */
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

/** When the link was signed, in the provider's time: only S3 and GCS say; null elsewhere. */
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

/** Absolute or not: no base is needed to read the query. */
function queryOf(href: string): URLSearchParams | null {
  const withoutFragment = href.split('#', 1)[0] ?? '';
  const queryAt = withoutFragment.indexOf('?');
  return queryAt === -1 ? null : new URLSearchParams(withoutFragment.slice(queryAt + 1));
}

/** The earliest start plus the shortest life in seconds; both must be readable. */
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

/** Null where a field is out of range: a 31 February is a malformed date, not the day after. */
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
