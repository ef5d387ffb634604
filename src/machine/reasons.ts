import type { LinkRequest } from './inputs.js';

/** Why a link is disabled: one vocabulary for the event, `data-reason`, the log and the inspector. */
export const REASON_NAMES = [
  'invalid-input',
  'no-anchor',
  'not-found',
  'unauthorized',
  'request-failed',
  'unsafe-link',
  'expired',
] as const;

/**
 * Why a link is disabled: one of `REASON_NAMES`.
 * @example `const reason: Reason = 'not-found';`
 */
export type Reason = (typeof REASON_NAMES)[number];

/** What a failed lookup may say about why; any other failure is `request-failed`. */
export type FailureReason = Extract<Reason, 'unauthorized' | 'request-failed' | 'unsafe-link'>;

export const isReason = (value: unknown): value is Reason => (REASON_NAMES as readonly unknown[]).includes(value);

/** The `extensions.code` of a GraphQL refusal, by server: both answer it with HTTP 200, only the code tells. */
export const REFUSAL_CODES = {
  AUTH_NOT_AUTHENTICATED: 'HotChocolate',
  AUTH_NOT_AUTHORIZED: 'HotChocolate',
  UNAUTHENTICATED: 'Apollo Server',
  FORBIDDEN: 'Apollo Server',
} as const;

export type RefusalCode = keyof typeof REFUSAL_CODES;

/** Own keys only: a code such as `constructor` is no refusal. */
export const isRefusalCode = (code: string): code is RefusalCode =>
  Object.prototype.hasOwnProperty.call(REFUSAL_CODES, code);

// The words below are for the inspector and the README: no element's bundle reads them.

/** What each reason means and what fixes it. */
export const REASONS = {
  'invalid-input': {
    cause: 'An attribute is missing, or has a value the element does not accept.',
    fix: 'Set the attribute the message names, to one of the values it lists.',
  },
  'no-anchor': {
    cause: "The element's first element child is not an `<a>` (it is missing, or wrapped in another element).",
    fix: 'Make the `<a>` the first child of `<cm-material-download>`.',
  },
  'not-found': {
    cause: 'The provider has no file for these inputs.',
    fix: 'Check the ids, `type` and the size and format attributes against what the provider has.',
  },
  unauthorized: {
    cause:
      "The provider refused the request: HTTP 401 or 403, or a GraphQL error (answered with HTTP 200) whose code says the caller is not signed in or not allowed: HotChocolate's `AUTH_NOT_AUTHENTICATED` or `AUTH_NOT_AUTHORIZED`, Apollo Server's `UNAUTHENTICATED` or `FORBIDDEN`.",
    fix: "Check the API key or token (`localStorage['cm-api-key']` or `localStorage['cm-user-token']`), and that the endpoint is the configured one (credentials go only there).",
  },
  'request-failed': {
    cause:
      "The request failed: another HTTP error, a network or CORS failure, a timeout, an answer that is not GraphQL, or a GraphQL error with no data (the message carries the provider's words).",
    fix: 'Read the message: check the endpoint, the network and the provider (its CORS headers among them).',
  },
  'unsafe-link': {
    cause: 'The provider answered with something that is not an absolute http(s) URL.',
    fix: "Fix the provider's download URL; the element never sets anything else as `href`.",
  },
  expired: {
    cause: 'A signed link ran out before a fresh one came.',
    fix: 'Nothing: the element is fetching a fresh link. If it keeps happening, the provider hands out links that live too short.',
  },
} as const satisfies Record<Reason, { cause: string; fix: string }>;

export interface Explained {
  reason: Reason | null;
  error: string | null;
  request: LinkRequest | null;
}

/** The reason in plain words and what would change it; null while nothing is wrong. */
export function explainReason({ reason, error, request }: Explained): string | null {
  if (reason === null) return null;
  if (reason === 'not-found')
    return request ? `the provider has no ${describeRequest(request)}` : REASONS[reason].cause;
  if (reason === 'no-anchor') return `no anchor: ${REASONS[reason].fix}`;
  // A refusal's sentence, as the lookup writes it: `the provider refused: CODE: words`.
  const refusal = reason === 'unauthorized' && /^the provider refused: ([A-Z_]+)(?:: (.+))?$/.exec(error ?? '');
  if (refusal && isRefusalCode(refusal[1]!)) {
    return `the provider refused: ${refusal[1]}: check the API key or token${refusal[2] ? `; it said "${refusal[2]}"` : ''}`;
  }
  const cause = (error ?? REASONS[reason].cause).replace(/\.$/, '');
  const { fix } = REASONS[reason];
  return `${cause}: ${fix.charAt(0).toLowerCase()}${fix.slice(1)}`;
}

/** What was asked for, in words: `thumbnail 10x10cm for A-100 of org-1`. */
export function describeRequest(request: LinkRequest): string {
  const size = request.kind === 'thumbnail' ? request.assignmentType.replace(/^THUMBNAIL_|_(?=CM$|IN$)/g, '') : null;
  const details = [size, request.resolution, request.fileType].filter(Boolean).map((word) => word!.toLowerCase());
  return [request.kind, ...details, 'for', request.articleId, 'of', request.organizationId].join(' ');
}
