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

/**
 * Runs grouped by what they measured (file, N, ...), in the order each group first appears.
 * @template T
 * @param {T[]} runs
 * @param {(run: T) => unknown[]} keyOf
 * @returns {[T, ...T[]][]}
 */
export function cellsOf(runs, keyOf) {
  /** @type {Map<string, [T, ...T[]]>} */
  const cells = new Map();
  for (const run of runs) {
    const key = JSON.stringify(keyOf(run));
    const cell = cells.get(key);
    if (cell) cell.push(run);
    else cells.set(key, [run]);
  }
  return [...cells.values()];
}

/**
 * The files in the order of one run: over files.length runs each goes first, second, ... once.
 * @template T
 * @param {T[]} files
 * @param {number} run
 */
export function filesInTurn(files, run) {
  const shift = run % files.length;
  return [...files.slice(shift), ...files.slice(0, shift)];
}

/**
 * What every cell of runs reports alike: its runs, those that did not finish, and the median
 * time until every link was set (the ratio to the floor is filled in once every cell is known).
 * @param {{ outcome: string, timeToLinksMs: number | null }[]} cell
 */
export function allSetOf(cell) {
  return {
    runs: cell.length,
    unfinished: cell.filter((run) => run.outcome !== 'done').length,
    timeToLinksMs: median(
      cell.map((run) => run.timeToLinksMs),
      { nullIsInfinite: true },
    ),
    timeToLinksVsFloor: /** @type {number | null} */ (null),
  };
}
