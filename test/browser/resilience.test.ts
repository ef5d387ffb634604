import { describe, expect, it } from 'vitest';
import type { Provider } from '../../dev/provider/server.js';
import type { ChromiumPage, ElementId } from './support/chromiumPage';
import { useHarness } from './support/useHarness';

/**
 * Failures that may pass: the real element in Chromium against the local
 * provider over HTTP, whose `fault-flaky-*` articles fail their first
 * requests and then answer as A-100 (dev/provider/faults.js), and a browser
 * context that really goes offline. Where the wait itself is not the point,
 * a short `retry.baseDelayMs` keeps the tests quick; where it is, the
 * provider's `Retry-After` makes it exact.
 */

const harness = useHarness();
let I: ChromiumPage;

const org1 = { 'organization-id': 'org-1' };
const swatch = { ...org1, 'article-id': 'A-100', type: 'thumbnail', dimensions: '10x10cm' };
const A100_SWATCH = '/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.exr';
const A100_PBR = '/files/org-1/A-100/pbr-DONE_DEFAULT-MEDIUM-EXR.zip';
/** The element's console.error line for this reason (Playwright shows the host logged beside it as a handle). */
const loggedError = (error: string | null) =>
  expect.stringMatching(new RegExp(`^cm-material-download: ${escape(error)}( |$)`));
