// @ts-check
// Medians per (file, latency, N), their distance to the hand-written floor, and
// the issue's targets checked against them.
import { allSetOf, cellsOf, median } from './stats.js';

/** @typedef {import('./measure-run.js').RunResult} RunResult */
/** @typedef {import('./build-files.js').BenchFile} BenchFile */
/** @typedef {RunResult & { file: BenchFile['id'], cpuRate: number, latencyMs: number, n: number, run: number, loadAverage: number }} RecordedRun */
/** @typedef {{ raw: number, gzip: number, brotli: number }} Sizes */

/**
 * @typedef {object} CellMedians
 * @property {BenchFile['id']} file
 * @property {number} cpuRate 1, or the CPU slow-down the DevTools protocol applied
 * @property {number} latencyMs
 * @property {number} n
 * @property {number} runs
 * @property {number} unfinished runs that timed out or left links missing
 * @property {number | null} timeToLinksMs null when at least half the runs did not finish
 * @property {number | null} fetchMs
 * @property {number | null} timeToLinksVsFloor timeToLinksMs over the floor's at the same CPU rate, latency and N, both from this run
 * @property {number | null} executeMs
 * @property {number | null} firstRequestMs
 * @property {number | null} lastRequestMs
 * @property {number | null} requests
 * @property {number | null} operations
 * @property {number | null} longestTaskMs
 * @property {number | null} worstLongestTaskMs
 * @property {number | null} totalBlockingTimeMs
 * @property {number | null} totalBlockingTimeVsFloor null when the floor blocked for 0 ms
 * @property {number | null} heapKB
 * @property {number | null} heapPerElementKB
 */

/**
 * @param {RecordedRun[]} runs
 * @returns {CellMedians[]}
 */
