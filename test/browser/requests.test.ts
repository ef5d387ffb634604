import { buildSchema, parse, validate } from 'graphql';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials } from '../../dev/provider/seed.js';
import { startProvider, type Provider } from '../../dev/provider/server.js';
import type { ChromiumPage, OpenOptions } from './support/chromiumPage';
import { useHarness, type SuiteHarness } from './support/useHarness';

/**
 * What goes over the wire between a customer's page and the provider: the
 * real element in Chromium against the local provider over HTTP, no mocks.
 */

const harness = useHarness();
let I: ChromiumPage;

const schema = buildSchema(readFileSync(new URL('../../src/api/provider-schema.graphql', import.meta.url), 'utf8'));

const org1 = { 'organization-id': 'org-1' };
const swatch = { ...org1, 'article-id': 'A-100', type: 'thumbnail', dimensions: '10x10cm' };
const A100_SWATCH = '/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM';

/** A fresh page of the given harness with the element loaded; the provider's log starts empty. */
async function openPage(options: OpenOptions = {}, on: SuiteHarness = harness): Promise<ChromiumPage> {
  I = await on.open(options);
  return I;
}

/** The one HTTP request the provider got. */
function onlyRequest(provider: Provider = harness.provider) {
  expect(provider.requests).toHaveLength(1);
  return provider.requests[0]!;
}

const isArrayBody = (request: Provider['requests'][number]) => Array.isArray(request.body);

/** The element's own console errors (the browser's "Failed to load resource" lines are left out by the page object). */
const elementErrors = () => I.devtools.consoleErrors.filter((text) => text.startsWith('cm-material-download: '));

function expectClientNameOnEvery(provider: Provider) {
  expect(provider.requests.length).toBeGreaterThan(0);
  for (const request of provider.requests) expect(request.headers['apollographql-client-name']).toBe('web-components');
}

describe("one element's request", () => {
  it('is a JSON POST of { query, variables, operationName } whose query validates against the schema', async () => {
    await openPage();
    const posted = I.page.waitForRequest(
      (request) => request.url() === harness.provider.graphqlUrl && request.method() !== 'OPTIONS',
    );
    const element = await I.add(swatch);
    expect(await I.settled(element)).toMatchObject({ state: 'enabled', href: expect.stringContaining(A100_SWATCH) });
    expect((await posted).method()).toBe('POST');

    const request = onlyRequest();
    expect(request.headers['content-type']).toMatch(/^application\/json\b/);
    expect(Object.keys(request.body as object).sort()).toEqual(['operationName', 'query', 'variables']);
    const [operation] = request.operations;
    expect(operation!.operationName).toBe('GetMaterialDownloadLink');
    expect(validate(schema, parse(operation!.query))).toEqual([]);
  });

  it.each([
    [
      'a thumbnail sends its assignment type, and EXR by default without a resolution',
      swatch,
      'GetMaterialDownloadLink',
      { articleId: 'A-100', organizationId: 'org-1', assignmentType: 'THUMBNAIL_10X10_CM', fileType: 'EXR' },
    ],
    [
      'a PBR sends no assignment type',
      { ...org1, 'article-id': 'A-100', type: 'pbr' },
      'GetPbrMaterialDownloadLink',
      { articleId: 'A-100', organizationId: 'org-1', fileType: 'EXR' },
    ],
    [
      'a tile asks for the tileable render',
      { ...org1, 'article-id': 'A-101', type: 'tile', resolution: 'low' },
      'GetMaterialDownloadLink',
      {
        articleId: 'A-101',
        organizationId: 'org-1',
        assignmentType: 'MATERIAL_TILEABLE_RENDER',
        resolution: 'LOW',
        fileType: 'EXR',
      },
    ],
    [
      'resolution and file type become the upper-case enum values',
      {
        'organization-id': 'org-2',
        'article-id': 'B-200',
        type: 'thumbnail',
        dimensions: '13_5x13_5in',
        resolution: 'high',
        'file-type': 'jpg',
      },
      'GetMaterialDownloadLink',
      {
        articleId: 'B-200',
        organizationId: 'org-2',
        assignmentType: 'THUMBNAIL_13_5X13_5_IN',
        resolution: 'HIGH',
        fileType: 'JPG',
      },
    ],
    [
      '"none" leaves resolution and file type out',
      { ...org1, 'article-id': 'A-100', type: 'pbr', resolution: 'none', 'file-type': 'none' },
      'GetPbrMaterialDownloadLink',
      { articleId: 'A-100', organizationId: 'org-1' },
    ],
  ])('%s', async (_, attributes, operationName, variables) => {
    await openPage();
    await I.settled(await I.add(attributes));
    const [operation] = onlyRequest().operations;
    expect(operation!.operationName).toBe(operationName);
    expect(operation!.variables).toEqual(variables);
  });
});

