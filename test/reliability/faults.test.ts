import type { ElementHandle } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ChromiumPage } from '../browser/support/chromiumPage';
import { useHarness } from '../browser/support/useHarness';
import { A100_SWATCH, expectA100Link, expectFailedOnce, recordErrorsWithHost, swatch } from './support/probes';

/**
 * The fault matrix: whatever the provider or the network does wrong, the
 * customer sees a disabled link, one clear console.error and a
 * cm-link-change with the reason, nothing is thrown into their page, and
 * the next input change gets a real link again. A failure that may pass (the
 * network, HTTP 429, 502, 503, 504) is first tried again, as often as
 * `retry.attempts` says, and only its final failure is said. The faults are
 * the local provider's (dev/provider/faults.js), chosen by article id.
 */

// The harness also sets the provider's latency back to 0 after each test.
const harness = useHarness();
let I: ChromiumPage;

async function openPage(configure: Record<string, unknown> = {}): Promise<void> {
  I = await harness.open({ configure });
}

const fault = (articleId: string) => ({ ...swatch, 'article-id': articleId });

/** The default number of retries of a failure on the wire (configure's `retry.attempts`). */
const RETRIES = 2;
/** Short waits between them: the matrix is about what the customer sees at the end, not the backoff. */
const QUICK_RETRIES = { retry: { baseDelayMs: 10 } };

type FaultRow = [name: string, articleId: string, says: RegExp, configure?: Record<string, unknown>];

const statusRows = [400, 401, 403, 429, 500, 502, 503, 504].flatMap((status) =>
  (['json', 'html'] as const).map((format): FaultRow => [
    `HTTP ${status} with ${format === 'json' ? 'a JSON body' : 'an HTML page'}`,
    `fault-status-${status}-${format}`,
    new RegExp(`^request failed: HTTP ${status}$`),
  ]),
);

const FAULTS: FaultRow[] = [
  ...statusRows,
  ['HTTP 200 with an HTML page instead of JSON', 'fault-status-200-html', /^invalid response\b/],
  ['a dropped connection', 'fault-drop', /^network error: /],
  ['a server that never answers (timeoutMs 300)', 'fault-hang', /^request timed out after 300 ms$/, { timeoutMs: 300 }],
  ['malformed JSON', 'fault-malformed', /^invalid response: not JSON$/],
  ['a JSON object with neither data nor errors', 'fault-shape-no-data', /^invalid response: no data$/],
  ['data: null and no errors', 'fault-shape-data-null', /^invalid response: no data$/],
  ['an empty errors list and no data', 'fault-errors-empty', /^invalid response: no data$/],
  ['materials that is not a list', 'fault-wrong-shape', /^unexpected response: data\.materials is not a list$/],
  [
    'assignments that are an object, not a list',
    'fault-shape-assignments-object',
    /^unexpected response: material\.dataObjectAssignments is not a list$/,
  ],
  ['data that is an array where an object belongs', 'fault-shape-data-array', /^(invalid|unexpected) response: .*data/],
  [
    'a material that is an array where an object belongs',
    'fault-shape-material-array',
    /^unexpected response: a material is not an object$/,
  ],
  ['a reply that is an array where an object belongs', 'fault-shape-array', /^(invalid|unexpected) response: /],
  ['a reply that is a JSON string', 'fault-shape-string', /^invalid response\b/],
  ['a reply that is JSON null', 'fault-shape-null', /^invalid response\b/],
  ['GraphQL errors without data', 'fault-errors', /^GraphQL error: Internal failure$/],
  ['GraphQL errors with data: null', 'fault-errors-null-data', /^GraphQL error: Internal failure$/],
];

/** Failures on the wire that may pass: tried again before they count. */
const isTransient = (articleId: string) => /^fault-(status-(429|502|503|504)-|drop$)/.test(articleId);

