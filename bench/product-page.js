// @ts-check
// The product page: one or three download links, the script in the <head>,
// async, as the README's snippet has it, served gzip-compressed as a CDN serves it, on a
// mid-range phone over slow 4G. Files take turns; each load is timed from
// navigation start to the last href: what a visitor waits, the script's bytes
// included, which loopback never shows. Beside them, the lite file's page as a
// site that resolves its links on its own server sends it: that server asks the
// provider before the page goes out, and the links come with the HTML.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { startProvider } from '../dev/provider/server.js';
import { BUILD_DIR, SERVER_RESOLVED_FILE } from './build-files.js';
import { measureProductPage } from './measure-product-page.js';
import { elementHtml, elementInputsFor } from './pages.js';
import { startShop } from './shop-server.js';
import { allSetOf, cellsOf, filesInTurn, median, ratioInterval } from './stats.js';

/** @typedef {import('./build-files.js').BenchFile} BenchFile */
/** @typedef {import('./measure-product-page.js').ProductPageRun} ProductPageRun */
/** @typedef {ProductPageRun & { file: BenchFile['id'], n: number, run: number, loadAverage: number }} RecordedProductPageRun */

/**
 * @typedef {object} ProductPageMedians
 * @property {BenchFile['id']} file
 * @property {number} n
 * @property {number} runs
 * @property {number} unfinished
 * @property {number | null} timeToLinksMs null when at least half the runs did not finish
 * @property {number | null} timeToLinksVsFloor over the floor's at the same N, in this run
 * @property {[number, number] | null} timeToLinksVsFloorInterval where that ratio could be by the loads' luck alone
 * @property {number | null} scriptArrivedMs
 * @property {number | null} firstPaintMs
 * @property {number | null} scriptBytes
 * @property {number | null} wireBytes
 */

/**
 * @typedef {object} ProductPageResults what bench/results.json keeps of the product page
 * @property {string} date
 * @property {import('./format-report.js').Machine} machine
 * @property {ReturnType<typeof productPageSettings>} settings
 * @property {ProductPageMedians[]} medians
 * @property {import('./summarize.js').TargetCheck[]} targets
 * @property {RecordedProductPageRun[]} runs
 */

export const PRODUCT_PAGE = {
  sizes: [1, 3],
  /** @type {BenchFile['id'][]} */
  files: ['floor', 'lite', 'server', 'react', 'apollo'],
  /** Lighthouse's mobile preset: slow 4G's round trip and throughputs, and a mid-range phone's CPU. */
  throttling: { latencyMs: 150, downloadKbps: 1.6 * 1024, uploadKbps: 750, cpuRate: 4 },
  /** The provider's own time to answer, as in the rest of the bench. */
  providerLatencyMs: 50,
};

/**
 * What a product page run measured and how, as bench/results.json says it.
 * @param {{ files: BenchFile[], runs: number, timeoutMs: number }} run
 */
export function productPageSettings({ files, runs, timeoutMs }) {
  return {
    runs,
    sizes: PRODUCT_PAGE.sizes,
    files: files.map((file) => file.id),
    throttling: {
      ...PRODUCT_PAGE.throttling,
      how: "Lighthouse's mobile preset, applied before navigation: Network.emulateNetworkConditions (latency as the round trip; kbps × 1024 / 8 bytes per second, as Lighthouse converts) and Emulation.setCPUThrottlingRate. Lighthouse's own DevTools throttling would pad the preset (562.5 ms per request, 90% of the throughput); this is the preset as it reads",
    },
    providerLatencyMs: PRODUCT_PAGE.providerLatencyMs,
    timeoutMs,
    page: "a heading, a line of text and N elements of the bench's pages (thumbnail, tile, PBR), the script in the <head>, async, as the README's snippet has it; a phone's viewport (412 × 823)",
    serving:
      'the local provider with gzipStatic: text gzip-compressed (level 9, once per file) to a client that accepts it, as a CDN serves it',
    timeToLinks:
      "from navigation start to the last anchor's href (performance.now() in the page), each load in a fresh browser context: cold cache, new connections; for links resolved on the server, to the last anchor the parser inserted with its href",
    server:
      "the page of the lite file as a site's own server sends it: each page request waits for the server's resolveLinks (cm-material-download/server) to ask the provider (the same latency), then goes out gzip-compressed with every link's href and `resolved` in the HTML",
    timeToLinksVsFloor: "timeToLinksMs's median over the floor's (bench/baselines/floor.js) at the same N, in this run",
    timeToLinksVsFloorInterval:
      "the middle 90% of that ratio over 2,000 bootstrap resamples of each side's loads (seeded): how far it could be from its value by the luck of the loads alone",
    scriptArrivedMs: "from navigation start to the script's Resource Timing responseEnd",
    firstPaintMs: "from navigation start to the page's first contentful paint (Paint Timing), as the last href is set",
    scriptBytes:
      "the script's response as Chromium received it (Network.loadingFinished encodedDataLength): compressed body and headers",
    wireBytes: 'the same summed over every response until the last href: the page, the script, the answers',
  };
}

