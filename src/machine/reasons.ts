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

/** Why a link is disabled: one of `REASON_NAMES`. @example `const reason: Reason = 'not-found';` */
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

/** What was asked for, in words: `thumbnail 10x10cm for A-100 of org-1`. */
export function describeRequest(request: LinkRequest): string {
  const size = request.kind === 'thumbnail' ? request.assignmentType.replace(/^THUMBNAIL_|_(?=CM$|IN$)/g, '') : null;
  const details = [size, request.resolution, request.fileType].filter(Boolean).map((word) => word!.toLowerCase());
  return [request.kind, ...details, 'for', request.articleId, 'of', request.organizationId].join(' ');
}