describe('a failed lookup disables the link, says why once, and recovers on the next change', () => {
  it.each(FAULTS)('%s', async (_, articleId, says, configure = {}) => {
    await openPage({ ...QUICK_RETRIES, ...configure });
    const hrefs = await I.recordHrefWrites();
    const element = await I.add(fault(articleId));
    await expectFailedOnce(I, element, await I.settled(element), says);
    expect(await hrefs.shown()).toEqual([]);
    // No retry storm: a failure on the wire is tried RETRIES more times, any other not again; then it is
    // final until the inputs change. (The POSTs the page sent: Chromium may silently resend one on a
    // dropped keep-alive socket, which the provider's log would count.)
    expect(I.devtools.graphqlPosts).toHaveLength(isTransient(articleId) ? 1 + RETRIES : 1);

    const recovered = await I.settleAfter(element, () => I.setAttribute(element, 'article-id', 'A-100'));
    await expectA100Link(I, element, recovered);
    expect(I.devtools.consoleErrors).toHaveLength(1);
  });
});

describe('GraphQL errors beside data: the data is used, nothing is logged', () => {
  it.each([
    [
      'errors beside a link give the link',
      'fault-partial',
      { state: 'enabled', href: expect.stringContaining(A100_SWATCH), error: null, reason: null },
    ],
    [
      'errors beside an empty list give no link and no error',
      'fault-errors-empty-data',
      { state: 'disabled', href: null, error: null, reason: 'not-found' },
    ],
  ])('%s', async (_, articleId, expected) => {
    await openPage();
    expect(await I.settled(await I.add(fault(articleId)))).toMatchObject(expected);
    expect(I.devtools.consoleErrors).toEqual([]);
  });
});

/** The anchor and host as they are, read through a handle: a removed element has no selector any more. */
const snapshotOf = (host: ElementHandle) =>
  host.evaluate((node) => ({
    state: (node as Element).getAttribute('data-state'),
    anchor: (node as Element).firstElementChild!.outerHTML,
  }));

const LATE = [
  ['a late link', fault('fault-delay-0')],
  ['a late failure', fault('fault-status-500-json')],
] as const;

/** Removes the element and returns once its destruction (a 10 ms timer in the page) has run. */
async function removeForGood(host: ElementHandle): Promise<void> {
  await host.evaluate((node) => (node as Element).remove());
  // Page timers run in order of due time: one due later than the destroy timer runs after it.
  await I.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

describe('an answer that arrives after the element was destroyed', () => {
  it.each(LATE)(
    '%s for an element removed for good: its request is aborted; nothing logged, announced or thrown',
    async (_, attributes) => {
      await openPage();
      const first = await I.holdFirstRequest();
      const element = await I.add(attributes);
      const held = await first.arrived;
      const host = await I.locator(element).elementHandle();
      const before = await snapshotOf(host);
      await removeForGood(host);
      await held.continue().catch(() => {});
      await expect.poll(() => I.devtools.failedGraphqlRequests).toEqual(['net::ERR_ABORTED']);

      expect(await snapshotOf(host)).toEqual(before);
      expect(await I.linkChanges()).toEqual([]);
      expect(I.devtools.consoleErrors).toEqual([]);
    },
  );

  it.each(LATE)('%s shared with a live element: only the live element takes it', async (name, attributes) => {
    await openPage();
    const first = await I.holdFirstRequest();
    const errors = recordErrorsWithHost(I.page);
    const [gone, live] = await I.addTogether([attributes, attributes]);
    const held = await first.arrived;
    const host = await I.locator(gone!).elementHandle();
    const before = await snapshotOf(host);
    await removeForGood(host);
    await held.continue().catch(() => {});
    await expect.poll(() => harness.provider.requests.length).toBe(1);
    expect(I.operations()).toHaveLength(1);

    const change = await I.settled(live!);
    expect(change.state).toBe(name === 'a late link' ? 'enabled' : 'disabled');
    await I.page.waitForTimeout(100);
    expect(await snapshotOf(host)).toEqual(before);
    expect((await I.linkChanges()).map((c) => c.id)).toEqual([change.id]);
    const liveId = live!;
    expect(await errors()).toEqual(
      change.error ? [{ text: expect.stringContaining(change.error), hostId: liveId }] : [],
    );
  });
});
