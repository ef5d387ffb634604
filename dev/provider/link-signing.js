// @ts-check
// Signed download links, as the file services behind the real provider hand
// them out: a link names its expiry and carries an HMAC-SHA256 over its path
// and every other parameter, so a changed path, expiry or signature, and a
// link past its expiry, are refused. The formats are written and read here on
// their own, not with the element's reader (src/machine/linkExpiry.ts): a
// misreading there must not be hidden by the same one here.
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `unsigned`: plain URLs. `no-expiry`: an Azure SAS under a stored access
 * policy (`si`), whose expiry lives on the server: signed, but nothing in the
 * URL says when it ends.
 * @typedef {'unsigned' | 'azure' | 's3' | 'gcs' | 'cloudfront' | 'no-expiry'} LinkStyle
 * @typedef {Exclude<LinkStyle, 'unsigned'>} SignedStyle
 * @typedef {{ style: LinkStyle, lifetimeMs: number }} LinkPolicy
 * @typedef {'valid' | 'unsigned' | 'forged' | 'expired'} LinkCheck
 * @typedef {[string, string][]} Params
 */

/** @type {readonly LinkStyle[]} */
export const LINK_STYLES = ['unsigned', 'azure', 's3', 'gcs', 'cloudfront', 'no-expiry'];
export const DEFAULT_LINK_LIFETIME_MS = 15 * 60_000;
// Every style counts in whole seconds; S3 and GCS sign for seven days at most.
const MIN_LIFETIME_MS = 1000;
const MAX_LIFETIME_MS = 7 * 24 * 60 * 60_000;

/** Query parameters of a GraphQL URL that choose the links of its answers (see `linkPolicyOf`). */
export const LINK_STYLE_PARAM = 'link-style';
export const LINK_LIFETIME_PARAM = 'link-lifetime-ms';

const SAS_VERSION = '2025-01-05';

/** @param {Buffer} mac */
const base64 = (mac) => mac.toString('base64');
/** @param {Buffer} mac */
const hex = (mac) => mac.toString('hex');
/** CloudFront's URL-safe base64: `+=/` become `-_~`. @param {Buffer} mac */
const cloudFrontBase64 = (mac) => base64(mac).replace(/\+/g, '-').replace(/=/g, '_').replace(/\//g, '~');

/** @param {number} ms @returns {string} 2026-11-25T10:15:00Z */
const sasDate = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** @param {number} ms @returns {string} 20261125T101500Z */
const compactDate = (ms) => sasDate(ms).replace(/[-:]/g, '');

/**
 * S3 SigV4 and GCS V4 write the same parameters, each under its own prefix.
 * @param {'X-Amz' | 'X-Goog'} prefix
 * @param {string} algorithm
 * @param {(day: string) => string} credential
 */
const v4Style = (prefix, algorithm, credential) => ({
  signature: `${prefix}-Signature`,
  encode: hex,
  /** @param {number} now @param {number} expiresAt @returns {Params} */
  params: (now, expiresAt) => [
    [`${prefix}-Algorithm`, algorithm],
    [`${prefix}-Credential`, credential(compactDate(now).slice(0, 8))],
    [`${prefix}-Date`, compactDate(now)],
    [`${prefix}-Expires`, String((expiresAt - now) / 1000)],
    [`${prefix}-SignedHeaders`, 'host'],
  ],
});

/**
 * What each style writes beside its signature, for a link issued at `now`
 * (whole seconds) that expires at `expiresAt` (whole seconds, in ms).
 * @type {Record<SignedStyle, { signature: string, encode: (mac: Buffer) => string, params: (now: number, expiresAt: number) => Params }>}
 */
const SIGNED_STYLES = {
  azure: {
    signature: 'sig',
    encode: base64,
    params: (_, expiresAt) => [
      ['sv', SAS_VERSION],
      ['sr', 'b'],
      ['sp', 'r'],
      ['se', sasDate(expiresAt)],
    ],
  },
  'no-expiry': {
    signature: 'sig',
    encode: base64,
    params: () => [
      ['sv', SAS_VERSION],
      ['sr', 'b'],
      ['si', 'downloads'],
    ],
  },
  s3: v4Style('X-Amz', 'AWS4-HMAC-SHA256', (day) => `AKIASTANDIN/${day}/local/s3/aws4_request`),
  gcs: v4Style('X-Goog', 'GOOG4-HMAC-SHA256', (day) => `stand-in/${day}/auto/storage/goog4_request`),
  cloudfront: {
    signature: 'Signature',
    encode: cloudFrontBase64,
    params: (_, expiresAt) => [
      ['Expires', String(expiresAt / 1000)],
      ['Key-Pair-Id', 'K2STANDIN'],
    ],
  },
};

const SIGNATURE_NAMES = [...new Set(Object.values(SIGNED_STYLES).map((style) => style.signature))];

/**
 * Why a style or lifetime cannot be used, or null.
 * @param {unknown} style
 * @param {unknown} lifetimeMs
 * @returns {string | null}
 */
export function linkPolicyProblem(style, lifetimeMs) {
  if (!LINK_STYLES.includes(/** @type {LinkStyle} */ (style))) {
    return `link style "${String(style)}" is none of ${LINK_STYLES.join(', ')}`;
  }
  if (!Number.isInteger(lifetimeMs) || Number(lifetimeMs) < MIN_LIFETIME_MS || Number(lifetimeMs) > MAX_LIFETIME_MS) {
    return `link lifetime ${String(lifetimeMs)} ms is not a whole number from ${MIN_LIFETIME_MS} to ${MAX_LIFETIME_MS}`;
  }
  return null;
}

/**
 * The links a GraphQL request asks for in its URL's `link-style` and
 * `link-lifetime-ms`; what it leaves out is the provider's.
 * @param {URLSearchParams} query
 * @param {LinkPolicy} providerPolicy
 * @returns {{ policy: LinkPolicy } | { problem: string }}
 */
export function linkPolicyOf(query, providerPolicy) {
  const lifetime = query.get(LINK_LIFETIME_PARAM);
  const policy = /** @type {LinkPolicy} */ ({
    style: query.get(LINK_STYLE_PARAM) ?? providerPolicy.style,
    lifetimeMs: lifetime === null ? providerPolicy.lifetimeMs : /^\d+$/.test(lifetime) ? Number(lifetime) : NaN,
  });
  const problem = linkPolicyProblem(policy.style, policy.lifetimeMs);
  return problem ? { problem } : { policy };
}

/**
 * What is signed: the path as a browser decodes it, and every other
 * parameter; in an order of their own, so that the order a URL has them in
 * does not matter.
 * @param {string} path
 * @param {Params} params
 */
const canonical = (path, params) =>
  JSON.stringify([path, [...params].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))]);