const escape = (text: string | null) => String(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type RecordedRequest = Provider['requests'][number];
/** What each request asked for: `articleId/operationName` per operation. */
/** What one request asked for, sorted: the order of operations within a batch is not the contract's. */
const asked = (request: RecordedRequest) =>
  request.operations.map((operation) => `${String(operation.variables.articleId)}/${operation.operationName}`).sort();
const gapsBetween = (requests: RecordedRequest[]) =>
  requests.slice(1).map((request, i) => request.at - requests[i]!.at);

/**
 * Every `data-state` the page's hosts show from now on, in order (the page
 * object's href recorder, for the state): call before the change to watch.
 */
async function recordStates(): Promise<(id: ElementId) => Promise<string[]>> {
  const log = await I.page.evaluate(() => {
    const w = window as unknown as { __stateLogs?: { id: string; state: string | null }[][] };
    const states: { id: string; state: string | null }[] = [];
    // A record's new value is the next record's old value on that host; the last one's is the attribute now.
    new MutationObserver((records) =>
      records.forEach((record, index) => {
        const host = record.target as Element;
        const next = records.slice(index + 1).find((later) => later.target === host);
        states.push({ id: host.id, state: next ? next.oldValue : host.getAttribute('data-state') });
      }),
    ).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-state'] });
    return (w.__stateLogs ??= []).push(states) - 1;
  });
  return async (id) => {
    const all = await I.page.evaluate(
      (index) => (window as unknown as { __stateLogs: { id: string; state: string | null }[][] }).__stateLogs[index]!,
      log,
    );
    return all.filter((entry) => entry.id === id).map((entry) => entry.state ?? 'none');
  };
}

/** A fresh page so configured, with one element for this article: its settling, and every state it showed. */
async function settleOne(articleId: string, configure: Record<string, unknown>) {
  I = await harness.open({ configure });
  const states = await recordStates();
  const element = await I.add({ ...swatch, 'article-id': articleId });
  return { element, change: await I.settled(element), states: () => states(element) };
}

/** Resolves once every one of these hosts shows `data-state="<state>"`. */
async function untilAllShow(ids: ElementId[], state: string): Promise<void> {
  await I.page.waitForFunction(
    ([hostIds, wanted]) => hostIds.every((id) => document.getElementById(id)?.getAttribute('data-state') === wanted),
    [ids, state] as const,
  );
}

describe('a lookup that fails on the wire is tried again', () => {
  // On a slow device the elements take the failure in over several tasks: their retries must
  // still be due at one moment, or the batch window closes on part of them.
  it.each([1, 6])(
    'a 429 on a batch of 10 with Retry-After: 1: all 10 links appear after one retry of the whole batch, 2 requests in all (CPU ×%i)',
    async (cpuSlowdown) => {
      I = await harness.open();
      if (cpuSlowdown > 1) await I.throttleCpu(cpuSlowdown);
      const lookups = [
        // The one operation the rate limiter trips on; the whole batch gets the 429. Answered as A-100 after.
        // Tagged per run: the provider counts a flaky article's failures for as long as it runs.
        { ...org1, 'article-id': `fault-flaky-429-1-retry-1-cpu${cpuSlowdown}`, type: 'pbr' },
        swatch,
        { ...org1, 'article-id': 'A-101', type: 'tile' },
        { ...org1, 'article-id': 'A-101', type: 'pbr' },
        { ...org1, 'article-id': 'A-103', type: 'pbr' },
        { ...swatch, 'article-id': 'A-103' },
        { 'organization-id': 'org-2', 'article-id': 'B-200', type: 'pbr' },
        { 'organization-id': 'org-2', 'article-id': 'B-202', type: 'tile' },
        { 'organization-id': 'org-2', 'article-id': 'B-203', type: 'pbr' },
        { 'organization-id': 'org-2', 'article-id': 'B-203', type: 'tile' },
      ];
      const states = await recordStates();
      const elements = await I.addTogether(lookups);
      const changes = await I.settledAll(elements);

      expect(changes.map((change) => change.state)).toEqual(lookups.map(() => 'enabled'));
      expect(changes[0]!.href).toBe(`${I.origin}${A100_PBR}`);
      changes.slice(1).forEach((change, index) => {
        const { 'organization-id': org, 'article-id': article } = lookups[index + 1]!;
        expect(change.href).toContain(`${I.origin}/files/${org}/${article}/`);
      });
      const { requests } = harness.provider;
      expect(requests.map((request) => [Array.isArray(request.body), request.operations.length])).toEqual([
        [true, 10],
        [true, 10],
      ]);
      // Retry-After honoured: not a moment before the second the server asked for.
      expect(gapsBetween(requests)[0]).toBeGreaterThanOrEqual(1000);
      // The wait showed on every host, for CSS; each settled once, with its link; nothing was logged.
      for (const element of elements) {
        expect(await states(element)).toEqual(['idle', 'fetching', 'retrying', 'fetching', 'enabled']);
      }
      expect(await I.linkChanges()).toHaveLength(10);
      expect(I.devtools.consoleErrors).toEqual([]);
    },
  );

  it('a first answer of 503, then 200: the link, without any input change, after a backoff', async () => {
    const { change, states } = await settleOne('fault-flaky-503-1', { retry: { baseDelayMs: 100 } });

    expect(change).toEqual({
      id: 'el-1',
      state: 'enabled',
      href: `${I.origin}${A100_SWATCH}`,
      error: null,
      reason: null,
      bubbles: true,
      composed: true,
    });
    expect(await states()).toEqual(['idle', 'fetching', 'retrying', 'fetching', 'enabled']);
    expect(harness.provider.requests).toHaveLength(2);
    // The first wait: 100 ms, ±20%.
    expect(gapsBetween(harness.provider.requests)[0]).toBeGreaterThanOrEqual(80);
    expect(await I.linkChanges()).toEqual([change]);
    expect(I.devtools.consoleErrors).toEqual([]);
  });

  it('three 503s in a row: three requests, waits that grow, then one logged failure and a disabled link', async () => {
    // A fourth request would be answered: the link would show that one more was made.
    const { element, change, states } = await settleOne('fault-flaky-503-3', { retry: { baseDelayMs: 50 } });

    expect(change).toEqual({
      id: 'el-1',
      state: 'disabled',
      href: null,
      error: 'request failed: HTTP 503',
      reason: 'request-failed',
      bubbles: true,
      composed: true,
    });
    expect(await I.anchorOf(element)).toEqual({
      dataState: 'disabled',
      href: null,
      className: 'button disabled',
      ariaDisabled: 'true',
    });
    expect(await states()).toEqual(['idle', 'fetching', 'retrying', 'fetching', 'retrying', 'fetching', 'disabled']);
    expect(harness.provider.requests).toHaveLength(3);
    // About 50 ms, then about 150 ms (±20% each).
    const [first, second] = gapsBetween(harness.provider.requests);
    expect(first).toBeGreaterThanOrEqual(40);
    expect(second).toBeGreaterThanOrEqual(120);
    expect(I.devtools.consoleErrors).toEqual([loggedError('request failed: HTTP 503')]);
    expect(await I.linkChanges()).toEqual([change]);
  });

  it.each([
    ['a 400', 'fault-status-400-json', {}, 'request failed: HTTP 400'],
    ['a 500', 'fault-status-500-html', {}, 'request failed: HTTP 500'],
    ['a 503 with Retry-After over 10 s', 'fault-status-503-json-retry-11', {}, 'request failed: HTTP 503'],
    ['a 503 with retry: false', 'fault-status-503-json', { retry: false }, 'request failed: HTTP 503'],
  ])('%s is not retried: exactly one request, one logged failure', async (_, articleId, configure, error) => {
    const { change, states } = await settleOne(articleId, configure);

    expect(change).toEqual({
      id: 'el-1',
      state: 'disabled',
      href: null,
      error,
      reason: 'request-failed',
      bubbles: true,
      composed: true,
    });
    expect(await states()).toEqual(['idle', 'fetching', 'disabled']);
    expect(harness.provider.requests).toHaveLength(1);
    expect(I.devtools.consoleErrors).toEqual([loggedError(error)]);
  });
});

describe('the connection', () => {
  it('offline while the element fetches, then online: the link appears without any input change', async () => {
    I = await harness.open({ configure: { retry: { baseDelayMs: 20 } } });
    const first = await I.holdFirstRequest();
    const element = await I.add(swatch);
    const held = await first.arrived;
    expect(await I.locator(element).getAttribute('data-state')).toBe('fetching');

    await I.goOffline();
    await held.continue();
    // Tried again while still offline, in vain: disabled, and said once.
    const failed = await I.settled(element);
    expect(failed).toMatchObject({ state: 'disabled', href: null, error: expect.stringMatching(/^network error: /) });
    expect(I.devtools.consoleErrors).toEqual([loggedError(failed.error)]);
    expect(harness.provider.requests).toHaveLength(0);

    const recovered = await I.settleAfter(element, () => I.goOnline());
    expect(recovered).toMatchObject({ state: 'enabled', href: `${I.origin}${A100_SWATCH}`, error: null });
    expect((await I.anchorOf(element)).href).toBe(recovered.href);
    expect(harness.provider.requests).toHaveLength(1);
    expect(I.devtools.consoleErrors).toHaveLength(1);
  });

  it('back online, a lookup that finds no link: disabled without an error, the failure before not said again', async () => {
    I = await harness.open({ configure: { retry: { baseDelayMs: 20 } } });
    await I.goOffline();
    // A-199 has no 10x10cm thumbnail: the provider answers, with nothing.
    const element = await I.add({ ...swatch, 'article-id': 'A-199' });
    const failed = await I.settled(element);
    expect(failed).toMatchObject({ state: 'disabled', error: expect.stringMatching(/^network error: /) });

    const answered = await I.settleAfter(element, () => I.goOnline());
    expect(answered).toEqual({
      id: 'el-1',
      state: 'disabled',
      href: null,
      error: null,
      reason: 'not-found',
      bubbles: true,
      composed: true,
    });
    expect(harness.provider.requests).toHaveLength(1);
    expect(I.devtools.consoleErrors).toEqual([loggedError(failed.error)]);
  });

  it('offline, then online again during the wait: the retry gets the link, nothing is logged', async () => {
    // A wait of 1.2 s at least: time enough to be back online before the retry.
    I = await harness.open({ configure: { retry: { baseDelayMs: 1500 } } });
    const first = await I.holdFirstRequest();
    const element = await I.add(swatch);
    const held = await first.arrived;
    await I.goOffline();
    await held.continue();
    await untilAllShow([element], 'retrying');
    await I.goOnline();

    const change = await I.settled(element);
    expect(change).toMatchObject({ state: 'enabled', href: `${I.origin}${A100_SWATCH}`, error: null });
    expect(harness.provider.requests).toHaveLength(1);
    expect(I.devtools.consoleErrors).toEqual([]);
  });
});

describe('a download URL as a browser reads it', () => {
  it('a file name with spaces becomes the percent-encoded href, and the link downloads the file', async () => {
    I = await harness.open();
    const spaced = { 'organization-id': 'org-test', 'article-id': 'spaced-name' };
    const elements = await I.addTogether([
      { ...spaced, type: 'pbr' },
      { ...spaced, type: 'thumbnail', dimensions: '10x10cm' },
      { ...spaced, type: 'tile' },
    ]);
    const changes = await I.settledAll(elements);
    const files = `${I.origin}/files/org-test/spaced-name`;
    const expected = [`${files}/My%20Material.zip`, `${files}/My%20Material.png`, `${files}/My%20Material%20tile.png`];

    expect(changes.map(({ state, href, error }) => ({ state, href, error }))).toEqual(
      expected.map((href) => ({ state: 'enabled', href, error: null })),
    );
    for (const [index, element] of elements.entries()) {
      expect((await I.anchorOf(element)).href).toBe(expected[index]);
    }
    const download = await I.page.request.get(expected[0]!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toBe('attachment; filename="My Material.zip"');
    expect(I.devtools.consoleErrors).toEqual([]);
  });
});

describe('during a backoff', () => {
  // Two lookups in one batch that the provider fails once with Retry-After: 1, so both wait exactly one
  // second and would retry as one batch again: the witness's retry shows when the other's would have gone.
  const flaky = { ...org1, 'article-id': 'fault-flaky-503-1-retry-1' };
  const FLAKY_TILE = 'fault-flaky-503-1-retry-1/GetMaterialDownloadLink';
  const FLAKY_PBR = 'fault-flaky-503-1-retry-1/GetPbrMaterialDownloadLink';

  type Act = { set: [name: string, value: string] } | { remove: true };

  /**
   * The tile and the witness, waiting; `act` is done to the tile in the very task its host shows
   * `retrying`, however slow the test's own round trips to the page (a reaction in the page, not a poll).
   */
  async function openWaiting(act: Act) {
    I = await harness.open();
    const hrefs = await I.recordHrefWrites();
    const acted = await I.page.evaluateHandle((what) => {
      const done = { at: null as number | null, host: null as Element | null, shown: '' };
      const observer = new MutationObserver(() => {
        const host = document.querySelector('cm-material-download[type="tile"][data-state="retrying"]');
        if (!host) return;
        observer.disconnect();
        if ('remove' in what) host.remove();
        else host.setAttribute(...what.set);
        Object.assign(done, { at: performance.now(), host, shown: host.outerHTML });
      });
      observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
      return done;
    }, act);
    const [element, witness] = await I.addTogether([
      { ...flaky, type: 'tile' },
      { ...flaky, type: 'pbr' },
    ]);
    await I.page.waitForFunction((done) => done.at !== null, acted);
    // A handle on the host itself: a removed one is no longer found by its locator.
    const host = await acted.evaluateHandle((done) => done.host!);
    const shownWhenActed = await acted.evaluate((done) => done.shown);
    return { element: element!, witness: witness!, host, shownWhenActed, hrefs };
  }

  it('an input change: the new inputs are fetched at once, the old ones never again, and no stale link', async () => {
    const { element, witness, hrefs } = await openWaiting({ set: ['article-id', 'A-103'] });
    const [change, witnessed] = await I.settledAll([element, witness]);

    expect(change).toMatchObject({ state: 'enabled', href: expect.stringContaining('/files/org-1/A-103/tile-') });
    expect(witnessed).toMatchObject({ state: 'enabled', href: `${I.origin}${A100_PBR}` });
    expect(harness.provider.requests.map(asked)).toEqual([
      [FLAKY_TILE, FLAKY_PBR],
      ['A-103/GetMaterialDownloadLink'],
      [FLAKY_PBR],
    ]);
    expect(await hrefs.shown(element)).toEqual([change!.href]);
    expect((await I.linkChanges()).filter((c) => c.id === change!.id)).toEqual([change]);
    expect(I.devtools.consoleErrors).toEqual([]);
  });

  it('a change that leaves the request as it was: the wait goes on, and one retry gets the link', async () => {
    // file-type="exr" spells out the default.
    const { element, witness } = await openWaiting({ set: ['file-type', 'exr'] });
    const changes = await I.settledAll([element, witness]);

    expect(changes.map((change) => change.state)).toEqual(['enabled', 'enabled']);
    expect(harness.provider.requests.map(asked)).toEqual([
      [FLAKY_TILE, FLAKY_PBR],
      [FLAKY_TILE, FLAKY_PBR],
    ]);
    expect(gapsBetween(harness.provider.requests)[0]).toBeGreaterThanOrEqual(1000);
    expect(await I.linkChanges()).toHaveLength(2);
  });

  it('destruction: no request for it after, nothing shown, announced or logged', async () => {
    const { witness, host, shownWhenActed, hrefs } = await openWaiting({ remove: true });
    const witnessed = await I.settled(witness);

    expect(witnessed).toMatchObject({ state: 'enabled', href: `${I.origin}${A100_PBR}` });
    expect(harness.provider.requests.map(asked)).toEqual([[FLAKY_TILE, FLAKY_PBR], [FLAKY_PBR]]);
    // As it was when it went: waiting, with no link.
    expect(shownWhenActed).toMatch(/^<cm-material-download [^>]*data-state="retrying"[^>]*><a class="button disabled"/);
    expect(await host.evaluate((node) => node.outerHTML)).toBe(shownWhenActed);
    expect(await hrefs.writes()).toEqual([witnessed.href]);
    expect((await I.linkChanges()).map((c) => c.id)).toEqual([witnessed.id]);
    expect(I.devtools.consoleErrors).toEqual([]);
  });
});
