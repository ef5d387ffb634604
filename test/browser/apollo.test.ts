import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApolloProvider, type ApolloProvider } from '../../dev/provider/apollo.js';
import type { ChromiumPage } from './support/chromiumPage';
import { useHarness } from './support/useHarness';

/**
 * The element against a real Apollo Server 5 as a customer runs it
 * (`startStandaloneServer`, its default CORS and CSRF prevention), on
 * another origin than the customer's page: batching on, and Apollo's
 * default, which refuses arrays with `400 Operation batching disabled.`.
 */

const harness = useHarness();
let batching: ApolloProvider;
let refusing: ApolloProvider;
/** A second endpoint that refuses arrays: what one endpoint taught says nothing about another. */
let otherRefusing: ApolloProvider;

beforeAll(async () => {
  // The links point at the stand-in, which serves the files Apollo has no route for.
  const filesOrigin = harness.provider.origin;
  [batching, refusing, otherRefusing] = await Promise.all([
    startApolloProvider({ allowBatchedHttpRequests: true, filesOrigin }),
    startApolloProvider({ filesOrigin }),
    startApolloProvider({ filesOrigin }),
  ]);
});
afterAll(async () => {
  await Promise.all([batching, refusing, otherRefusing].map((apollo) => apollo?.close()));
});

const org1 = { 'organization-id': 'org-1' };
/** Six lookups with a link each, and where it points. */
const LOOKUPS: [Record<string, string>, string][] = [
  [{ ...org1, 'article-id': 'A-100', type: 'thumbnail', dimensions: '10x10cm' }, '/org-1/A-100/thumbnail-'],
  [{ ...org1, 'article-id': 'A-101', type: 'thumbnail', dimensions: '10x10cm' }, '/org-1/A-101/thumbnail-'],
  [{ ...org1, 'article-id': 'A-102', type: 'thumbnail', dimensions: '10x10cm' }, '/org-1/A-102/thumbnail-'],
  [{ ...org1, 'article-id': 'A-103', type: 'thumbnail', dimensions: '10x10cm' }, '/org-1/A-103/thumbnail-'],
  [{ ...org1, 'article-id': 'A-100', type: 'pbr' }, '/org-1/A-100/'],
  [{ ...org1, 'article-id': 'A-101', type: 'tile' }, '/org-1/A-101/tile-'],
];

/** What one page load of the customer's page cost and showed. */
interface PageLoad {
  hrefs: (string | null)[];
  /** Per HTTP request Apollo got: `array` or `single`, and its status. */
  requests: string[];
  consoleMessages: string[];
  failedRequests: string[];
}

/**
 * Loads the customer's page (again, in the same tab: its sessionStorage
 * stays) against `apollo`, adds every lookup in one task and waits until
 * each settled. `endpoint` gives the elements an endpoint of their own.
 */
async function loadPage(I: ChromiumPage, apollo: ApolloProvider, endpoint?: ApolloProvider): Promise<PageLoad> {
  const seen = { console: I.devtools.consoleMessages.length, failed: I.devtools.failedGraphqlRequests.length };
  for (const provider of [apollo, endpoint]) provider?.clearRequests();
  await I.open({ configure: { endpoint: apollo.graphqlUrl } });
  const own: Record<string, string> = endpoint ? { endpoint: endpoint.graphqlUrl } : {};
  const changes = await I.settledAll(await I.addTogether(LOOKUPS.map(([attributes]) => ({ ...attributes, ...own }))));
  return {
    hrefs: changes.map((change) => change.href),
    requests: (endpoint ?? apollo).requests.map(({ batched, status }) => `${batched ? 'array' : 'single'} ${status}`),
    consoleMessages: I.devtools.consoleMessages.slice(seen.console),
    failedRequests: I.devtools.failedGraphqlRequests.slice(seen.failed),
  };
}

/** Every lookup's own link, from the origin that serves the files. */
const everyLink = () =>
  LOOKUPS.map(([, path]) => expect.stringMatching(new RegExp(`^${harness.provider.origin}/files${path}`)));

const times = (count: number, request: string) => Array.from({ length: count }, () => request);

describe('the Apollo Server under test', () => {
  it('keeps its default CSRF prevention on: a simple (text/plain) POST, which a form could send, is refused', async () => {
    const simple = await fetch(refusing.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(simple.status).toBe(400);
    expect(await simple.text()).toMatch(/CSRF/);
  });
});

describe('Apollo Server with allowBatchedHttpRequests: true', () => {
  it('gets the elements added together as one array POST, every link comes, the console stays clean', async () => {
    const I = await harness.newPage();
    const load = await loadPage(I, batching);
    expect(load).toEqual({
      hrefs: everyLink(),
      requests: ['array 200'],
      consoleMessages: [],
      failedRequests: [],
    });
  });
});

describe("Apollo Server's default, which refuses arrays", () => {
  it('first page load: one refused array POST, then each lookup alone; every link comes', async () => {
    const I = await harness.newPage();
    const load = await loadPage(I, refusing);
    expect(load.hrefs).toEqual(everyLink());
    expect(load.requests).toEqual(['array 400', ...times(LOOKUPS.length, 'single 200')]);
    // The browser's own line for the 400; the element itself says nothing.
    expect(load.consoleMessages).toEqual([expect.stringMatching(/^error: Failed to load resource: .*\b400\b/)]);
  });

  it('the next page load of the tab: each lookup alone at once, no failed request, the console clean', async () => {
    const I = await harness.newPage();
    await loadPage(I, refusing);
    const reload = await loadPage(I, refusing);
    expect(reload).toEqual({
      hrefs: everyLink(),
      requests: times(LOOKUPS.length, 'single 200'),
      consoleMessages: [],
      failedRequests: [],
    });
  });

  it('another endpoint in the same session still gets an array first', async () => {
    const I = await harness.newPage();
    await loadPage(I, refusing);
    const elsewhere = await loadPage(I, refusing, otherRefusing);
    expect(elsewhere.hrefs).toEqual(everyLink());
    expect(elsewhere.requests).toEqual(['array 400', ...times(LOOKUPS.length, 'single 200')]);
  });

  it('a new tab (a new session) tries an array again', async () => {
    const first = await harness.newPage();
    await loadPage(first, refusing);
    const I = await harness.newPage();
    expect((await loadPage(I, refusing)).requests[0]).toBe('array 400');
  });
});

describe('a page whose sessionStorage fails, against the default Apollo Server', () => {
  it.each([
    [
      'throws on access',
      () =>
        Object.defineProperty(window, 'sessionStorage', {
          get() {
            throw new DOMException('The document is sandboxed', 'SecurityError');
          },
        }),
    ],
    [
      'is full',
      () =>
        (Storage.prototype.setItem = () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }),
    ],
  ])('%s: every link comes on every page load, nothing is thrown or logged by the element', async (_, breakStorage) => {
    const I = await harness.newPage();
    await I.page.addInitScript(breakStorage);
    for (const load of [await loadPage(I, refusing), await loadPage(I, refusing)]) {
      expect(load.hrefs).toEqual(everyLink());
      // Nothing remembered across page loads: each one pays for one refused array again.
      expect(load.requests).toEqual(['array 400', ...times(LOOKUPS.length, 'single 200')]);
      expect(load.consoleMessages.filter((text) => !text.startsWith('error: Failed to load resource'))).toEqual([]);
    }
    expect(I.devtools.pageErrors).toEqual([]);
  });
});
