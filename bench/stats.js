// @ts-check

/**
 * Middle value; a timed-out run counts as slower than any finished one, so
 * the median is a timeout exactly when at least half the runs were.
 * @param {(number | null)[]} values null for a run without a value
 * @param {{ nullIsInfinite?: boolean }} [options]
 * @returns {number | null}
 */
export function median(values, { nullIsInfinite = false } = {}) {
  const numbers = values
    .map((value) => (value === null ? (nullIsInfinite ? Infinity : null) : value))
    .filter((value) => value !== null)
    .sort((a, b) => a - b);
  if (numbers.length === 0) return null;
  const middle = Math.floor(numbers.length / 2);
  const upper = /** @type {number} */ (numbers[middle]);
  const lower = /** @type {number} */ (numbers[middle - 1] ?? upper);
  const value = numbers.length % 2 === 1 ? upper : (lower + upper) / 2;
  return Number.isFinite(value) ? value : null;
}
