// @ts-check
// Medians per (file, latency, N) and the targets checked against them.
import { median } from './stats.js';

/** @typedef {import('./measure-run.js').RunResult} RunResult */
/** @typedef {import('./build-files.js').BenchFile} BenchFile */
/** @typedef {RunResult & { file: BenchFile['id'], latencyMs: number, n: number, run: number, loadAverage: number }} RecordedRun */
/** @typedef {{ raw: number, gzip: number, brotli: number }} Sizes */

/**
 * @typedef {object} CellMedians
 * @property {BenchFile['id']} file
 * @property {number} latencyMs
 * @property {number} n
 * @property {number} runs
 * @property {number} unfinished runs that timed out or left links missing
 * @property {number | null} timeToLinksMs null when at least half the runs did not finish
 * @property {number | null} fetchMs
 * @property {number | null} executeMs
 * @property {number | null} requests
 * @property {number | null} operations
 * @property {number | null} longestTaskMs
 * @property {number | null} worstLongestTaskMs
 * @property {number | null} heapPerElementKB
 */

/**
 * @param {RecordedRun[]} runs
 * @returns {CellMedians[]}
 */
export function mediansOf(runs) {
  /** @type {Map<string, RecordedRun[]>} */
  const cells = new Map();
  for (const run of runs) {
    const key = JSON.stringify([run.latencyMs, run.n, run.file]);
    cells.set(key, [...(cells.get(key) ?? []), run]);
  }
  return [...cells.values()].map((cell) => {
    const first = /** @type {RecordedRun} */ (cell[0]);
    const pick = (/** @type {(run: RecordedRun) => number | null} */ read) => median(cell.map(read));
    return {
      file: first.file,
      latencyMs: first.latencyMs,
      n: first.n,
      runs: cell.length,
      unfinished: cell.filter((run) => run.outcome !== 'done').length,
      timeToLinksMs: median(
        cell.map((run) => run.timeToLinksMs),
        { nullIsInfinite: true },
      ),
      fetchMs: pick((run) => run.fetchMs),
      executeMs: pick((run) => run.executeMs),
      requests: pick((run) => run.requests),
      operations: pick((run) => run.operations),
      longestTaskMs: pick((run) => run.longestTaskMs),
      worstLongestTaskMs: Math.max(...cell.map((run) => run.longestTaskMs)),
      heapPerElementKB: pick((run) => run.heapPerElementKB),
    };
  });
}

/**
 * @typedef {{ target: string, met: boolean, detail: string }} TargetCheck
 */

const KIB = 1024;
const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;

/**
 * @param {CellMedians[]} medians
 * @param {Record<string, Sizes>} sizes by file id
 * @param {number} timeoutMs
 * @returns {TargetCheck[]}
 */
export function checkTargets(medians, sizes, timeoutMs) {
  /** @type {TargetCheck[]} */
  const checks = [];
  const cell = (/** @type {string} */ file, /** @type {number} */ n) =>
    medians.find((m) => m.file === file && m.n === n && m.latencyMs === 50);

  /**
   * How many times faster than a baseline; a baseline that never set every link
   * counts as the timeout, a lower bound, which the detail says.
   * @param {CellMedians} ours @param {CellMedians | undefined} baseline @param {number} factor @param {string} name
   */
  const faster = (ours, baseline, factor, name) => {
    if (!baseline || ours.timeToLinksMs === null) {
      return { met: false, detail: ours.timeToLinksMs === null ? 'ours did not finish' : `${name} not measured` };
    }
    const theirs = baseline.timeToLinksMs ?? timeoutMs;
    const ratio = theirs / ours.timeToLinksMs;
    const theirText = baseline.timeToLinksMs === null ? `did not finish (counted as ${ms(timeoutMs)})` : ms(theirs);
    return {
      met: ratio >= factor,
      detail: `${ms(ours.timeToLinksMs)} vs ${name} ${theirText}: ${baseline.timeToLinksMs === null ? '≥ ' : ''}${ratio.toFixed(1)}×`,
    };
  };

  for (const file of ['react', 'lite']) {
    const label = file === 'react' ? 'React build' : 'lite build';
    const at100 = cell(file, 100);
    if (at100) {
      checks.push({
        target: `${label}, N=100 @ 50 ms: at most 10 HTTP requests`,
        met: at100.requests !== null && at100.requests <= 10,
        detail: `${at100.requests} requests (${at100.operations} operations)`,
      });
      checks.push({
        target: `${label}, N=100 @ 50 ms: ≥ 4× faster than naive`,
        ...faster(at100, cell('naive', 100), 4, 'naive'),
      });
      checks.push({
        target: `${label}, N=100 @ 50 ms: ≥ 3× faster than Apollo`,
        ...faster(at100, cell('apollo', 100), 3, 'Apollo'),
      });
    }
    const at1000 = cell(file, 1000);
    if (at1000) {
      checks.push({
        target: `${label}, N=1000 @ 50 ms: ≥ 4× faster than naive`,
        ...faster(at1000, cell('naive', 1000), 4, 'naive'),
      });
      checks.push({
        target: `${label}, N=1000 @ 50 ms: no main-thread task over 50 ms during start-up`,
        met: at1000.longestTaskMs !== null && at1000.longestTaskMs <= 50,
        detail: `median longest task ${ms(at1000.longestTaskMs ?? 0)}, worst run ${ms(at1000.worstLongestTaskMs ?? 0)}`,
      });
      checks.push({
        target: `${label}, N=1000 @ 50 ms: heap per element stated`,
        met: at1000.heapPerElementKB !== null,
        detail:
          at1000.heapPerElementKB === null ? 'no finished run' : `${at1000.heapPerElementKB.toFixed(1)} KB per element`,
      });
    }
    const limit = file === 'react' ? 100 : 42;
    const size = sizes[file];
    if (size) {
      checks.push({
        target: `${label}: ≤ ${limit} KB gzip`,
        met: size.gzip <= limit * KIB,
        detail: `${(size.gzip / KIB).toFixed(1)} KB (${size.gzip} bytes)`,
      });
    }
  }
  return checks;
}
