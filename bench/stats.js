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

/**
 * How far a ratio of two medians could be from its value by the luck of the
 * loads alone: the middle `level` of the ratios of medians over `resamples`
 * bootstrap resamples of each side's finished runs (drawn with replacement).
 * Seeded, so one run's figures read the same each time they are computed.
 * Null when either side has fewer than 3 finished runs.
 * @param {(number | null)[]} ours
 * @param {(number | null)[]} peer
 * @param {{ level?: number, resamples?: number, seed?: number }} [options]
 * @returns {[number, number] | null}
 */
export function ratioInterval(ours, peer, { level = 0.9, resamples = 2000, seed = 1 } = {}) {
  const finished = (/** @type {(number | null)[]} */ values) => values.filter((value) => value !== null);
  const [a, b] = [finished(ours), finished(peer)];
  if (a.length < 3 || b.length < 3) return null;
  const random = mulberry32(seed);
  const resample = (/** @type {number[]} */ values) =>
    values.map(() => /** @type {number} */ (values[Math.floor(random() * values.length)]));
  const ratios = Array.from(
    { length: resamples },
    () => /** @type {number} */ (median(resample(a))) / /** @type {number} */ (median(resample(b))),
  ).sort((x, y) => x - y);
  const tail = Math.floor(((1 - level) / 2) * resamples);
  return [/** @type {number} */ (ratios[tail]), /** @type {number} */ (ratios[resamples - 1 - tail])];
}

/**
 * A small seeded generator of numbers in [0, 1): the same seed, the same sequence.
 * @param {number} seed
 */
function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