describe('auth headers', () => {
  it('blocked storage (sandboxed iframe) is logged and the link still works without auth', async () => {
    // The parent page has a key; the opaque-origin frame cannot read it, and must not die trying.
    await openPage({ storage: { 'cm-api-key': 'key-1' } });
    // A classic script tag: a module script from the provider would need CORS headers the
    // stand-in's static files do not send, and the bundle has no import/export of its own.
    const srcdoc = `<!doctype html>
      <script src="${harness.provider.origin}/dist/cm-material-download.js"></script>
      <cm-material-download endpoint="${harness.provider.graphqlUrl}" organization-id="org-1" article-id="A-100"
        type="thumbnail" dimensions="10x10cm"><a class="button">Download</a></cm-material-download>`;
    const frameElement = await I.page.evaluateHandle((html) => {
      const iframe = document.createElement('iframe');
      iframe.setAttribute('sandbox', 'allow-scripts');
      iframe.srcdoc = html;
      document.body.append(iframe);
      return iframe;
    }, srcdoc);
    const frame = (await frameElement.contentFrame())!;
    await frame.waitForFunction(
      () => document.querySelector('cm-material-download')?.getAttribute('data-state') === 'enabled',
    );

    const href = await frame.evaluate(() => document.querySelector('cm-material-download > a')!.getAttribute('href'));
    expect(href).toContain(`${harness.provider.origin}${A100_SWATCH}`);
    const { headers } = onlyRequest();
    expect(headers['api-key']).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(elementErrors()).toEqual([expect.stringMatching(/localStorage.*without auth/)]);
  });
});

describe('auth goes only to the configured endpoint', () => {
  let elsewhere: Provider;
  beforeAll(async () => {
    elsewhere = await startProvider();
  });
  afterAll(async () => elsewhere?.close());

  it("an element's own endpoint elsewhere gets no api key; the configured one does", async () => {
    await openPage({ storage: { 'cm-api-key': 'key-1' }, configure: { batch: false } });
    elsewhere.clearRequests();
    await I.settled(await I.add({ ...swatch, endpoint: elsewhere.graphqlUrl }));
    expect(onlyRequest(elsewhere).headers['api-key']).toBeUndefined();
    await I.settled(await I.add(swatch));
    expect(onlyRequest().headers['api-key']).toBe('key-1');
  });

  it('an element endpoint naming the configured endpoint counts as configured', async () => {
    await openPage({ storage: { 'cm-user-token': 't-1' } });
    await I.settled(await I.add({ ...swatch, endpoint: harness.provider.graphqlUrl }));
    expect(onlyRequest().headers.authorization).toBe('Bearer t-1');
  });
});

