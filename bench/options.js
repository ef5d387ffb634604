// @ts-check
import { parseArgs } from 'node:util';
import { AGAINST_FILES, BENCH_FILES, SERVER_RESOLVED_FILE } from './build-files.js';
import { PRODUCT_PAGE } from './product-page.js';

// The issues' report: N = 1, 100 and 1000 at 50 ms, five runs of every file, files taking turns;
// then a mid-range phone (CPU ×4 through the DevTools protocol) at N = 100 and 1000.
export const FULL_MATRIX = { runs: 5, sizes: [1, 100, 1000], latencies: [50], cpuRates: [1, 4] };

/**
 * Throttled rows are about many links on a phone: they leave out N below 100 and the two
 * baselines nobody ships (naive, r2wc), which would double the bench's time at N=1000.
 */
export const THROTTLED = { minN: 100, files: ['react', 'lite', 'floor', 'apollo'] };

const USAGE = `node bench/run.js [options]
  --runs <k>          runs per file, latency and N (default ${FULL_MATRIX.runs})
  --n <list>          element counts, e.g. 1,10,100,1000 (default ${FULL_MATRIX.sizes.join(',')})
  --latency <list>    provider latencies in ms, e.g. 0,50 (default ${FULL_MATRIX.latencies.join(',')})
  --cpu <list>        CPU slow-down rates, e.g. 1,4 (default ${FULL_MATRIX.cpuRates.join(',')}); above 1 only
                      N ≥ ${THROTTLED.minN} and the files ${THROTTLED.files.join(', ')}
  --files <list>      of ${BENCH_FILES.map((f) => f.id).join(',')} (default all)
  --timeout <ms>      a run taking longer is recorded as a timeout (default 30000)
  --no-build          reuse bench/.build from the last run instead of building
  --link-style <s>    the local provider's links: unsigned, azure, s3, gcs, cloudfront or no-expiry
                      (default: its own, signed); unsigned compares with builds from before signed links
  --against <dir>     also measure another build of the element, e.g. an older commit's dist/ (its
                      cm-material-download.js and .lite.js), each beside ours of the same kind in this run,
                      on the product page too
  --product-page      also run the product page in a run short of the full matrix
  --product-page-only only the product page: ${PRODUCT_PAGE.sizes.join(' and ')} links, the files
                      ${PRODUCT_PAGE.files.join(', ')} (of --files), --runs loads each, on a phone over
                      slow 4G (--n, --latency and --cpu do not apply); about 2 minutes
The defaults are the full matrix and the product page: about 17 minutes on 2 cores, a third
of it naive and Apollo at N=1000. Anything short of it writes bench/.build/results.partial.json
and leaves bench/results.json and docs/performance.md alone, except a whole product page
(--product-page-only with every one of its files, ${FULL_MATRIX.runs} runs or more, built, default links):
it replaces the product page and the files' bytes in bench/results.json and docs/performance.md.`;

/** @type {readonly import('../dev/provider/link-signing.js').LinkStyle[]} */
const LINK_STYLES = ['unsigned', 'azure', 's3', 'gcs', 'cloudfront', 'no-expiry'];

/** @param {string} text */
const numberList = (text) =>
  text.split(',').map((part) => {
    const value = Number(part.trim());
    if (!Number.isFinite(value) || value < 0) throw new Error(`"${part}" is not a number\n\n${USAGE}`);
    return value;
  });

/** @param {string[]} argv */
export function readOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string' },
      n: { type: 'string' },
      latency: { type: 'string' },
      cpu: { type: 'string' },
      files: { type: 'string' },
      timeout: { type: 'string' },
      'no-build': { type: 'boolean' },
      'link-style': { type: 'string' },
      against: { type: 'string' },
      'product-page': { type: 'boolean' },
      'product-page-only': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const runs = values.runs ? Number(values.runs) : FULL_MATRIX.runs;
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1\n\n${USAGE}`);
  const fileIds = values.files ? values.files.split(',').map((id) => id.trim()) : BENCH_FILES.map((f) => f.id);
  const ours = fileIds.map((id) => {
    const file = BENCH_FILES.find((f) => f.id === id);
    if (!file) throw new Error(`unknown file "${id}"\n\n${USAGE}`);
    return file;
  });
  const against = values.against;
  const files = against ? [...ours, ...AGAINST_FILES.filter((file) => ours.some((f) => f.id === file.buildOf))] : ours;
  const sizes = values.n ? numberList(values.n) : FULL_MATRIX.sizes;
  const latencies = values.latency ? numberList(values.latency) : FULL_MATRIX.latencies;
  const cpuRates = values.cpu ? numberList(values.cpu) : FULL_MATRIX.cpuRates;
  if (cpuRates.some((rate) => rate < 1)) throw new Error(`--cpu rates are ≥ 1\n\n${USAGE}`);
  const build = !values['no-build'];
  const linkStyle = /** @type {import('../dev/provider/link-signing.js').LinkStyle | undefined} */ (
    values['link-style']
  );
  if (linkStyle !== undefined && !LINK_STYLES.includes(linkStyle))
    throw new Error(`unknown link style "${linkStyle}"\n\n${USAGE}`);
  const productPageOnly = values['product-page-only'] === true;
  // An older build (--against) loads beside ours of the same kind.
  const productPageFiles = files.filter((file) => PRODUCT_PAGE.files.includes(file.buildOf ?? file.id));
  // The lite file's page with its links resolved by the page's server: beside the lite file's own.
  if (ours.some((file) => file.id === 'lite')) productPageFiles.push(SERVER_RESOLVED_FILE);
  const isComparable = build && linkStyle === undefined && against === undefined && runs >= FULL_MATRIX.runs;
  const isFullMatrix =
    isComparable &&
    !productPageOnly &&
    files.length === BENCH_FILES.length &&
    FULL_MATRIX.sizes.every((n) => sizes.includes(n)) &&
    FULL_MATRIX.latencies.every((ms) => latencies.includes(ms)) &&
    FULL_MATRIX.cpuRates.every((rate) => cpuRates.includes(rate));
  // The full matrix includes the product page; a run short of it, only when asked.
  const productPage = productPageOnly || values['product-page'] === true || isFullMatrix;
  return {
    runs,
    sizes,
    latencies,
    cpuRates,
    files,
    timeoutMs: values.timeout ? Number(values.timeout) : 30_000,
    build,
    linkStyle,
    against,
    isFullMatrix,
    matrix: !productPageOnly,
    productPage,
    productPageFiles,
    /** A product page run whole on its own: it may replace its part of bench/results.json. */
    isWholeProductPage: productPageOnly && isComparable && productPageFiles.length === PRODUCT_PAGE.files.length,
  };
}
