// @ts-check
// The Markdown that goes to the terminal and into the README.

/** @typedef {import('./summarize.js').CellMedians} CellMedians */
/** @typedef {import('./summarize.js').TargetCheck} TargetCheck */
/** @typedef {import('./summarize.js').Sizes} Sizes */
/** @typedef {import('./build-files.js').BenchFile} BenchFile */

/**
 * @typedef {object} Machine
 * @property {string} os
 * @property {number} cpus
 * @property {number} memoryGiB
 * @property {string} chromium
 * @property {string} node
 * @property {{ start: number, end: number }} loadAverage one-minute load average when the bench started and ended
 */

const KIB = 1024;
const fixed = (/** @type {number | null} */ value, digits = 0) => (value === null ? '–' : value.toFixed(digits));
const time = (/** @type {number | null} */ value) =>
  value === null ? '–' : value < 100 ? value.toFixed(1) : value.toFixed(0);

/** @param {Machine} machine @param {string} date */
export function machineLine(machine, date) {
  const { start, end } = machine.loadAverage;
  return `Measured ${date} on ${machine.os}, ${machine.cpus} cores, ${machine.memoryGiB.toFixed(1)} GiB memory, Chromium ${machine.chromium}, Node ${machine.node}; one-minute load average ${start.toFixed(1)} at the start, ${end.toFixed(1)} at the end.`;
}

/**
 * @param {object} report
 * @param {string} report.date
 * @param {Machine} report.machine
 * @param {number} report.runs
 * @param {number} report.timeoutMs
 * @param {BenchFile[]} report.files
 * @param {CellMedians[]} report.medians
 * @param {Record<string, Sizes>} report.sizes
 * @param {TargetCheck[]} report.targets
 */
export function formatReport({ date, machine, runs, timeoutMs, files, medians, sizes, targets }) {
  const labelOf = (/** @type {string} */ id) => files.find((f) => f.id === id)?.label ?? id;
  const order = files.map((f) => f.id);
  const sorted = [...medians].sort(
    (a, b) => a.latencyMs - b.latencyMs || a.n - b.n || order.indexOf(a.file) - order.indexOf(b.file),
  );
  const rows = sorted.map((m) => {
    const timeCell = m.timeToLinksMs === null ? 'not reached' : time(m.timeToLinksMs);
    const unfinished = m.unfinished > 0 ? ` (${m.unfinished}/${m.runs} unfinished)` : '';
    return `| ${m.latencyMs} | ${m.n} | ${labelOf(m.file)} | ${timeCell}${unfinished} | ${fixed(m.requests)} | ${fixed(m.operations)} | ${fixed(m.longestTaskMs)} | ${fixed(m.heapPerElementKB, 1)} |`;
  });
  const sizeRows = files
    .filter((f) => sizes[f.id])
    .map((f) => {
      const s = /** @type {Sizes} */ (sizes[f.id]);
      return `| ${f.label} | ${(s.raw / KIB).toFixed(1)} | ${(s.gzip / KIB).toFixed(1)} | ${(s.brotli / KIB).toFixed(1)} |`;
    });
  return [
    machineLine(machine, date),
    `Median of ${runs} runs per row, files taking turns. Time: from the script's arrival (its Resource Timing \`responseEnd\`) to the last anchor getting its \`href\`; an unfinished run (over ${timeoutMs / 1000} s, or elements settled as disabled without a link) counts as slower than any finished one. Longest task: longest main-thread task from adding the script to the last \`href\` (0 = none reached 50 ms). Heap: JS heap growth after forced GC, per element, including the library's own code. KB = 1024 bytes.`,
    '',
    '| latency (ms) | N | file | time to all links (ms) | HTTP requests | operations | longest task (ms) | JS heap / element (KB) |',
    '|---:|---:|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    '| file | raw (KB) | gzip (KB) | brotli (KB) |',
    '|---|---:|---:|---:|',
    ...sizeRows,
    '',
    'Targets:',
    '',
    ...targets.map((t) => `- ${t.met ? 'met' : '**not met**'}: ${t.target} (${t.detail})`),
  ].join('\n');
}