describe('cookies', () => {
  let elsewhere: Provider;
  beforeAll(async () => {
    elsewhere = await startProvider();
  });
  afterAll(async () => elsewhere?.close());

  const setPageCookie = () => I.page.evaluate(() => (document.cookie = 'session=s-1; path=/'));

  it('go with a request to the page origin', async () => {
    await openPage();
    await setPageCookie();
    expect(await I.settled(await I.add(swatch))).toMatchObject({ state: 'enabled' });
    expect(onlyRequest().headers.cookie).toBe('session=s-1');
  });

  it('do not go to another origin, even one they would reach with credentials: include', async () => {
    await openPage();
    elsewhere.clearRequests();
    await setPageCookie();
    // Another port of the same host: another origin, but the same site, so the cookie is not kept out by SameSite.
    const change = await I.settled(await I.add({ ...swatch, endpoint: elsewhere.graphqlUrl }));
    expect(change).toMatchObject({
      state: 'enabled',
      href: expect.stringContaining(`${elsewhere.origin}${A100_SWATCH}`),
    });
    expect(onlyRequest(elsewhere).headers.cookie).toBeUndefined();
    expect(harness.provider.requests).toEqual([]);

    // Control: the same origin does get the cookie when a request includes credentials.
    await I.page.evaluate(
      (url) => fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include', body: '{}' }),
      elsewhere.graphqlUrl,
    );
    expect(elsewhere.requests.at(-1)!.headers.cookie).toBe('session=s-1');
  });
});

describe('batching', () => {
  it('by default a batch holds at most 10 operations: 12 elements make 2 requests', async () => {
    // A wide window, so that only `max` (left at its default) splits the batch.
    await openPage({ configure: { batch: { intervalMs: 300 } } });
    const kinds: Record<string, string>[] = [
      { type: 'thumbnail', dimensions: '10x10cm' },
      { type: 'tile' },
      { type: 'pbr' },
    ];
    const twelve = ['A-100', 'A-101', 'A-102', 'A-103'].flatMap((id) =>
      kinds.map((kind) => ({ ...org1, 'article-id': id, ...kind })),
    );
    await I.settledAll(await I.addTogether(twelve));
    expect(harness.provider.requests.map((request) => request.operations.length).sort((a, b) => a - b)).toEqual([
      2, 10,
    ]);
  });

  it('an element asking what is already in flight joins that request', async () => {
    await openPage();
    // The first request is held at the network until the second element exists: it is still on the wire.
    const firstRequest = await I.holdFirstRequest();
    const first = await I.add(swatch);
    const held = await firstRequest.arrived;
    const second = await I.add(swatch);
    await held.continue();
    const changes = await I.settledAll([first, second]);
    expect(changes.map((change) => change.href)).toEqual([
      expect.stringContaining(A100_SWATCH),
      expect.stringContaining(A100_SWATCH),
    ]);
    expect(I.operations()).toHaveLength(1);
  });
});

/** A seed dimension, e.g. THUMBNAIL_13_5X13_5_IN, as the attribute value (13_5x13_5in). */
const dimensionsOf = (assignmentType: string) =>
  assignmentType
    .slice('THUMBNAIL_'.length)
    .toLowerCase()
    .replace(/_(in|cm)$/, '$1');

/**
 * `count` lookups that all differ, so none is merged with another: every
 * thumbnail size, the tile and the PBR of each article the seed knows
 * (dev/provider/seed.js), at each resolution.
 */
function distinctLookups(count: number): Record<string, string>[] {
  const kinds = materials
    // Only lookups every visitor gets an answer to: a members-only article is refused to this page's.
    .filter((material) => material.organizationId !== 'org-test' && !material.membersOnly)
    .flatMap((material) => {
      const ids = { 'organization-id': material.organizationId, 'article-id': material.articleId };
      const sizes = new Set(
        material.dataObjectAssignments
          .map((assignment) => assignment.assignmentType)
          .filter((type) => type.startsWith('THUMBNAIL_')),
      );
      return [
        { ...ids, type: 'pbr' },
        { ...ids, type: 'tile' },
        ...[...sizes].map((size) => ({ ...ids, type: 'thumbnail', dimensions: dimensionsOf(size) })),
      ];
    });
  const lookups = ['none', 'low', 'medium', 'high'].flatMap((resolution) =>
    kinds.map((kind) => ({ ...kind, resolution })),
  );
  if (lookups.length < count) throw new Error(`the seed has only ${lookups.length} distinct lookups`);
  return lookups.slice(0, count);
}

