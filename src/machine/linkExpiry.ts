// A signed link's expiry, read from the link (Azure SAS, S3 and GCS V4, CloudFront and V2): only beside its own
// signature parameter, names matched as the services read them.

/** An element renews a link once this share of the life it had on arrival has passed. */
export const RENEW_AT_SHARE_OF_LIFE = 0.8;
/** The answer cache hands a link out again only within this share of its life: a renewal never gets the old one. */
export const REUSE_WITHIN_SHARE_OF_LIFE = 0.5;

const SAS_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?Z)?$/;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** When the link stops working (epoch ms), or null where it cannot be read; of several, the earliest. */
export function readLinkExpiry(href: string): number | null {
  const params = queryOf(href);
  return earliest([
    ...(params.has('sig') ? params.getAll('se').map(readSasDate) : []),
    params.has('X-Amz-Signature') ? dateAndLifetime(params, 'X-Amz-Date', 'X-Amz-Expires') : null,
    params.has('X-Goog-Signature') ? dateAndLifetime(params, 'X-Goog-Date', 'X-Goog-Expires') : null,
    ...(params.has('Signature')
      ? params.getAll('Expires').map((text) => withinDateRange(readSeconds(text) * 1000))
      : []),
  ]);
}

/** When the link was signed, in the provider's time: only S3 and GCS say. */
export function readSigningTime(href: string): number | null {
  const params = queryOf(href);
  return earliest([
    ...(params.has('X-Amz-Signature') ? params.getAll('X-Amz-Date').map(readCompactDate) : []),
    ...(params.has('X-Goog-Signature') ? params.getAll('X-Goog-Date').map(readCompactDate) : []),
  ]);
}

export const renewalDueAt = (arrivedAt: number, expiresAt: number) =>
  arrivedAt + RENEW_AT_SHARE_OF_LIFE * (expiresAt - arrivedAt);

export const reusableUntil = (answeredAt: number, expiresAt: number) =>
  answeredAt + REUSE_WITHIN_SHARE_OF_LIFE * (expiresAt - answeredAt);

/** Absolute or not: no base is needed to read the query. */
function queryOf(href: string): URLSearchParams {
  const withoutFragment = href.split('#', 1)[0]!;
  const queryAt = withoutFragment.indexOf('?');
  return new URLSearchParams(queryAt === -1 ? '' : withoutFragment.slice(queryAt + 1));
}

/** The earliest start plus the shortest life; both must be readable. */
function dateAndLifetime(params: URLSearchParams, dateName: string, lifetimeName: string): number | null {
  const start = earliest(params.getAll(dateName).map(readCompactDate));
  const lifetime = earliest(params.getAll(lifetimeName).map(readSeconds));
  return start === null || lifetime === null ? null : withinDateRange(start + lifetime * 1000);
}

function readSasDate(text: string): number | null {
  const parts = SAS_DATE.exec(text);
  if (!parts) return null;
  const [, year, month, day, hours = '0', minutes = '0', seconds = '0', fraction = ''] = parts;
  // Milliseconds cut, not rounded: a reading may be early, never late.
  return utcMoment(
    [year, month, day, hours, minutes, seconds].map(Number),
    Number(fraction.slice(0, 3).padEnd(3, '0')),
  );
}

function readCompactDate(text: string): number | null {
  const parts = COMPACT_DATE.exec(text);
  return parts ? utcMoment(parts.slice(1).map(Number), 0) : null;
}

/** Whole seconds, digits only: no sign, no fraction, no exponent; NaN otherwise. */
const readSeconds = (text: string) => (/^\d{1,16}$/.test(text) ? Number(text) : Number.NaN);

/** Null where a field is out of range: a 31 February is a malformed date, not the day after. */
function utcMoment(fields: number[], millis: number): number | null {
  const [year, month, day, hours, minutes, seconds] = fields as [number, number, number, number, number, number];
  const moment = new Date(0);
  moment.setUTCFullYear(year, month - 1, day);
  moment.setUTCHours(hours, minutes, seconds, millis);
  const read = [moment.getUTCFullYear(), moment.getUTCMonth() + 1, moment.getUTCDate()];
  read.push(moment.getUTCHours(), moment.getUTCMinutes(), moment.getUTCSeconds());
  return read.every((field, index) => field === fields[index]) ? moment.getTime() : null;
}

/** Within what a Date can hold. */
const withinDateRange = (ms: number) => (Math.abs(ms) <= 8.64e15 ? ms : null);

/** NaN and null readings say nothing. */
function earliest(readings: (number | null)[]): number | null {
  const readable = readings.filter((reading): reading is number => reading !== null && !Number.isNaN(reading));
  return readable.length > 0 ? Math.min(...readable) : null;
}