/**
 * One page per file and N, but the server-resolved one, which its server renders for each request.
 * @param {BenchFile[]} files
 * @param {number} timeoutMs
 */
function writeProductPages(files, timeoutMs) {
  mkdirSync(`${BUILD_DIR}pages`, { recursive: true });
  for (const file of files) {
    if (file.id === SERVER_RESOLVED_FILE.id) continue;
    for (const n of PRODUCT_PAGE.sizes) {
      const elements = elementInputsFor(n).map((inputs) => elementHtml(inputs));
      writeFileSync(`${BUILD_DIR}${productPagePath(file, n)}`, productPageHtml(file, n, timeoutMs, elements));
    }
  }
}

/** @param {BenchFile} file @param {number} n */
const productPagePath = (file, n) => `pages/product-${n}-${file.id}.html`;

/**
 * A product's heading, a line of text and its N elements.
 * @param {BenchFile} file
 * @param {number} n
 * @param {number} timeoutMs
 * @param {string[]} elements
 */
function productPageHtml(file, n, timeoutMs, elements) {
  const probe = readFileSync(new URL('./product-page-probe.js', import.meta.url), 'utf8');
  return [
    '<!doctype html>',
    `<html lang="en" data-links="${n}" data-timeout-ms="${timeoutMs}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // No favicon request: it would count on the wire.
    '<link rel="icon" href="data:,">',
    `<title>Oak, brushed: ${n} download links</title>`,
    `<script>${probe}</script>`,
    // As the README has it: the page parses and paints while the script is on its way.
    `<script async src="/bench/${file.fileName}"></script>`,
    '</head><body>',
    '<h1>Oak, brushed</h1>',
    '<p>A warm oak with a brushed grain, scanned at 10 × 10 cm.</p>',
    ...elements,
    '</body></html>',
  ].join('\n');
}

/**
 * @param {RecordedProductPageRun[]} runs
 * @returns {ProductPageMedians[]}
 */
export function productPageMediansOf(runs) {
  const medians = cellsOf(runs, (run) => [run.n, run.file]).map((cell) => {
    const [first] = cell;
    return {
      file: first.file,
      n: first.n,
      ...allSetOf(cell),
      timeToLinksVsFloorInterval: /** @type {[number, number] | null} */ (null),
      scriptArrivedMs: median(cell.map((run) => run.scriptArrivedMs)),
      firstPaintMs: median(cell.map((run) => run.firstPaintMs)),
      scriptBytes: median(cell.map((run) => run.scriptBytes)),
      wireBytes: median(cell.map((run) => run.wireBytes)),
    };
  });
  for (const cell of medians) {
    const floor = medians.find((m) => m.file === 'floor' && m.n === cell.n);
    if (floor?.timeToLinksMs && cell.timeToLinksMs !== null) {
      cell.timeToLinksVsFloor = cell.timeToLinksMs / floor.timeToLinksMs;
      const timesOf = (/** @type {string} */ file) =>
        runs.filter((run) => run.file === file && run.n === cell.n).map((run) => run.timeToLinksMs);
      cell.timeToLinksVsFloorInterval = ratioInterval(timesOf(cell.file), timesOf('floor'));
    }
  }
  return medians;
}

/**
 * Every (N, run, file), files in a rotating order, one progress line each.
 * @param {object} setup
 * @param {import('playwright-core').Browser} setup.browser
 * @param {BenchFile[]} setup.files those of PRODUCT_PAGE.files to measure
 * @param {number} setup.runs per file and N
 * @param {number} setup.timeoutMs
 * @param {import('../dev/provider/link-signing.js').LinkStyle} [setup.linkStyle]
 * @returns {Promise<RecordedProductPageRun[]>}
 */
export async function runProductPage({ browser, files, runs, timeoutMs, linkStyle }) {
  writeProductPages(files, timeoutMs);
  const provider = await startProvider({
    staticDirs: { '/bench/': 'bench/.build' },
    gzipStatic: true,
    latencyMs: PRODUCT_PAGE.providerLatencyMs,
    ...(linkStyle ? { linkStyle } : {}),
  });
  const shop = await startShopResolvingLinks(provider.graphqlUrl, timeoutMs);
  const loadOnce = (/** @type {BenchFile} */ file, /** @type {number} */ n) => {
    const { origin } = file.id === SERVER_RESOLVED_FILE.id ? shop : provider;
    return measureProductPage({
      browser,
      pageUrl: `${origin}/bench/${productPagePath(file, n)}`,
      scriptUrl: `${origin}/bench/${file.fileName}`,
      throttling: PRODUCT_PAGE.throttling,
    });
  };
  try {
    // A fresh browser's first pages are slower, and the provider compresses each file once.
    for (const file of files) await loadOnce(file, 1);
    /** @type {RecordedProductPageRun[]} */
    const recorded = [];
    const total = PRODUCT_PAGE.sizes.length * runs * files.length;
    for (const n of PRODUCT_PAGE.sizes) {
      for (let run = 0; run < runs; run += 1) {
        for (const file of filesInTurn(files, run)) {
          const result = await loadOnce(file, n);
          const loadAverage = Math.round((os.loadavg()[0] ?? 0) * 10) / 10;
          recorded.push({ file: file.id, n, run: run + 1, loadAverage, ...result });
          const time = result.outcome === 'done' ? `${result.timeToLinksMs?.toFixed(0)} ms` : result.outcome;
          const kb = (/** @type {number | null} */ bytes) => (bytes === null ? '–' : `${(bytes / 1024).toFixed(1)} KB`);
          console.log(
            `[${String(recorded.length).padStart(String(total).length)}/${total}] product page  ${file.id.padEnd(7)} N=${n} run ${run + 1}/${runs}  all set ${time}  painted ${result.firstPaintMs?.toFixed(0) ?? '–'} ms  script arrived ${result.scriptArrivedMs?.toFixed(0) ?? '–'} ms  script ${kb(result.scriptBytes)}  wire ${kb(result.wireBytes)}  load ${loadAverage}`,
          );
        }
      }
    }
    return recorded;
  } finally {
    await shop.close();
    await provider.close();
  }
}

/**
 * The server-resolved product page's own server: `resolveLinks` from the package as built, against the provider.
 * @param {string} endpoint
 * @param {number} timeoutMs
 */
async function startShopResolvingLinks(endpoint, timeoutMs) {
  /** @type {typeof import('../src/server/index.js')} */
  const { resolveLinks } = await import(new URL('../dist/lib/server.js', import.meta.url).href);
  return startShop({
    staticDirs: { '/bench/': 'bench/.build' },
    renderPage: async (url) => {
      const n = PRODUCT_PAGE.sizes.find(
        (size) => url.pathname === `/bench/${productPagePath(SERVER_RESOLVED_FILE, size)}`,
      );
      if (n === undefined) return null;
      const inputs = elementInputsFor(n);
      // The bench's inputs are attribute strings, as a page's are; resolveLinks validates them as the element does.
      const requests = /** @type {import('../src/server/index.js').ServerLinkRequest[]} */ (inputs);
      const links = await resolveLinks(requests, { endpoint });
      const elements = inputs.map((input, i) => elementHtml(input, links[i]?.href ?? null));
      return productPageHtml(SERVER_RESOLVED_FILE, n, timeoutMs, elements);
    },
  });
}

/**
 * The issue's targets for the product page, against the floor and the Apollo
 * peer measured in the same run: a ratio of medians, never a time.
 * @param {ProductPageMedians[]} medians
 * @param {Record<string, { gzip: number }>} sizes by file id, as the bench weighs them
 * @returns {import('./summarize.js').TargetCheck[]}
 */
export function productPageTargets(medians, sizes) {
  const at = (/** @type {string} */ file) => medians.find((m) => m.file === file && m.n === 3);
  const [lite, react, floor, apollo] = ['lite', 'react', 'floor', 'apollo'].map(at);
  /** @type {import('./summarize.js').TargetCheck[]} */
  const checks = [];
  const ratio = (
    /** @type {ProductPageMedians | undefined} */ ours,
    /** @type {ProductPageMedians | undefined} */ peer,
  ) => (ours?.timeToLinksMs && peer?.timeToLinksMs ? ours.timeToLinksMs / peer.timeToLinksMs : null);
  const liteVsFloor = ratio(lite, floor);
  const interval = lite?.timeToLinksVsFloorInterval;
  if (lite) {
    checks.push({
      target: "lite build, 3 links on slow 4G: all set within 1.2× the floor's time (aim 1.15×)",
      met: liteVsFloor !== null && liteVsFloor <= 1.2,
      detail:
        liteVsFloor === null
          ? 'not measured'
          : `${liteVsFloor.toFixed(2)}×${interval ? ` (by the loads' luck alone, ${interval.map((x) => x.toFixed(2)).join('–')}×)` : ''}`,
    });
  }
  const reactVsApollo = ratio(react, apollo);
  if (react) {
    checks.push({
      target: 'React build, 3 links on slow 4G: all set no later than the Apollo peer (aim)',
      met: reactVsApollo !== null && reactVsApollo <= 1,
      detail: reactVsApollo === null ? 'not measured' : `${reactVsApollo.toFixed(2)}× the Apollo peer's time`,
    });
  }
  const liteSize = sizes.lite;
  if (liteSize) {
    checks.push({
      target: 'lite build: at most 30 KB gzip (aim 25)',
      met: liteSize.gzip <= 30 * 1024,
      detail: `${(liteSize.gzip / 1024).toFixed(1)} KB (${liteSize.gzip} bytes)`,
    });
  }
  return checks;
}