describe('batching on a slow device', () => {
  // CPU ×4 and ×6 (throttled through DevTools) stand for slower customer devices: however long it
  // takes to start them, elements connected in one task all enter one batch queue, and only `max`
  // (10 by default) splits it.
  it.each([
    [3, 4, 1],
    [30, 4, 3],
    [100, 4, 10],
    [3, 6, 1],
    [30, 6, 3],
    [100, 6, 10],
  ])(
    '%i elements added in one task under CPU ×%i go out as exactly %i JSON-array POST(s) of at most 10',
    async (count, rate, requests) => {
      await openPage();
      await I.throttleCpu(rate);
      const lookups = distinctLookups(count);
      const changes = await I.settledAll(await I.addTogether(lookups));
      expect(changes.filter((change) => change.error !== null)).toEqual([]);

      // Batch sizes, largest first: `requests` batches of 10, the last one holding the rest.
      const sizes = Array.from({ length: requests }, (_, index) => Math.min(10, count - 10 * index));
      expect(harness.provider.requests.map((request) => request.operations.length).sort((a, b) => b - a)).toEqual(
        sizes,
      );
      expect(harness.provider.requests.map(isArrayBody)).toEqual(sizes.map(() => true));
      // Each element's own operation, none lost and none sent twice.
      expect(new Set(I.operations().map((operation) => JSON.stringify(operation.variables))).size).toBe(count);
      expectClientNameOnEvery(harness.provider);
    },
  );
});

describe('a provider that does not batch', () => {
  const plain = useHarness({ batching: false });

  it('still gets every link, and only single requests after the first array attempt', async () => {
    // A wide window, so the first two elements surely make an array attempt.
    await openPage({ configure: { batch: { intervalMs: 300 } } }, plain);
    const first = await I.settledAll(await I.addTogether([swatch, { ...org1, 'article-id': 'A-100', type: 'pbr' }]));
    const later = await I.settledAll(
      await I.addTogether([
        { ...org1, 'article-id': 'A-101', type: 'tile' },
        { ...swatch, 'article-id': 'A-103' },
      ]),
    );
    expect([...first, ...later].map((change) => change.state)).toEqual(['enabled', 'enabled', 'enabled', 'enabled']);
    expect(later.map((change) => change.href)).toEqual([
      expect.stringContaining('/files/org-1/A-101/tile-MATERIAL_TILEABLE_RENDER_2'),
      expect.stringContaining('/files/org-1/A-103/thumbnail-THUMBNAIL_10X10_CM'),
    ]);
    const bodies = plain.provider.requests.map(isArrayBody);
    expect(bodies).toEqual([true, false, false, false, false]);
    expectClientNameOnEvery(plain.provider);
  });
});

describe('recovery', () => {
  it.each(['fault-status-500-json', 'fault-drop', 'fault-wrong-shape'])(
    'after %s, changing article-id to A-100 enables the link',
    async (articleId) => {
      // Recovery by an input change is the point: no retries, so a dropped connection fails at its first
      // request like the others (the retries themselves are resilience.test.ts's).
      await openPage({ configure: { retry: false } });
      const element = await I.add({ ...swatch, 'article-id': articleId });
      expect(await I.settled(element)).toMatchObject({ state: 'disabled', error: expect.any(String) });
      const change = await I.settleAfter(element, () => I.setAttribute(element, 'article-id', 'A-100'));
      expect(change).toMatchObject({ state: 'enabled', href: expect.stringContaining(A100_SWATCH), error: null });
      expect(await I.anchorOf(element)).toEqual({
        dataState: 'enabled',
        href: change.href,
        className: 'button',
        ariaDisabled: null,
      });
      expect(I.devtools.graphqlPosts.map((body) => JSON.parse(body).variables.articleId)).toEqual([articleId, 'A-100']);
    },
  );
});
