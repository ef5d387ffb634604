// @ts-check
// One load of a product page on an emulated phone: a fresh browser context
// (cold cache, new connections), the network and CPU throttled before the
// navigation starts, and the time from navigation start to the last href.

/**
 * @typedef {object} Throttling
 * @property {number} latencyMs added to every request's round trip
 * @property {number} downloadKbps
 * @property {number} uploadKbps
 * @property {number} cpuRate
 *
 * @typedef {object} ProductPageRun
 * @property {'done' | 'timeout'} outcome
 * @property {number} linked anchors with an href at the end
 * @property {number | null} timeToLinksMs from navigation start to the last anchor's href
 * @property {number | null} scriptArrivedMs from navigation start to the script's Resource Timing responseEnd
 * @property {number | null} firstPaintMs from navigation start to the page's first contentful paint
 * @property {number | null} scriptBytes the script's response on the wire: compressed body and headers
 * @property {number} wireBytes every response on the wire (page, script, answers) until the last href
 */

/** Lighthouse's conversion of the preset's kilobits per second to the protocol's bytes per second. */
const bytesPerSecond = (/** @type {number} */ kbps) => (kbps * 1024) / 8;

/** Responses still arriving when the last href is set (none, usually) get this long to finish. */
const SETTLE_MS = 1000;

/**
 * @param {object} options
 * @param {import('playwright-core').Browser} options.browser
 * @param {string} options.pageUrl
 * @param {string} options.scriptUrl as the page's script tag has it, resolved
 * @param {Throttling} options.throttling
 * @returns {Promise<ProductPageRun>}
 */
export async function measureProductPage({ browser, pageUrl, scriptUrl, throttling }) {
  // A phone's viewport: the element may order its lookups by distance to it.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttling.latencyMs,
      downloadThroughput: bytesPerSecond(throttling.downloadKbps),
      uploadThroughput: bytesPerSecond(throttling.uploadKbps),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuRate });

    /** @type {Map<string, string>} request id to URL, while the response is on its way */
    const pending = new Map();
    let wireBytes = 0;
    /** @type {number | null} */
    let scriptBytes = null;
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => pending.set(requestId, request.url));
    cdp.on('Network.loadingFailed', ({ requestId }) => pending.delete(requestId));
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      wireBytes += encodedDataLength;
      if (pending.get(requestId) === scriptUrl) scriptBytes = encodedDataLength;
      pending.delete(requestId);
    });

    await page.goto(pageUrl, { waitUntil: 'commit' });
    // The probe is the <head>'s first script: there once the page has parsed that far.
    await page.waitForFunction(() => '__productPage' in window);
    const result =
      /** @type {{ outcome: 'done' | 'timeout', linkedCount: number, linkedAt: number, scriptArrivedAt: number | null, paintedAt: number | null }} */ (
        await page.evaluate(() => /** @type {any} */ (window).__productPage)
      );
    const settleBy = Date.now() + SETTLE_MS;
    while (pending.size > 0 && Date.now() < settleBy) await new Promise((resolve) => setTimeout(resolve, 10));

    return {
      outcome: result.outcome,
      linked: result.linkedCount,
      timeToLinksMs: result.outcome === 'done' ? result.linkedAt : null,
      scriptArrivedMs: result.scriptArrivedAt,
      firstPaintMs: result.paintedAt,
      scriptBytes,
      wireBytes,
    };
  } finally {
    await context.close();
  }
}
