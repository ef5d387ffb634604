// @ts-check
// The Markdown that goes to the terminal and into docs/performance.md.

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
    (a, b) =>
      a.cpuRate - b.cpuRate || a.latencyMs - b.latencyMs || a.n - b.n || order.indexOf(a.file) - order.indexOf(b.file),
  );
  const rows = sorted.map((m) => {
    const timeCell = m.timeToLinksMs === null ? 'not reached' : time(m.timeToLinksMs);
    const unfinished = m.unfinished > 0 ? ` (${m.unfinished}/${m.runs} unfinished)` : '';
    const ratio = m.timeToLinksVsFloor === null ? '–' : `${m.timeToLinksVsFloor.toFixed(2)}×`;
    const blocking =
      m.totalBlockingTimeVsFloor === null
        ? fixed(m.totalBlockingTimeMs)
        : `${fixed(m.totalBlockingTimeMs)} (${m.totalBlockingTimeVsFloor.toFixed(2)}×)`;
    return `| ×${m.cpuRate} | ${m.latencyMs} | ${m.n} | ${labelOf(m.file)} | ${timeCell}${unfinished} | ${ratio} | ${time(m.firstRequestMs)} | ${time(m.lastRequestMs)} | ${fixed(m.requests)} | ${fixed(m.heapKB)} | ${fixed(m.longestTaskMs)} | ${blocking} |`;
  });
  const sizeRows = files
    .filter((f) => sizes[f.id])
    .map((f) => {
      const s = /** @type {Sizes} */ (sizes[f.id]);
      return `| ${f.label} | ${(s.raw / KIB).toFixed(1)} | ${(s.gzip / KIB).toFixed(1)} | ${(s.brotli / KIB).toFixed(1)} |`;
    });
  return [
    machineLine(machine, date),
    `Median of ${runs} runs per row, files taking turns; every ratio is to the floor measured in this same run. All set: from the script's arrival (its Resource Timing \`responseEnd\`) to the last anchor getting its \`href\`; an unfinished run (over ${timeoutMs / 1000} s, or elements settled as disabled without a link) counts as slower than any finished one. × floor: all set over the floor's (a plain custom element with the same batching, 10 ms / 10, written by hand). First/last request: from the script's arrival to the page's first and last \`fetch\` of \`/graphql\`. Heap: JS heap growth after forced GC, the library's own code included. Longest task: longest main-thread task from adding the script to the last \`href\` (0 = none reached 50 ms); blocking: total blocking time over the same span, the sum of each task's time beyond 50 ms (how long a tap waits), with its ratio to the floor's. CPU ×4: the DevTools protocol slows the page's CPU down four times once it has loaded, as on a mid-range phone. KB = 1024 bytes.`,
    '',
    '| CPU | latency (ms) | N | file | all set (ms) | × floor | first request (ms) | last request (ms) | requests | JS heap (KB) | longest task (ms) | blocking (ms) |',
    '|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    '| file | raw (KB) | gzip (KB) | brotli (KB) |',
    '|---|---:|---:|---:|',
    ...sizeRows,
    '',
    "Targets (the issues', on the medians at 50 ms latency; ratios to the floor of this run):",
    '',
    ...targets.map((t) => `- ${t.met ? 'met' : '**not met**'}: ${t.target} (${t.detail})`),
  ].join('\n');
}

/**
 * Where the bytes go: one row per part, one pair of columns per file.
 * @param {Record<string, import('./bytes.js').FileBytes>} bytes by file id
 * @param {BenchFile[]} files for their labels, in their order
 */
export function formatBytes(bytes, files) {
  const measured = files.filter((file) => bytes[file.id]);
  if (measured.length === 0) return 'Where the bytes go: no source maps in bench/.build (build first).';
  const byFile = measured.map((file) => /** @type {import('./bytes.js').FileBytes} */ (bytes[file.id]));
  const kb = (/** @type {number | undefined} */ value) => (value === undefined ? '–' : (value / KIB).toFixed(1));
  const names = [...new Set(byFile.flatMap((file) => file.parts.map((part) => part.name)))];
  const partRow = (/** @type {string} */ name) => {
    const cells = byFile.map((file) => {
      const part = file.parts.find((p) => p.name === name);
      return `${kb(part?.minified)} | ${kb(part?.gzip)}`;
    });
    return `| ${name} | ${cells.join(' | ')} |`;
  };
  return [
    'Where the bytes go: each byte of the minified file charged through its source map to the package or folder of ours it came from; gzip of each part compressed on its own (level 9), so parts add up to more than the whole file. KB = 1024 bytes.',
    '',
    `| part | ${measured.map((file) => `${file.label}: minified (KB) | gzip (KB)`).join(' | ')} |`,
    `|---|${measured.map(() => '---:|---:').join('|')}|`,
    ...names.map(partRow),
    `| **our own code (src/), together** | ${byFile.map((file) => `${kb(file.ours.minified)} | ${kb(file.ours.gzip)}`).join(' | ')} |`,
    `| **the whole file** | ${byFile.map((file) => `${kb(file.minified)} | ${kb(file.gzip)}`).join(' | ')} |`,
  ].join('\n');
}

/**
 * The product page's medians, by N and then file.
 * @param {import('./product-page.js').ProductPageResults} productPage
 * @param {BenchFile[]} files
 */
export function formatProductPage({ settings, medians }, files) {
  const labelOf = (/** @type {string} */ id) => files.find((f) => f.id === id)?.label ?? id;
  const order = files.map((f) => f.id);
  const kb = (/** @type {number | null} */ value) => (value === null ? '–' : (value / KIB).toFixed(1));
  const rows = [...medians]
    .sort((a, b) => a.n - b.n || order.indexOf(a.file) - order.indexOf(b.file))
    .map((m) => {
      const timeCell = m.timeToLinksMs === null ? 'not reached' : time(m.timeToLinksMs);
      const unfinished = m.unfinished > 0 ? ` (${m.unfinished}/${m.runs} unfinished)` : '';
      const ratio = m.timeToLinksVsFloor === null ? '–' : `${m.timeToLinksVsFloor.toFixed(2)}×`;
      return `| ${m.n} | ${labelOf(m.file)} | ${timeCell}${unfinished} | ${ratio} | ${time(m.firstPaintMs ?? null)} | ${time(m.scriptArrivedMs)} | ${kb(m.scriptBytes)} | ${kb(m.wireBytes)} |`;
    });
  return [
    `The product page, on a phone over slow 4G (Lighthouse's mobile preset: 150 ms round trip, 1.6 Mbps down, 750 Kbps up, CPU ×4), scripts served gzip-compressed, cold cache: median of ${settings.runs} loads per row, files taking turns. All set: from navigation start to the last anchor's \`href\`. Painted: the page's first contentful paint. Script arrived: its Resource Timing \`responseEnd\`. On the wire: the script's response, and every response until the last \`href\` (page, script, answers), headers included. KB = 1024 bytes.`,
    '',
    '| links | file | all set (ms) | × floor | painted (ms) | script arrived (ms) | script on the wire (KB) | all on the wire (KB) |',
    '|---:|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}
