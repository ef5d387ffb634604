// @ts-check
// `npm run bench`: every file on pages of N elements in real Chromium against
// the local provider, at each latency, the hand-written floor among them;
// medians, ratios to the floor, target checks; then the product page on a
// phone over slow 4G; where each build's bytes go; results.json, and the
// customer tables of docs/performance.md. `node bench/run.js --help` for quick-run options.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { chromium } from 'playwright-core';
import { startProvider } from '../dev/provider/server.js';
import { CHROMIUM_FLAGS, findChromium } from '../test/support/chromium.js';
import { BUILD_DIR, ELEMENT_FILES, buildBenchFiles, copyAgainstFiles } from './build-files.js';
import { BYTES_SETTINGS, bytesOf } from './bytes.js';
import { formatBytes, formatProductPage, formatReport } from './format-report.js';
import { readOptions } from './options.js';
import { writePages } from './pages.js';
import { productPageMediansOf, productPageSettings, productPageTargets, runProductPage } from './product-page.js';
import { formatCustomerSummary } from './customer-summary.js';
import { writePerformanceTable } from './performance-table.js';
import { runMatrix } from './run-matrix.js';
import { sizesOf } from './sizes.js';
import { checkTargets, mediansOf } from './summarize.js';

const round1 = (/** @type {number} */ value) => Math.round(value * 10) / 10;
const RESULTS = new URL('./results.json', import.meta.url);

const options = readOptions(process.argv.slice(2));
// Two cores shared with whatever else runs: the load average says how quiet the machine was.
const loadAtStart = os.loadavg()[0] ?? 0;

if (options.build) await buildBenchFiles();
if (options.against) copyAgainstFiles(options.against);

/** @type {Record<string, import('./summarize.js').Sizes>} */
const sizes = {};
for (const file of options.files) sizes[file.id] = sizesOf(`${BUILD_DIR}${file.fileName}`);
/** @type {Record<string, import('./bytes.js').FileBytes>} */
const bytes = {};
for (const file of ELEMENT_FILES) {
  const path = `${BUILD_DIR}${file.fileName}`;
  if (existsSync(`${path}.map`)) bytes[file.id] = bytesOf(path);
}
const executablePath = findChromium();
if (!executablePath) throw new Error("No Chromium found: set CHROME_PATH or install Debian's chromium.");
const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });

/** Every file on pages of N elements against the local provider at each latency. */
async function measureMatrix() {
  const pagePaths = writePages([...new Set([Math.min(10, ...options.sizes), ...options.sizes])]);
  const provider = await startProvider({
    staticDirs: { '/bench/': 'bench/.build' },
    ...(options.linkStyle ? { linkStyle: options.linkStyle } : {}),
  });
  try {
    return await runMatrix({ browser, provider, pagePaths, options });
  } finally {
    await provider.close();
  }
}

try {
  const runs = options.matrix ? await measureMatrix() : [];
  const productPageRuns = options.productPage
    ? await runProductPage({
        browser,
        files: options.productPageFiles,
        runs: options.runs,
        timeoutMs: options.timeoutMs,
        ...(options.linkStyle ? { linkStyle: options.linkStyle } : {}),
      })
    : null;

  const date = new Date().toISOString();
  const machine = {
    os: `${os.type()} ${os.arch()}`,
    cpus: os.cpus().length,
    memoryGiB: round1(os.totalmem() / 2 ** 30),
    chromium: browser.version(),
    node: process.version,
    loadAverage: { start: round1(loadAtStart), end: round1(os.loadavg()[0] ?? 0) },
  };
  const medians = mediansOf(runs);
  const targets = checkTargets(medians, sizes);
  if (options.matrix) {
    const report = formatReport({
      date,
      machine,
      runs: options.runs,
      timeoutMs: options.timeoutMs,
      files: options.files,
      medians,
      sizes,
      targets,
    });
    console.log(`\n${report}\n`);
  }
  const productPageMedians = productPageRuns ? productPageMediansOf(productPageRuns) : [];
  /** @type {import('./product-page.js').ProductPageResults | undefined} */
  const productPage = productPageRuns
    ? {
        date,
        machine,
        settings: productPageSettings({
          files: options.productPageFiles,
          runs: options.runs,
          timeoutMs: options.timeoutMs,
        }),
        medians: productPageMedians,
        targets: productPageTargets(productPageMedians, sizes),
        runs: productPageRuns,
      }
    : undefined;
  if (productPage) {
    console.log(`\n${formatProductPage(productPage, options.productPageFiles)}\n`);
    for (const t of productPage.targets) console.log(`- ${t.met ? 'met' : 'not met'}: ${t.target} (${t.detail})`);
  }
  console.log(`\n${formatBytes(bytes, ELEMENT_FILES)}\n`);

  const results = {
    date,
    machine,
    settings: {
      runs: options.runs,
      sizes: options.sizes,
      latenciesMs: options.latencies,
      cpuRates: options.cpuRates,
      cpuRate:
        'Emulation.setCPUThrottlingRate applied once the page has loaded and before the script is added; above 1 only N ≥ 100 and the files react, lite, floor, apollo',
      timeoutMs: options.timeoutMs,
      linkStyle: options.linkStyle ?? 'the provider default (signed)',
      ...(options.against ? { against: options.against } : {}),
      files: options.files,
      timeToLinks:
        "from the script's Resource Timing responseEnd to the last anchor's href (performance.now() in the page); unfinished runs (timeout, or links missing: every element settled, some disabled without a link) have none",
      timeToLinksVsFloor:
        "timeToLinksMs's median over the floor's (bench/baselines/floor.js) at the same latency and N, in this run",
      firstRequestMs:
        "from the script's responseEnd to the page's first POST fetch() call, i.e. to /graphql (recorded by a fetch wrapper the page installs before the script)",
      lastRequestMs: 'the same, to the last such call before every link was set',
      longestTask:
        'longest PerformanceObserver longtask entry overlapping [script added, last href]; 0 when none (entries start at 50 ms)',
      totalBlockingTime:
        'sum over the same longtask entries of (duration − 50 ms): how long input waited, as Lighthouse counts it but over [script added, last href]',
      heapKB:
        '(Runtime.getHeapUsage usedSize after GC, all links set − the same before the script) / 1024; includes the library code',
      heapPerElementKB: 'heapKB / N',
    },
    sizes,
    medians,
    targets,
    bytes: { settings: BYTES_SETTINGS, files: bytes },
    ...(productPage ? { productPage } : {}),
    runs,
  };
  /** @param {Parameters<typeof formatCustomerSummary>[0]} written */
  const writeResults = (written) => {
    writeFileSync(RESULTS, `${JSON.stringify(written, null, 2)}\n`);
    const wrote = writePerformanceTable(formatCustomerSummary(written));
    console.log(
      `Wrote bench/results.json${wrote ? ' and the tables in docs/performance.md' : '; docs/performance.md has no bench markers, so it was left alone'}.`,
    );
  };
  if (options.isFullMatrix) writeResults(results);
  else if (options.isWholeProductPage && productPage) {
    // The rest of results.json stays as the last full run measured it.
    writeResults({ ...JSON.parse(readFileSync(RESULTS, 'utf8')), bytes: results.bytes, productPage });
  } else {
    mkdirSync(BUILD_DIR, { recursive: true });
    writeFileSync(`${BUILD_DIR}results.partial.json`, `${JSON.stringify(results, null, 2)}\n`);
    console.log(
      'A partial run: wrote bench/.build/results.partial.json; bench/results.json and docs/performance.md are unchanged.',
    );
  }
} finally {
  await browser.close();
}
