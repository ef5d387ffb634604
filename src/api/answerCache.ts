import { graphqlFailure } from './graphqlErrors.js';
import { reusableUntil } from '../machine/linkExpiry.js';
import type { OperationResult } from './operation.js';
import { stringsIn, type ProviderClock } from './providerClock.js';

const MAX_CACHED_ANSWERS = 2000;

export interface AnswerCache {
  /**
   * Judged by the TTL in force now: lowering it (to 0, say) takes effect at once.
   * An answer whose signed link is past the first share of its life is not handed
   * out, whatever the TTL (see REUSE_WITHIN_SHARE_OF_LIFE).
   */
  get(key: string, ttlMs: number): OperationResult | undefined;
  /**
   * Keeps only answers with data: an answer of errors alone is asked for again,
   * and so is one that refuses the caller beside its data (`materials: null`):
   * a permission granted on the provider counts at the next lookup.
   */
  remember(key: string, result: OperationResult, ttlMs: number): void;
}

/**
 * Answers with data, by operation key; bounded so a long session cannot grow
 * it without end. A link's life is read against `clock`, the provider's.
 */
export function createAnswerCache(clock: Pick<ProviderClock, 'expiryOf'>): AnswerCache {
  const answers = new Map<string, { result: OperationResult; storedAt: number; reusableUntil: number }>();
  return {
    get(key, ttlMs) {
      const entry = answers.get(key);
      const now = Date.now();
      if (entry && now - entry.storedAt < ttlMs && now < entry.reusableUntil) return entry.result;
      answers.delete(key);
      return undefined;
    },
    remember(key, result, ttlMs) {
      if (ttlMs <= 0 || result.data === undefined || result.data === null) return;
      if (graphqlFailure(result.errors)?.reason === 'unauthorized') return;
      // Deleted first so a renewed answer moves to the end, and the oldest is the first to go;
      // and so that an answer too close to its expiry to keep does not leave an older one behind.
      answers.delete(key);
      const storedAt = Date.now();
      const expiresAt = earliestLinkExpiry(result.data, clock);
      const until = expiresAt === null ? Infinity : reusableUntil(storedAt, expiresAt);
      if (until <= storedAt) return;
      answers.set(key, { result, storedAt, reusableUntil: until });
      if (answers.size > MAX_CACHED_ANSWERS) answers.delete(answers.keys().next().value!);
    },
  };
}

/**
 * The earliest expiry of any link in an answer, in the visitor's terms.
 * Which of its links an element reads is the readers' business (the first
 * thumbnail, the first image tile, ...): keeping to the first to expire, the
 * cache never outlives the one read, whatever the rules.
 */
function earliestLinkExpiry(data: unknown, clock: Pick<ProviderClock, 'expiryOf'>): number | null {
  let earliest: number | null = null;
  for (const text of stringsIn([data])) {
    const expiry = clock.expiryOf(text);
    if (expiry !== null && (earliest === null || expiry < earliest)) earliest = expiry;
  }
  return earliest;
}
