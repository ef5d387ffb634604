import type { OperationResult } from './operation.js';

/** Answers with data, by operation key; bounded so a long session cannot grow it without end. */
const answers = new Map<string, { result: OperationResult; storedAt: number }>();
const MAX_CACHED_ANSWERS = 2000;

/** Judged by the TTL in force now: lowering it (to 0, say) takes effect at once. */
export function cachedAnswer(key: string, ttlMs: number): OperationResult | undefined {
  const entry = answers.get(key);
  if (entry && Date.now() - entry.storedAt < ttlMs) return entry.result;
  answers.delete(key);
  return undefined;
}

/** Keeps only answers with data: an answer of errors alone is asked for again. */
export function rememberAnswer(key: string, result: OperationResult, ttlMs: number): void {
  if (ttlMs <= 0 || result.data === undefined || result.data === null) return;
  // Deleted first so a renewed answer moves to the end, and the oldest is the first to go.
  answers.delete(key);
  answers.set(key, { result, storedAt: Date.now() });
  if (answers.size > MAX_CACHED_ANSWERS) answers.delete(answers.keys().next().value!);
}

/** Forgets every cached answer: for tests, and for pages that know the data changed. */
export function clearAnswerCache(): void {
  answers.clear();
}