export function mediansOf(runs) {
  const medians = cellsOf(runs, (run) => [run.cpuRate, run.latencyMs, run.n, run.file]).map((cell) => {
    const [first] = cell;
    const pick = (/** @type {(run: RecordedRun) => number | null} */ read) => median(cell.map(read));
    return {
      file: first.file,
      cpuRate: first.cpuRate,
      latencyMs: first.latencyMs,
      n: first.n,
      ...allSetOf(cell),
      fetchMs: pick((run) => run.fetchMs),
      executeMs: pick((run) => run.executeMs),
      firstRequestMs: pick((run) => run.firstRequestMs),
      lastRequestMs: pick((run) => run.lastRequestMs),
      requests: pick((run) => run.requests),
      operations: pick((run) => run.operations),
      longestTaskMs: pick((run) => run.longestTaskMs),
      worstLongestTaskMs: Math.max(...cell.map((run) => run.longestTaskMs)),
      totalBlockingTimeMs: pick((run) => run.totalBlockingTimeMs),
      totalBlockingTimeVsFloor: /** @type {number | null} */ (null),
      heapKB: pick((run) => run.heapKB),
      heapPerElementKB: pick((run) => run.heapPerElementKB),
    };
  });
  for (const cell of medians) {
    const floor = medians.find(
      (m) => m.file === 'floor' && m.cpuRate === cell.cpuRate && m.latencyMs === cell.latencyMs && m.n === cell.n,
    );
    if (floor?.timeToLinksMs && cell.timeToLinksMs !== null) {
      cell.timeToLinksVsFloor = cell.timeToLinksMs / floor.timeToLinksMs;
    }
    if (floor?.totalBlockingTimeMs && cell.totalBlockingTimeMs !== null) {
      cell.totalBlockingTimeVsFloor = cell.totalBlockingTimeMs / floor.totalBlockingTimeMs;
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
const PHONE = 4;
/** @param {number} cpuRate */
const at = (cpuRate) => (cpuRate === 1 ? '@ 50 ms' : `@ 50 ms, CPU ×${cpuRate}`);
/**
 * Ceilings on all-set time, as a multiple of the floor's at 50 ms: nothing gets slower than
 * before the element started in slices (issue 18).
 * @type {{ n: number, cpuRate: number, file: keyof typeof LABELS, max: number }[]}
 */
const FLOOR_RATIOS = [
  { n: 100, cpuRate: 1, file: 'react', max: 1.5 },
  { n: 100, cpuRate: 1, file: 'lite', max: 1.2 },
  { n: 1000, cpuRate: 1, file: 'react', max: 1.3 },
  { n: 1000, cpuRate: 1, file: 'lite', max: 1.15 },
  { n: 100, cpuRate: PHONE, file: 'react', max: 1.6 },
  { n: 100, cpuRate: PHONE, file: 'lite', max: 1.2 },
  { n: 100, cpuRate: 1, file: 'r2wc', max: 1.5 },
  { n: 1000, cpuRate: 1, file: 'r2wc', max: 1.3 },
];
/**
 * A phone stays responsive: total blocking time as a multiple of the floor's, and the longest
 * task, absolute (ms) or as a multiple of the floor's.
 * @type {{ n: number, cpuRate: number, file: keyof typeof LABELS, maxBlockingVsFloor?: number, maxLongestTaskMs?: number, maxLongestTaskVsFloor?: number }[]}
 */
const RESPONSIVENESS = [
  { n: 100, cpuRate: PHONE, file: 'lite', maxBlockingVsFloor: 0.5, maxLongestTaskMs: 100 },
  { n: 100, cpuRate: PHONE, file: 'react', maxBlockingVsFloor: 1, maxLongestTaskVsFloor: 1 },
  { n: 1000, cpuRate: 1, file: 'lite', maxLongestTaskMs: 50 },
  { n: 1000, cpuRate: 1, file: 'react', maxLongestTaskMs: 100 },
  { n: 1000, cpuRate: 1, file: 'r2wc', maxLongestTaskMs: 100 },
];
/** One request per ten elements: the batches fill whatever the CPU. */
const REQUESTS = [
  { n: 100, max: 10 },
  { n: 1000, max: 100 },
];

/**
 * The issues' targets, every one against the floor measured in the same run:
 * medians at 50 ms latency. A target whose file was not measured is left out;
 * one whose floor was not measured is not met.
 * @param {CellMedians[]} medians
 * @param {Record<string, Sizes>} sizes by file id
 * @returns {TargetCheck[]}
 */
export function checkTargets(medians, sizes) {
  /** @type {TargetCheck[]} */
  const checks = [];
  const cell = (/** @type {string} */ file, /** @type {number} */ n, cpuRate = 1) =>
    medians.find((m) => m.file === file && m.n === n && m.cpuRate === cpuRate && m.latencyMs === 50);
  /** @param {string} target @param {CellMedians} ours @param {(floor: CellMedians) => Omit<TargetCheck, 'target'>} check */
  const againstFloor = (target, ours, check) => {
    const floor = cell('floor', ours.n, ours.cpuRate);
    checks.push({ target, ...(floor ? check(floor) : { met: false, detail: 'floor not measured in this run' }) });
  };

  for (const { n, cpuRate, file, max } of FLOOR_RATIOS) {
    const ours = cell(file, n, cpuRate);
    if (!ours) continue;
    againstFloor(
      `${LABELS[file]}, N=${n} ${at(cpuRate)}: all links set within ${max}× the floor's time`,
      ours,
      (floor) => {
        if (ours.timeToLinksMs === null) return { met: false, detail: 'ours did not finish' };
        if (floor.timeToLinksMs === null) return { met: false, detail: 'the floor did not finish' };
        const ratio = ours.timeToLinksMs / floor.timeToLinksMs;
        return {
          met: ratio <= max,
          detail: `${ms(ours.timeToLinksMs)} vs floor ${ms(floor.timeToLinksMs)}: ${ratio.toFixed(2)}×`,
        };
      },
    );
  }
  for (const target of RESPONSIVENESS) {
    const ours = cell(target.file, target.n, target.cpuRate);
    if (!ours) continue;
    const where = `${LABELS[target.file]}, N=${target.n} ${at(target.cpuRate)}`;
    const longest = ours.longestTaskMs ?? 0;
    const { maxBlockingVsFloor, maxLongestTaskMs, maxLongestTaskVsFloor } = target;
    if (maxBlockingVsFloor !== undefined) {
      againstFloor(`${where}: total blocking time at most ${maxBlockingVsFloor}× the floor's`, ours, (floor) => {
        const ourTbt = ours.totalBlockingTimeMs ?? 0;
        const floorTbt = floor.totalBlockingTimeMs ?? 0;
        return {
          met: ourTbt <= maxBlockingVsFloor * floorTbt,
          detail: `${ms(ourTbt)} vs floor ${ms(floorTbt)}${floorTbt > 0 ? `: ${(ourTbt / floorTbt).toFixed(2)}×` : ''}`,
        };
      });
    }
    if (maxLongestTaskMs !== undefined) {
      checks.push({
        target: `${where}: no main-thread task over ${maxLongestTaskMs} ms`,
        met: longest <= maxLongestTaskMs,
        detail: `median longest task ${ms(longest)}, worst run ${ms(ours.worstLongestTaskMs ?? 0)}`,
      });
    }
    if (maxLongestTaskVsFloor !== undefined) {
      againstFloor(`${where}: longest task at most the floor's`, ours, (floor) => ({
        met: longest <= maxLongestTaskVsFloor * (floor.longestTaskMs ?? 0),
        detail: `${ms(longest)} vs floor ${ms(floor.longestTaskMs ?? 0)}`,
      }));
    }
  }
  for (const cpuRate of [1, PHONE]) {
    for (const { n, max } of REQUESTS) {
      for (const file of TARGETED) {
        const ours = cell(file, n, cpuRate);
        if (!ours) continue;
        checks.push({
          target: `${LABELS[file]}, N=${n} ${at(cpuRate)}: at most ${max} HTTP requests`,
          met: ours.requests !== null && ours.requests <= max,
          detail: `${ours.requests} requests (${ours.operations} operations)`,
        });
      }
    }
  }
  for (const file of TARGETED) {
    const at1000 = cell(file, 1000);
    if (!at1000) continue;
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
    const limit = file === 'lite' ? 30 : 100;
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
