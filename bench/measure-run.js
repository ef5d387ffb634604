// @ts-check
// One run: a fresh browser context on a page of N elements, the file's script
// added, and what the page and the provider saw until every link was set.

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('../dev/provider/server.js').Provider} Provider */

/**
 * @typedef {'done' | 'links missing' | 'timeout' | 'script error'} Outcome
 *   links missing: every element settled, some as disabled without a link
 *
 * @typedef {object} RunResult
 * @property {Outcome} outcome
 * @property {number} linked anchors with an href at the end
 * @property {number | null} timeToLinksMs from the script's arrival (Resource Timing responseEnd) to the last href
 * @property {number | null} fetchMs from adding the script tag to its arrival
 * @property {number | null} executeMs from its arrival to its load event (parse, compile, first run)
 * @property {number | null} firstRequestMs from its arrival to the page's first fetch of /graphql
 * @property {number | null} lastRequestMs from its arrival to the page's last fetch of /graphql before the end
 * @property {number} requests POSTs to /graphql
 * @property {number} operations GraphQL operations in them
 * @property {number} longestTaskMs longest main-thread task between adding the script and the last href; 0 when none reached 50 ms
 * @property {number} longTasksTotalMs
 * @property {number} totalBlockingTimeMs the sum over those tasks of their time beyond 50 ms: how long input waited
 * @property {number | null} heapKB JS heap growth after GC, library code included
 * @property {number | null} heapPerElementKB the same divided by N
 */

/** The page-side result of window.__bench.loadAndWaitForLinks (bench/page-probe.js). */
/**
 * @typedef {object} PageOutcome
 * @property {Outcome} outcome
 * @property {number} expected
 * @property {number} linkedCount
 * @property {number} insertedAt
 * @property {number | null} arrivedAt
 * @property {number | null} executedAt
 * @property {number} finishedAt
 * @property {number[]} longTasks
 * @property {number | null} firstRequestAt
 * @property {number | null} lastRequestAt
 */

/**
 * @param {import('playwright-core').CDPSession} cdp
 * @returns {Promise<number>} bytes of JS heap in use once garbage is collected
 */
async function heapAfterGc(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

/**
 * @param {object} options
 * @param {Browser} options.browser
 * @param {Provider} options.provider
 * @param {string} options.pageUrl
 * @param {string} options.scriptUrl
 * @param {number} options.n
 * @param {number} options.cpuRate 1 for the machine's speed; 4 for a mid-range phone
 * @param {number} options.timeoutMs
 * @returns {Promise<RunResult>}
 */
export async function measureRun({ browser, provider, pageUrl, scriptUrl, n, cpuRate, timeoutMs }) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    provider.clearRequests();
    await page.goto(pageUrl, { waitUntil: 'load' });
    const heapBefore = await heapAfterGc(cdp);
    // After the page's own load: what is slowed down is the script, its elements and their lookups.
    if (cpuRate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });

    const outcome = /** @type {PageOutcome} */ (
      await page.evaluate(
        ([src, timeout]) => /** @type {any} */ (window).__bench.loadAndWaitForLinks(src, timeout),
        /** @type {const} */ ([scriptUrl, timeoutMs]),
      )
    );
    const requests = provider.requests.length;
    const operations = provider.requests.reduce((sum, request) => sum + request.operations.length, 0);
    const done = outcome.outcome === 'done';
    const heapAfter = done ? await heapAfterGc(cdp) : null;

    const { arrivedAt, insertedAt, executedAt, finishedAt, firstRequestAt, lastRequestAt } = outcome;
    const sinceArrival = (/** @type {number | null} */ at) =>
      arrivedAt !== null && at !== null ? at - arrivedAt : null;
    const heapKB = heapAfter !== null ? (heapAfter - heapBefore) / 1024 : null;
    return {
      outcome: outcome.outcome,
      linked: outcome.linkedCount,
      timeToLinksMs: done && arrivedAt !== null ? finishedAt - arrivedAt : null,
      fetchMs: arrivedAt !== null ? arrivedAt - insertedAt : null,
      executeMs: arrivedAt !== null && executedAt !== null ? executedAt - arrivedAt : null,
      firstRequestMs: sinceArrival(firstRequestAt),
      lastRequestMs: sinceArrival(lastRequestAt),
      requests,
      operations,
      longestTaskMs: Math.max(0, ...outcome.longTasks),
      longTasksTotalMs: outcome.longTasks.reduce((sum, duration) => sum + duration, 0),
      totalBlockingTimeMs: outcome.longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      heapKB,
      heapPerElementKB: heapKB !== null ? heapKB / n : null,
    };
  } finally {
    await context.close();
  }
}
