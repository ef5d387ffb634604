import type { Reason } from './reasons.js';
import { readRefusal, type RefusalCode } from './reasons.js';
import type { LinkRequest } from './inputs.js';

/** How the table's fix for `unauthorized` opens; a GraphQL refusal's explanation puts it beside the code. */
const CHECK_CREDENTIALS = 'check the API key or token';

/** What each reason means and what fixes it, for the inspector and the README (a bundle would keep every sentence). */
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

/** The reason in plain words and what would change it, for the inspector; null while nothing is wrong. */
export function explainReason({ reason, error, request }: Explained): string | null {
  switch (reason) {
    case null:
      return null;
    case 'not-found':
      return request ? `the provider has no ${describeRequest(request)}` : REASONS[reason].cause;
    case 'no-anchor':
      return `no anchor: ${REASONS[reason].fix}`;
    default: {
      const refusal = reason === 'unauthorized' && error !== null ? readRefusal(error) : null;
      if (refusal) return explainRefusal(refusal);
      return `${withoutFinalStop(error ?? REASONS[reason].cause)}: ${lowerFirst(REASONS[reason].fix)}`;
    }
  }
}

/** `the provider refused: AUTH_NOT_AUTHORIZED: check the API key or token; it said "…"` */
function explainRefusal({ code, words }: { code: RefusalCode; words: string | null }): string {
  const said = words ? `; it said "${words}"` : '';
  return `the provider refused: ${code}: ${CHECK_CREDENTIALS}${said}`;
}

function withoutFinalStop(text: string): string {
  return text.endsWith('.') ? text.slice(0, -1) : text;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** What was asked for, in words: `thumbnail 10x10cm for A-100 of org-1`. */
export function describeRequest(request: LinkRequest): string {
  const { kind, articleId, organizationId } = request;
  const details = [
    request.kind === 'thumbnail' ? sizeOf(request.assignmentType) : null,
    request.resolution?.toLowerCase() ?? null,
    request.fileType?.toLowerCase() ?? null,
  ].filter(Boolean);
  return [kind, ...details, 'for', articleId, 'of', organizationId].join(' ');
}

/** `THUMBNAIL_10X10_CM` → `10x10cm`, `THUMBNAIL_13_5X13_5_IN` → `13_5x13_5in`. */
function sizeOf(assignmentType: string): string {
  return assignmentType
    .replace(/^THUMBNAIL_/, '')
    .replace(/_(CM|IN)$/, '$1')
    .toLowerCase();
}