/** @param {URL} url @returns {string | null} */
function decodedPath(url) {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
}

/** @param {string} expected @param {string} given */
function sameSignature(expected, given) {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * When a link whose signature checked out expires, in epoch ms: Infinity for
 * one under a stored access policy, NaN where it names no expiry it could have
 * been signed with.
 * @param {URLSearchParams} params
 * @param {string} signatureName
 */
function expiryOf(params, signatureName) {
  /** @param {string | null} text */
  const seconds = (text) => (text !== null && /^\d+$/.test(text) ? Number(text) * 1000 : NaN);
  /** @param {string | null} text */
  const compact = (text) => {
    const parts = text === null ? null : /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
    return parts ? Date.parse(`${parts[1]}-${parts[2]}-${parts[3]}T${parts[4]}:${parts[5]}:${parts[6]}Z`) : NaN;
  };
  switch (signatureName) {
    case 'sig': {
      const end = params.get('se');
      if (end === null) return params.has('si') ? Infinity : NaN;
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(end) ? Date.parse(end) : NaN;
    }
    case 'X-Amz-Signature':
      return compact(params.get('X-Amz-Date')) + seconds(params.get('X-Amz-Expires'));
    case 'X-Goog-Signature':
      return compact(params.get('X-Goog-Date')) + seconds(params.get('X-Goog-Expires'));
    default:
      return seconds(params.get('Expires'));
  }
}

/**
 * @param {{ key: string | Buffer, clock: () => number }} options
 */
export function createLinkSigner({ key, clock }) {
  /** @param {string} path @param {Params} params */
  const mac = (path, params) => createHmac('sha256', key).update(canonical(path, params)).digest();

  return {
    /**
     * The URL with the policy's signature. `url` is as the service writes it,
     * unencoded spaces and all; its path is signed as a browser will send it,
     * and a parameter it has already (a members-only link's visitor) is signed too.
     * @param {string} url
     * @param {LinkPolicy} policy
     */
    sign(url, { style, lifetimeMs }) {
      if (style === 'unsigned') return url;
      const signed = SIGNED_STYLES[style];
      const issuedAt = clock();
      // Never shorter than asked: the expiry is rounded up to its whole second.
      const expiresAt = Math.ceil((issuedAt + lifetimeMs) / 1000) * 1000;
      const queryAt = url.indexOf('?');
      const base = queryAt === -1 ? url : url.slice(0, queryAt);
      /** @type {Params} */
      const own = queryAt === -1 ? [] : [...new URLSearchParams(url.slice(queryAt + 1))];
      const params = [...own, ...signed.params(Math.floor(issuedAt / 1000) * 1000, expiresAt)];
      const path = decodedPath(new URL(base)) ?? '';
      const query = new URLSearchParams([...params, [signed.signature, signed.encode(mac(path, params))]]);
      return `${base}?${query}`;
    },

    /**
     * Whether a file URL may be served. A parameter given twice is forged:
     * one reader would take the first, another the last.
     * @param {URL} url
     * @returns {LinkCheck}
     */
    check(url) {
      const params = url.searchParams;
      const signatures = SIGNATURE_NAMES.filter((name) => params.has(name));
      const [signatureName] = signatures;
      if (signatureName === undefined) return 'unsigned';
      const names = [...params.keys()];
      const path = decodedPath(url);
      if (signatures.length > 1 || new Set(names).size !== names.length || path === null) return 'forged';
      const encode = Object.values(SIGNED_STYLES).find((style) => style.signature === signatureName)?.encode ?? hex;
      const signedParams = [...params].filter(([name]) => name !== signatureName);
      if (!sameSignature(encode(mac(path, signedParams)), params.get(signatureName) ?? '')) return 'forged';
      const expiresAt = expiryOf(params, signatureName);
      if (Number.isNaN(expiresAt)) return 'forged';
      return clock() < expiresAt ? 'valid' : 'expired';
    },
  };
}
