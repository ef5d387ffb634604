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
