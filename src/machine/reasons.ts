/**
 * Why a link is disabled, in one vocabulary: `cm-link-change`'s `reason`, the
 * host's `data-reason`, the `debug` log and the inspector. What each means and
 * what fixes it are `REASONS`, in `./reasonWords.ts`: the inspector and the
 * README's troubleshooting table read them, the element's files carry none.
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
