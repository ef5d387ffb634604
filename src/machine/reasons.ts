import type { LinkRequest } from './inputs.js';

/**
 * Why a link is disabled, one vocabulary for the event, `data-reason`, the log and the inspector. Their
 * words are in reasonWords.ts, which the element's files do not carry.
 */
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
 *
 * @example
 * ```ts
 * const reason: Reason = 'not-found';
 * ```
 */
export type Reason = (typeof REASON_NAMES)[number];

/** What a lookup that failed says about why; any other failure is `request-failed`. */
export type FailureReason = Extract<Reason, 'unauthorized' | 'request-failed' | 'unsafe-link'>;

export function isReason(value: unknown): value is Reason {
  return (REASON_NAMES as readonly unknown[]).includes(value);
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
