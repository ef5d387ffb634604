// @ts-check
// `npm run bench:profile`: where a page's main-thread time goes while its links
// come in. The same bench page and measured span as `npm run bench`, under the
// DevTools CPU profiler; each sample's own (self) time is charged to the source
// file it ran in, through the shipped (minified) files' source maps, and summed
// by package (xstate, react-dom, preact, …) and by file of src/.
// A profile, not a guess: the issues ask where the time goes before it is cut.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { startProvider } from '../dev/provider/server.js';
import { CHROMIUM_FLAGS, findChromium } from '../test/support/chromium.js';
import { AGAINST_FILES, BENCH_FILES, BUILD_DIR, PACKAGE_ROOT, buildElement } from './build-files.js';
import { writePages } from './pages.js';
import { groupOf } from './sources.js';
import { median } from './stats.js';

const USAGE = `node bench/profile.js [options]
  --n <count>       elements on the page (default 100)
  --cpu <rate>      CPU slow-down through the DevTools protocol (default 4, a mid-range phone)
  --runs <k>        profiled page loads per file, files taking turns (default 5)
  --latency <ms>    the local provider's answer latency (default 50)
  --link-style <s>  the local provider's links, as for bench/run.js (unsigned compares with older builds)
  --against <dir>   also profile another build's React and lite files in the same run, files taking
                    turns: its dist/, built with CM_BUILD_SOURCEMAPS=1 so that its maps lie beside them
Profiles the React and lite builds, built with hidden source maps, beside the
hand-written floor (bench/.build/floor.js from the last \`npm run bench\`).`;

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '100' },
    cpu: { type: 'string', default: '4' },
    runs: { type: 'string', default: '5' },
    latency: { type: 'string', default: '50' },
    'link-style': { type: 'string' },
    against: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [n = NaN, cpuRate = NaN, runs = NaN, latencyMs = NaN] = [values.n, values.cpu, values.runs, values.latency].map(
  Number,
);
if (![n, cpuRate, runs, latencyMs].every((value) => Number.isFinite(value) && value >= 0)) {
  console.error(USAGE);
  process.exit(2);
}

const PROFILE_DIR = `${BUILD_DIR}profile/`;
/** The element's files as the bench has them: built here, mapped through their source maps. */
const OURS = BENCH_FILES.filter((file) => file.id === 'react' || file.id === 'lite').map(({ id, fileName }) => ({
  id,
  fileName,
  mapped: true,
}));
/** With `--against`: the bench's files of another build, copied from its dist/ with their maps. */
const AGAINST = AGAINST_FILES.map(({ id, fileName, buildOf }) => ({
  id,
  fileName,
  mapped: true,
  from: `${values.against}/${OURS.find((ours) => ours.id === buildOf)?.fileName}`,
}));
/** @type {{ id: string, fileName: string, mapped: boolean, from?: string }[]} */
const FILES = [...OURS, { id: 'floor', fileName: 'floor.js', mapped: false }, ...(values.against ? AGAINST : [])];
/**
 * What `Profiler.stop` answers, as far as it is read here.
 * @typedef {{ functionName: string, url: string, lineNumber: number, columnNumber: number }} CallFrame
 * @typedef {{ id: number, callFrame: CallFrame }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples?: number[], timeDeltas?: number[] }} CpuProfile
 */

/** Samples of these are the profiler's own accounting, not work: idle and "(program)" (native, unattributed). */
const NOT_WORK = new Set(['(idle)', '(program)', '(root)']);

/** The shipped files, minified as customers get them, with their maps beside them (never in dist's comments). */
async function buildMappedFiles() {
  await buildElement({ sourceMaps: true });
  mkdirSync(`${PROFILE_DIR}against`, { recursive: true });
  for (const { fileName, mapped, from: elsewhere } of FILES) {
    const from = elsewhere ?? (mapped ? `${PACKAGE_ROOT}dist/${fileName}` : `${BUILD_DIR}${fileName}`);
    copyFileSync(from, `${PROFILE_DIR}${fileName}`);
    if (mapped) copyFileSync(`${from}.map`, `${PROFILE_DIR}${fileName}.map`);
  }
}

/**
 * Self time of one profile by group. A sample in the bundle goes to the source
 * file its position maps to; one in the browser's own code to its name (fetch,
 * setTimeout, the garbage collector); one in the bench page to "page".
 * @param {CpuProfile} profile
 * @param {string} fileName
 * @param {TraceMap | null} map
 */
