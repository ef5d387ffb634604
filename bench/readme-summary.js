// @ts-check
// The README's performance table: what a customer weighs when choosing, from the bench's results.
// The full matrix and the targets stay in bench/results.json and the terminal's report.
import { machineLine } from './format-report.js';

/** @typedef {import('./summarize.js').CellMedians} CellMedians */
/** @typedef {import('./summarize.js').Sizes} Sizes */
/** @typedef {import('./format-report.js').Machine} Machine */

/** The rows, in order, named as a customer knows them; the other files measured are the bench's own. */
const ROWS = [
  { id: 'react', label: '`cm-material-download.js` (React inside)' },
  { id: 'lite', label: '`cm-material-download.lite.js` (Preact inside)' },
  { id: 'floor', label: 'a hand-written custom element, same batching' },
  { id: 'naive', label: 'a naive element, one request per link' },
  { id: 'apollo', label: 'a custom element on Apollo Client (BatchHttpLink)' },
];

/** The page sizes and CPU rates of the columns: the time until every link is set. */
const COLUMNS = [
  { n: 1, cpuRate: 1, heading: '1 link' },
  { n: 100, cpuRate: 1, heading: '100 links' },
  { n: 1000, cpuRate: 1, heading: '1000 links' },
  { n: 100, cpuRate: 4, heading: '100 links, phone CPU' },
];

const KIB = 1024;

/** @param {number | null} ms */
const seconds = (ms) => (ms === null ? '–' : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/**
 * @param {object} results what bench/run.js measured (as in bench/results.json)
 * @param {string} results.date
 * @param {Machine} results.machine
 * @param {number} results.runs
 * @param {number} results.latencyMs
 * @param {CellMedians[]} results.medians
 * @param {Record<string, Sizes>} results.sizes
 */
export function formatReadmeSummary({ date, machine, runs, latencyMs, medians, sizes }) {
  /** @param {string} file @param {number} n @param {number} cpuRate */
  const cell = (file, n, cpuRate) =>
    medians.find((m) => m.file === file && m.n === n && m.cpuRate === cpuRate && m.latencyMs === latencyMs);
  const rows = ROWS.filter(({ id }) => sizes[id]).map(({ id, label }) => {
    const times = COLUMNS.map(({ n, cpuRate }) => {
      const median = cell(id, n, cpuRate);
      if (!median) return '–';
      return median.timeToLinksMs === null ? 'did not finish' : seconds(median.timeToLinksMs);
    });
    const thousand = cell(id, 1000, 1);
    const gzip = `${((sizes[id]?.gzip ?? 0) / KIB).toFixed(1)} KB`;
    const requests = thousand?.requests ?? '–';
    const blocking = thousand ? seconds(thousand.totalBlockingTimeMs) : '–';
    return `| ${label} | ${gzip} | ${times.join(' | ')} | ${requests} | ${blocking} |`;
  });
  return [
    `| | gzip | ${COLUMNS.map((c) => c.heading).join(' | ')} | requests for 1000 links | input blocked, 1000 links |`,
    `|---|---:|${COLUMNS.map(() => '---:').join('|')}|---:|---:|`,
    ...rows,
    '',
    `Time from the script's arrival until every link has its \`href\`, median of ${runs} runs with the provider answering in ${latencyMs} ms; "phone CPU" is Chromium's CPU slowed four times. "Input blocked" is the total blocking time: how long a tap could wait while the links were set up. ${machineLine(machine, date)}`,
  ].join('\n');
}
