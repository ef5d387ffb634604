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

/**
 * The `extensions.code` values with which GraphQL servers refuse a caller who
 * is not signed in or not allowed, and whose they are. Both servers answer
 * such a refusal with HTTP 200: only the code tells it from an outage.
 */
export const REFUSAL_CODES = {
  AUTH_NOT_AUTHENTICATED: 'HotChocolate',
  AUTH_NOT_AUTHORIZED: 'HotChocolate',
  UNAUTHENTICATED: 'Apollo Server',
  FORBIDDEN: 'Apollo Server',
} as const;

export type RefusalCode = keyof typeof REFUSAL_CODES;

/**
 * The code and the provider's words in a refusal's sentence (`the provider
 * refused: CODE: words`, as the lookup writes it), read back for an
 * explanation that puts the fix beside the code; null for any other sentence.
 */
export function readRefusal(sentence: string): { code: RefusalCode; words: string | null } | null {
  const match = /^the provider refused: ([A-Z_]+)(?:: (.+))?$/.exec(sentence);
  const code = match?.[1];
  return code !== undefined && isRefusalCode(code) ? { code, words: match?.[2] ?? null } : null;
}

/** Own keys only: a code such as `constructor` is no refusal. */
export function isRefusalCode(code: string): code is RefusalCode {
  return Object.prototype.hasOwnProperty.call(REFUSAL_CODES, code);
}
