// @ts-check
// Every (latency, N, run, file) in turn, one progress line each. Files take
// turns in a rotating order, so a machine that drifts hits all of them alike.
import os from 'node:os';
import { measureRun } from './measure-run.js';
import { THROTTLED } from './options.js';
import { filesInTurn } from './stats.js';

/** @typedef {import('./summarize.js').RecordedRun} RecordedRun */
/** @typedef {import('./build-files.js').BenchFile} BenchFile */

const msOrDash = (/** @type {number | null} */ value) => (value === null ? '–' : `${value.toFixed(1)} ms`);

/**
 * @param {object} setup
 * @param {import('playwright-core').Browser} setup.browser
 * @param {import('../dev/provider/server.js').Provider} setup.provider
 * @param {Map<number, string>} setup.pagePaths N to the page's path under /bench/
 * @param {ReturnType<typeof import('./options.js').readOptions>} setup.options
 * @returns {Promise<RecordedRun[]>}
 */
export async function runMatrix({ browser, provider, pagePaths, options }) {
  const startedAt = Date.now();
  const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(0).padStart(4)} s`;
  let loads = 0;

  /** @param {BenchFile} file @param {number} n @param {number} cpuRate */
  const runOnce = (file, n, cpuRate) => {
    loads += 1;
    return measureRun({
      browser,
      provider,
      pageUrl: `${provider.origin}/bench/${pagePaths.get(n)}`,
      // A query string per load, so no run ever gets another's cached copy.
      scriptUrl: `${provider.origin}/bench/${file.fileName}?load=${loads}`,
      n,
      cpuRate,
      timeoutMs: options.timeoutMs,
    });
  };

  const filesAt = (/** @type {number} */ cpuRate) =>
    cpuRate === 1 ? options.files : options.files.filter((file) => THROTTLED.files.includes(file.buildOf ?? file.id));
  const sizesAt = (/** @type {number} */ cpuRate) =>
    cpuRate === 1 ? options.sizes : options.sizes.filter((n) => n >= THROTTLED.minN);

  // The first pages a fresh browser opens are slower; that should not land on whichever file goes first.
  provider.setLatency(0);
  for (const file of options.files) await runOnce(file, Math.min(10, ...options.sizes), 1);

  /** @type {RecordedRun[]} */
  const runs = [];
  const total =
    options.latencies.length *
    options.runs *
    options.cpuRates.reduce((sum, rate) => sum + sizesAt(rate).length * filesAt(rate).length, 0);
  let count = 0;
  for (const cpuRate of options.cpuRates) {
    for (const latencyMs of options.latencies) {
      provider.setLatency(latencyMs);
      for (const n of sizesAt(cpuRate)) {
        /** @type {Map<string, number>} */
        const unfinished = new Map();
        for (let run = 0; run < options.runs; run += 1) {
          for (const file of filesInTurn(filesAt(cpuRate), run)) {
            count += 1;
            const progress = `[${String(count).padStart(String(total).length)}/${total}] ${elapsed()}  ${file.id.padEnd(13)} CPU ×${cpuRate} ${String(latencyMs).padStart(2)} ms  N=${String(n).padEnd(4)} run ${run + 1}/${options.runs}`;
            // Once most runs are unfinished the median is "not reached" whatever the rest do.
            if ((unfinished.get(file.id) ?? 0) > options.runs / 2) {
              console.log(`${progress}  skipped: most runs did not finish, so neither does the median`);
              continue;
            }
            const result = await runOnce(file, n, cpuRate);
            // Other work on the machine shows up here before it shows up as noise in the medians.
            const loadAverage = Math.round((os.loadavg()[0] ?? 0) * 10) / 10;
            runs.push({ file: file.id, cpuRate, latencyMs, n, run: run + 1, loadAverage, ...result });
            if (result.outcome !== 'done') unfinished.set(file.id, (unfinished.get(file.id) ?? 0) + 1);
            const time =
              result.outcome === 'done'
                ? `${result.timeToLinksMs?.toFixed(1)} ms`
                : `${result.outcome} (${result.linked}/${n} linked)`;
            console.log(
              `${progress}  time ${time}  first request ${msOrDash(result.firstRequestMs)}  requests ${result.requests}  operations ${result.operations}  longest task ${Math.round(result.longestTaskMs)} ms  blocking ${Math.round(result.totalBlockingTimeMs)} ms  load ${loadAverage}`,
            );
          }
        }
      }
    }
  }
  return runs;
}
