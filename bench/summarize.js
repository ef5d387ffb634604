// @ts-check
// Medians per (file, latency, N), their distance to the hand-written floor, and
// the targets checked against them.
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
 * @property {number | null} timeToLinksVsFloor timeToLinksMs over the floor's at the same latency and N, both from this run
 * @property {number | null} executeMs
 * @property {number | null} firstRequestMs
 * @property {number | null} lastRequestMs
 * @property {number | null} requests
 * @property {number | null} operations
 * @property {number | null} longestTaskMs
 * @property {number | null} worstLongestTaskMs
 * @property {number | null} heapKB
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
  const medians = [...cells.values()].map((cell) => {
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
      timeToLinksVsFloor: /** @type {number | null} */ (null),
      fetchMs: pick((run) => run.fetchMs),
      executeMs: pick((run) => run.executeMs),
      firstRequestMs: pick((run) => run.firstRequestMs),
      lastRequestMs: pick((run) => run.lastRequestMs),
      requests: pick((run) => run.requests),
      operations: pick((run) => run.operations),
      longestTaskMs: pick((run) => run.longestTaskMs),
      worstLongestTaskMs: Math.max(...cell.map((run) => run.longestTaskMs)),
      heapKB: pick((run) => run.heapKB),
      heapPerElementKB: pick((run) => run.heapPerElementKB),
    };
  });
  for (const cell of medians) {
    const floor = medians.find((m) => m.file === 'floor' && m.latencyMs === cell.latencyMs && m.n === cell.n);
    if (floor?.timeToLinksMs && cell.timeToLinksMs !== null) {
      cell.timeToLinksVsFloor = cell.timeToLinksMs / floor.timeToLinksMs;
    }
  }
  return medians;
}

/**
 * @typedef {{ target: string, met: boolean, detail: string }} TargetCheck
 */

const KIB = 1024;
const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;
// The r2wc variant is held to the React build's targets: it is the same element on another carrier.
const LABELS = { react: 'React build', lite: 'lite build', r2wc: 'stock r2wc (variant)' };
const TARGETED = /** @type {const} */ (['react', 'lite', 'r2wc']);
/**
 * The ceilings on all-set time, as a multiple of the floor's at 50 ms.
 * @type {{ n: number, file: keyof typeof LABELS, max: number }[]}
 */
const FLOOR_RATIOS = [
  { n: 100, file: 'react', max: 1.3 },
  { n: 100, file: 'lite', max: 1.15 },
  { n: 1000, file: 'react', max: 1.4 },
  { n: 1000, file: 'lite', max: 1.2 },
  { n: 100, file: 'r2wc', max: 1.3 },
  { n: 1000, file: 'r2wc', max: 1.4 },
];

/**
 * The targets, every one against the floor measured in the same run:
 * medians at 50 ms latency. A target whose file was not measured is left out;
 * one whose floor was not measured is not met.
 * @param {CellMedians[]} medians
 * @param {Record<string, Sizes>} sizes by file id
 * @returns {TargetCheck[]}
 */
export function checkTargets(medians, sizes) {
  /** @type {TargetCheck[]} */
  const checks = [];
  const cell = (/** @type {string} */ file, /** @type {number} */ n) =>
    medians.find((m) => m.file === file && m.n === n && m.latencyMs === 50);
  /** @param {string} target @param {CellMedians} ours @param {(floor: CellMedians) => Omit<TargetCheck, 'target'>} check */
  const againstFloor = (target, ours, check) => {
    const floor = cell('floor', ours.n);
    checks.push({ target, ...(floor ? check(floor) : { met: false, detail: 'floor not measured in this run' }) });
  };

  for (const { n, file, max } of FLOOR_RATIOS) {
    const ours = cell(file, n);
    if (!ours) continue;
    againstFloor(`${LABELS[file]}, N=${n} @ 50 ms: all links set within ${max}× the floor's time`, ours, (floor) => {
      if (ours.timeToLinksMs === null) return { met: false, detail: 'ours did not finish' };
      if (floor.timeToLinksMs === null) return { met: false, detail: 'the floor did not finish' };
      const ratio = ours.timeToLinksMs / floor.timeToLinksMs;
      return {
        met: ratio <= max,
        detail: `${ms(ours.timeToLinksMs)} vs floor ${ms(floor.timeToLinksMs)}: ${ratio.toFixed(2)}×`,
      };
    });
  }
  for (const file of TARGETED) {
    const at100 = cell(file, 100);
    if (!at100) continue;
    checks.push({
      target: `${LABELS[file]}, N=100 @ 50 ms: at most 10 HTTP requests`,
      met: at100.requests !== null && at100.requests <= 10,
      detail: `${at100.requests} requests (${at100.operations} operations)`,
    });
  }
  for (const file of TARGETED) {
    const at1000 = cell(file, 1000);
    if (!at1000) continue;
    checks.push({
      target: `${LABELS[file]}, N=1000 @ 50 ms: no main-thread task over 50 ms`,
      met: at1000.longestTaskMs !== null && at1000.longestTaskMs <= 50,
      detail: `median longest task ${ms(at1000.longestTaskMs ?? 0)}, worst run ${ms(at1000.worstLongestTaskMs ?? 0)}`,
    });
    againstFloor(`${LABELS[file]}, N=1000 @ 50 ms: JS heap at most 2× the floor's`, at1000, (floor) => {
      if (at1000.heapKB === null || floor.heapKB === null) return { met: false, detail: 'no finished run to weigh' };
      const ratio = at1000.heapKB / floor.heapKB;
      return {
        met: ratio <= 2,
        detail: `${Math.round(at1000.heapKB)} KB vs floor ${Math.round(floor.heapKB)} KB: ${ratio.toFixed(1)}×`,
      };
    });
  }
  for (const file of TARGETED) {
    const at1 = cell(file, 1);
    if (!at1) continue;
    againstFloor(`${LABELS[file]}, N=1 @ 50 ms: first request within 25 ms of the floor's`, at1, (floor) => {
      if (at1.firstRequestMs === null || floor.firstRequestMs === null)
        return { met: false, detail: 'no request seen' };
      const late = at1.firstRequestMs - floor.firstRequestMs;
      return {
        met: late <= 25,
        detail: `${ms(at1.firstRequestMs)} vs floor ${ms(floor.firstRequestMs)} after the file's arrival: ${late >= 0 ? '+' : '−'}${ms(Math.abs(late))}`,
      };
    });
  }
  for (const file of TARGETED) {
    const limit = file === 'lite' ? 42 : 100;
    const size = sizes[file];
    if (!size) continue;
    checks.push({
      target: `${LABELS[file]}: ≤ ${limit} KB gzip`,
      met: size.gzip <= limit * KIB,
      detail: `${(size.gzip / KIB).toFixed(1)} KB (${size.gzip} bytes)`,
    });
  }
  return checks;
}
