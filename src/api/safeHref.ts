import { LookupError } from './errors.js';

const UNSAFE = { reason: 'unsafe-link' } as const;

/** Longer URLs are refused: no real download link comes near it. */
export const MAX_HREF_LENGTH = 8192;

/** Control characters (tab, newline, NUL, DEL, …): no real link carries one, and browsers silently drop some. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Only an absolute http(s) URL may become the anchor's href, in the form a
 * browser would use (`new URL(url).href`: a space in a file name becomes
 * `%20`). `javascript:`, `data:`, relative, protocol-relative, padded or
 * control-character URLs count as a failed lookup.
 */
export function toSafeHref(url: unknown): string {
  if (typeof url !== 'string')
    throw new LookupError(`refused download URL: expected a string, got ${typeof url}`, UNSAFE);
  // Quoted as JSON: a newline or other control character from the service stays on one line.
  const shown = JSON.stringify(url.length > 80 ? `${url.slice(0, 80)}…` : url);
  if (url.length > MAX_HREF_LENGTH) {
    throw new LookupError(`refused download URL ${shown}: longer than ${MAX_HREF_LENGTH} characters`, UNSAFE);
  }
  if (!/^https?:\/\/[^\s/]/i.test(url) || url !== url.trim() || CONTROL.test(url)) {
    throw new LookupError(`refused download URL ${shown}: only absolute http and https URLs are used`, UNSAFE);
  }
  try {
    return new URL(url).href;
  } catch {
    throw new LookupError(`refused download URL ${shown}: not a valid URL`, UNSAFE);
  }
}
