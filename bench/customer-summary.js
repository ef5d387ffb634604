// @ts-check
// The customer tables of docs/performance.md: what a customer weighs when choosing, from the bench's results.
// The full matrix and the targets stay in bench/results.json and the terminal's report.
import { machineLine } from './format-report.js';

/** @typedef {import('./summarize.js').CellMedians} CellMedians */
/** @typedef {import('./summarize.js').Sizes} Sizes */
/** @typedef {import('./format-report.js').Machine} Machine */
/** @typedef {import('./product-page.js').ProductPageResults} ProductPage */

/** The rows, in order, named as a customer knows them; the other files measured are the bench's own. */
const ROWS = [
  { id: 'react', label: '`cm-material-download.js` (React inside)' },
  { id: 'lite', label: '`cm-material-download.lite.js` (no React)' },
  { id: 'server', label: 'the same, links resolved on your server (`resolveLinks`)' },
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
 * The product page's table: what a visitor on a phone waits, the script's bytes included.
 * @param {ProductPage} productPage
 */
function formatProductPageSummary({ date, machine, settings, medians }) {
  const cell = (/** @type {string} */ file, /** @type {number} */ n) =>
    medians.find((m) => m.file === file && m.n === n);
  const rows = ROWS.filter(({ id }) => medians.some((m) => m.file === id)).map(({ id, label }) => {
    const wire = cell(id, settings.sizes[0] ?? 1)?.scriptBytes ?? null;
    const painted = cell(id, settings.sizes.at(-1) ?? 1)?.firstPaintMs ?? null;
    const times = settings.sizes.map((n) => {
      const median = cell(id, n);
      if (!median) return '– | –';
      const ratio = median.timeToLinksVsFloor === null ? '–' : `${median.timeToLinksVsFloor.toFixed(2)}×`;
      return median.timeToLinksMs === null ? 'did not finish | –' : `${seconds(median.timeToLinksMs)} | ${ratio}`;
    });
    return `| ${label} | ${wire === null ? '–' : `${(wire / KIB).toFixed(1)} KB`} | ${seconds(painted)} | ${times.join(' | ')} |`;
  });
  const { throttling } = settings;
  const serverResolved = medians.some((m) => m.file === 'server')
    ? " Links resolved on your server come in the page's HTML, after your server's own lookup: set as the page parses, usable as it paints."
    : '';
  const links = (/** @type {number} */ n) => `${n} ${n === 1 ? 'link' : 'links'}`;
  return [
    `| on a phone over slow 4G | script on the wire | page painted | ${settings.sizes.map((n) => `${links(n)} | × hand-written`).join(' | ')} |`,
    `|---|---:|---:|${settings.sizes.map(() => '---:|---:').join('|')}|`,
    ...rows,
    '',
    `A product page with the script in its \`<head>\`, \`async\` as the README's snippet has it, served gzip-compressed as a CDN serves it, opened on a phone over slow 4G (Chromium's network at ${throttling.latencyMs} ms round trip, ${(throttling.downloadKbps / 1024).toFixed(1)} Mbps down and ${throttling.uploadKbps} Kbps up, its CPU slowed ${throttling.cpuRate} times: Lighthouse's mobile preset), with nothing cached: time from navigation start until the page's text first shows (page painted, ${settings.sizes.at(-1)} links) and until every link has its \`href\`, median of ${settings.runs} loads, the provider answering in ${settings.providerLatencyMs} ms. "Script on the wire": its compressed bytes with their headers.${serverResolved} ${machineLine(machine, date)}`,
  ].join('\n');
}

/**
 * @param {object} results what bench/run.js measured (bench/results.json)
 * @param {string} results.date
 * @param {Machine} results.machine
 * @param {{ runs: number, latenciesMs: number[] }} results.settings
 * @param {CellMedians[]} results.medians
 * @param {Record<string, Sizes>} results.sizes
 * @param {ProductPage} [results.productPage] absent from results of before it was measured
 */
export function formatCustomerSummary({ date, machine, settings, medians, sizes, productPage }) {
  const { runs } = settings;
  const latencyMs = settings.latenciesMs[0] ?? 50;
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
    ...(productPage ? ['', formatProductPageSummary(productPage)] : []),
  ].join('\n');
}