function selfTimeByGroup(profile, fileName, map) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const selfMs = new Map();
  profile.samples?.forEach((id, index) =>
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000),
  );
  /** @type {Map<string, number>} */
  const groups = new Map();
  for (const [id, ms] of selfMs) {
    const { callFrame } = /** @type {ProfileNode} */ (nodes.get(id));
    if (NOT_WORK.has(callFrame.functionName)) continue;
    let group;
    if (callFrame.url.includes(`/${fileName}`)) {
      const source =
        map && originalPositionFor(map, { line: callFrame.lineNumber + 1, column: callFrame.columnNumber }).source;
      group = source ? groupOf(source) : fileName;
    } else if (callFrame.url) group = callFrame.url.includes('/pages/') ? 'the bench page' : 'other scripts';
    else group = `browser: ${callFrame.functionName || 'anonymous'}`;
    groups.set(group, (groups.get(group) ?? 0) + ms);
  }
  return groups;
}

await buildMappedFiles();
const pagePath = writePages([n]).get(n);
const linkStyle = /** @type {import('../dev/provider/link-signing.js').LinkStyle | undefined} */ (values['link-style']);
const provider = await startProvider({
  staticDirs: { '/bench/': 'bench/.build' },
  ...(linkStyle ? { linkStyle } : {}),
});
provider.setLatency(latencyMs);
const executablePath = findChromium();
if (!executablePath) throw new Error("No Chromium found: set CHROME_PATH or install Debian's chromium.");
const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });

/** @type {Map<string, { groups: Map<string, number>[], allSetMs: number[] }>} */
const results = new Map(FILES.map(({ id }) => [id, { groups: [], allSetMs: [] }]));
try {
  for (let run = 0; run < runs; run += 1) {
    for (const { id, fileName, mapped } of FILES) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await page.goto(`${provider.origin}/bench/${pagePath}`, { waitUntil: 'load' });
        if (cpuRate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
        const outcome = await page.evaluate(
          ([src]) => /** @type {any} */ (window).__bench.loadAndWaitForLinks(src, 30_000),
          [`${provider.origin}/bench/profile/${fileName}?run=${run}`],
        );
        const { profile } = /** @type {{ profile: CpuProfile }} */ (await cdp.send('Profiler.stop'));
        if (outcome.outcome !== 'done') throw new Error(`${id}, run ${run + 1}: ${outcome.outcome}`);
        const map = mapped ? new TraceMap(readFileSync(`${PROFILE_DIR}${fileName}.map`, 'utf8')) : null;
        const result = /** @type {{ groups: Map<string, number>[], allSetMs: number[] }} */ (results.get(id));
        result.groups.push(selfTimeByGroup(profile, fileName, map));
        result.allSetMs.push(outcome.finishedAt - outcome.arrivedAt);
        console.log(
          `${id.padEnd(13)} run ${run + 1}/${runs}: all set ${Math.round(outcome.finishedAt - outcome.arrivedAt)} ms`,
        );
      } finally {
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await provider.close();
}

const round = (/** @type {number} */ ms) => Math.round(ms);
console.log(
  `\nN=${n}, CPU ×${cpuRate}, ${latencyMs} ms latency: main-thread self time per page load, median of ${runs} (ms), from adding the script to the last href`,
);
for (const [id, { groups, allSetMs }] of results) {
  const names = [...new Set(groups.flatMap((byGroup) => [...byGroup.keys()]))];
  const medians = names
    .map(
      (name) => /** @type {[string, number]} */ ([name, median(groups.map((byGroup) => byGroup.get(name) ?? 0)) ?? 0]),
    )
    .sort((a, b) => b[1] - a[1]);
  const busy = median(groups.map((byGroup) => [...byGroup.values()].reduce((sum, ms) => sum + ms, 0))) ?? 0;
  console.log(`\n${id}: busy ${round(busy)} ms, all set ${round(median(allSetMs) ?? 0)} ms`);
  console.log('| where | ms | share |\n|---|---:|---:|');
  for (const [name, ms] of medians.filter(([, ms]) => ms >= 1)) {
    console.log(`| ${name} | ${round(ms)} | ${Math.round((ms / busy) * 100)}% |`);
  }
}
