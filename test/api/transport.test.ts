import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startProvider, type Provider } from '../../dev/provider/server.js';
import { configureTransport, resetConfig } from '../../src/api/config';
import { createTransport, type Transport } from '../../src/api/transport';
import { LookupError } from '../../src/api/wire';
import type { LinkRequest } from '../../src/machine/inputs';

/**
 * The transport in Node against the real provider over HTTP (Node's own
 * fetch, no mocks). Auth is left to the browser tests: Node has no localStorage.
 */

let provider: Provider;
/** Each test's own: nothing another test cached, shared or queued. */
let transport: Transport;
/** The href a lookup finds, or null. */
const lookupDownloadLink = async (request: LinkRequest, signal = new AbortController().signal, attempt = 0) =>
  (await transport.lookup(request, signal, attempt))?.href ?? null;

beforeAll(async () => {
  provider = await startProvider();
});
afterAll(async () => provider?.close());
beforeEach(() => {
  resetConfig();
  transport = createTransport();
  configureTransport({ endpoint: provider.graphqlUrl });
  provider.clearRequests();
});

const swatch = (articleId: string, organizationId = 'org-1'): LinkRequest => ({
  kind: 'thumbnail',
  organizationId,
  articleId,
  assignmentType: 'THUMBNAIL_10X10_CM',
  fileType: 'EXR',
});
const pbr = (articleId: string, organizationId = 'org-1'): LinkRequest => ({
  kind: 'pbr',
  organizationId,
  articleId,
  fileType: 'EXR',
});
const tile = (articleId: string, organizationId = 'org-1'): LinkRequest => ({
  kind: 'tile',
  organizationId,
  articleId,
  assignmentType: 'MATERIAL_TILEABLE_RENDER',
  fileType: 'EXR',
});

/** The file URL the provider hands out for an article (download URLs point back at the provider). */
const fileUrl = (from: Provider, article: string, file: string, organizationId = 'org-1') =>
  `${from.origin}/files/${organizationId}/${article}/${file}`;
const swatchUrl = (article: string, organizationId = 'org-1', from: Provider = provider) =>
  fileUrl(from, article, 'thumbnail-THUMBNAIL_10X10_CM-MEDIUM.exr', organizationId);

const operationCounts = (from: Provider = provider) => from.requests.map((request) => request.operations.length);
const isArrayBody = (request: Provider['requests'][number]) => Array.isArray(request.body);

/** Rejects with the error, or fails the test if the promise resolves. */
async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.resolved)}`);
  expect(outcome.error).toBeInstanceOf(Error);
  return outcome.error as Error;
}

describe('lookup gives the link for each kind', () => {
  it.each<[string, LinkRequest, string]>([
    ['a thumbnail', swatch('A-100'), 'thumbnail-THUMBNAIL_10X10_CM-MEDIUM.exr'],
    ['a tile: the first image among the tileable renders', tile('A-101'), 'tile-MATERIAL_TILEABLE_RENDER_2-MEDIUM.exr'],
    ['a PBR package: the DONE default one', pbr('A-100'), 'pbr-DONE_DEFAULT-MEDIUM-EXR.zip'],
    [
      'resolution and file type as asked',
      { ...swatch('A-100'), resolution: 'HIGH', fileType: 'JPG' },
      'thumbnail-THUMBNAIL_10X10_CM-HIGH.jpg',
    ],
  ])('%s', async (_, request, file) => {
    expect(await lookupDownloadLink(request)).toBe(fileUrl(provider, request.articleId, file));
  });

  it.each([
    ['no material', swatch('no-such-article')],
    ['no matching assignment', swatch('A-199')],
    ['no DONE default PBR', pbr('A-102')],
    ['only a video among the tileables', tile('A-102')],
    ['a null URL', swatch('hostile-null', 'org-test')],
  ])('gives null where there is %s', async (_, request) => {
    expect(await lookupDownloadLink(request)).toBeNull();
    expect(provider.requests).toHaveLength(1);
  });

  it("uses the request's own endpoint over the configured one", async () => {
    const other = await startProvider();
    try {
      const link = await lookupDownloadLink({ ...swatch('A-100'), endpoint: other.graphqlUrl });
      expect(link).toBe(swatchUrl('A-100', 'org-1', other));
      expect(other.requests).toHaveLength(1);
      expect(provider.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

describe('what goes over the wire', () => {
  it('a JSON POST with the client name, and only the variables that are set', async () => {
    await lookupDownloadLink(pbr('A-100'));
    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request!.headers['content-type']).toMatch(/^application\/json\b/);
    expect(request!.headers['apollographql-client-name']).toBe('web-components');
    expect(request!.body).toMatchObject({
      operationName: 'GetPbrMaterialDownloadLink',
      variables: { articleId: 'A-100', organizationId: 'org-1', fileType: 'EXR' },
      query: expect.stringContaining('query GetPbrMaterialDownloadLink'),
    });
    expect(Object.keys(request!.operations[0]!.variables).sort()).toEqual(['articleId', 'fileType', 'organizationId']);
  });

  it('every request of a batch carries the client name', async () => {
    configureTransport({ batch: { intervalMs: 20, max: 2 } });
    await Promise.all(
      [swatch('A-100'), swatch('A-101'), swatch('A-103')].map((request) => lookupDownloadLink(request)),
    );
    expect(provider.requests).toHaveLength(2);
    for (const request of provider.requests)
      expect(request.headers['apollographql-client-name']).toBe('web-components');
  });
});

describe('batching', () => {
  const articles = [
    ['A-100', 'org-1'],
    ['A-101', 'org-1'],
    ['A-102', 'org-1'],
    ['A-103', 'org-1'],
    ['B-200', 'org-2'],
    ['B-201', 'org-2'],
    ['B-202', 'org-2'],
    ['B-203', 'org-2'],
  ] as const;

  it.each([
    [7, 3],
    [8, 8],
    [5, 1],
  ])(
    '%i operations started in one window with max %i make ⌈N/max⌉ array POSTs, each answer to its caller',
    async (n, max) => {
      configureTransport({ batch: { intervalMs: 20, max } });
      const chosen = articles.slice(0, n);
      const links = await Promise.all(chosen.map(([article, org]) => lookupDownloadLink(swatch(article, org))));
      expect(links).toEqual(chosen.map(([article, org]) => swatchUrl(article, org)));
      expect(provider.requests).toHaveLength(Math.ceil(n / max));
      expect(operationCounts().reduce((sum, count) => sum + count, 0)).toBe(n);
      expect(operationCounts().every((count) => count <= max)).toBe(true);
      // A single operation goes out as an object, more than one as an array.
      for (const request of provider.requests) expect(isArrayBody(request)).toBe(request.operations.length > 1);
    },
  );

  it('by default at most 10 operations share a POST', async () => {
    configureTransport({ batch: { intervalMs: 50 } });
    const twelve = articles.flatMap(([article, org]) => [swatch(article, org), pbr(article, org)]).slice(0, 12);
    await Promise.all(twelve.map((request) => lookupDownloadLink(request)));
    expect(operationCounts().sort((a, b) => a - b)).toEqual([2, 10]);
  });

  it('operations started in different windows go out separately', async () => {
    configureTransport({ batch: { intervalMs: 10 } });
    const first = lookupDownloadLink(swatch('A-100'));
    await new Promise((resolve) => setTimeout(resolve, 60));
    const second = lookupDownloadLink(swatch('A-101'));
    expect(await Promise.all([first, second])).toEqual([swatchUrl('A-100'), swatchUrl('A-101')]);
    expect(operationCounts()).toEqual([1, 1]);
  });

  it('identical operations in one window share one operation', async () => {
    const links = await Promise.all([
      lookupDownloadLink(swatch('A-100')),
      lookupDownloadLink(swatch('A-100')),
      lookupDownloadLink(pbr('A-100')),
    ]);
    expect(links).toEqual([
      swatchUrl('A-100'),
      swatchUrl('A-100'),
      fileUrl(provider, 'A-100', 'pbr-DONE_DEFAULT-MEDIUM-EXR.zip'),
    ]);
    expect(operationCounts()).toEqual([2]);
  });

  it('an identical operation started while one is in flight joins it', async () => {
    // Answered as A-100 after 300 ms.
    const first = lookupDownloadLink(swatch('fault-delay-300'));
    await vi.waitFor(() => expect(provider.requests).toHaveLength(1));
    const second = lookupDownloadLink(swatch('fault-delay-300'));
    expect(await Promise.all([first, second])).toEqual([swatchUrl('A-100'), swatchUrl('A-100')]);
    expect(provider.requests).toHaveLength(1);
  });

  it('sharing ends when the operation settles: without the cache, the same operation is asked again', async () => {
    configureTransport({ cacheTtlMs: 0 });
    await lookupDownloadLink(swatch('A-100'));
    await lookupDownloadLink(swatch('A-100'));
    expect(provider.requests).toHaveLength(2);
  });

  it('batch: false sends each operation alone, as a single object', async () => {
    configureTransport({ batch: false });
    const links = await Promise.all(
      [swatch('A-100'), swatch('A-101'), pbr('A-103')].map((request) => lookupDownloadLink(request)),
    );
    expect(links).toEqual([
      swatchUrl('A-100'),
      swatchUrl('A-101'),
      fileUrl(provider, 'A-103', 'pbr-DONE_DEFAULT-MEDIUM-EXR.zip'),
    ]);
    expect(provider.requests.map(isArrayBody)).toEqual([false, false, false]);
  });

  it('a server that answers an array with a non-array gets single requests from then on', async () => {
    // Its own server: the transport remembers per endpoint that it does not batch.
    const plain = await startProvider({ batching: false });
    try {
      configureTransport({ endpoint: plain.graphqlUrl, batch: { intervalMs: 20 } });
      const first = await Promise.all([lookupDownloadLink(swatch('A-100')), lookupDownloadLink(pbr('A-100'))]);
      expect(first).toEqual([
        swatchUrl('A-100', 'org-1', plain),
        fileUrl(plain, 'A-100', 'pbr-DONE_DEFAULT-MEDIUM-EXR.zip'),
      ]);
      const later = await Promise.all([lookupDownloadLink(swatch('A-101')), lookupDownloadLink(swatch('A-103'))]);
      expect(later).toEqual([swatchUrl('A-101', 'org-1', plain), swatchUrl('A-103', 'org-1', plain)]);
      expect(plain.requests.map(isArrayBody)).toEqual([true, false, false, false, false]);
      for (const request of plain.requests) expect(request.headers['apollographql-client-name']).toBe('web-components');
    } finally {
      await plain.close();
    }
  });
});

describe('aborting one caller', () => {
  it('while in flight rejects only that caller; its batch-mates still get their links', async () => {
    configureTransport({ batch: { intervalMs: 20 } });
    const leaving = new AbortController();
    // The shared operation is answered as A-100 after 300 ms, long enough to abort while it is on the wire.
    const aborted = lookupDownloadLink(swatch('fault-delay-300'), leaving.signal);
    const sharing = lookupDownloadLink(swatch('fault-delay-300'), new AbortController().signal);
    const mate = lookupDownloadLink(pbr('A-101'));
    await vi.waitFor(() => expect(provider.requests).toHaveLength(1));
    leaving.abort();

    expect((await failureOf(aborted)).name).toBe('AbortError');
    expect(await sharing).toBe(swatchUrl('A-100'));
    expect(await mate).toBe(fileUrl(provider, 'A-101', 'pbr-DONE_DEFAULT-MEDIUM-EXR.zip'));
    expect(operationCounts()).toEqual([2]);
  });

  it('before the window closes drops its operation; the others still go out', async () => {
    configureTransport({ batch: { intervalMs: 20 } });
    const leaving = new AbortController();
    const aborted = lookupDownloadLink(swatch('A-100'), leaving.signal);
    const staying = [lookupDownloadLink(swatch('A-101')), lookupDownloadLink(swatch('A-103'))];
    leaving.abort();

    expect((await failureOf(aborted)).name).toBe('AbortError');
    expect(await Promise.all(staying)).toEqual([swatchUrl('A-101'), swatchUrl('A-103')]);
    expect(
      provider.requests.flatMap((request) => request.operations.map((operation) => operation.variables.articleId)),
    ).toEqual(['A-101', 'A-103']);
  });

  it('an already aborted signal rejects at once and sends nothing', async () => {
    const error = await failureOf(lookupDownloadLink(swatch('A-100'), AbortSignal.abort()));
    expect(error.name).toBe('AbortError');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(provider.requests).toHaveLength(0);
  });
});

describe('every failure is a LookupError that says what went wrong', () => {
  it.each([
    ['HTTP 500 (JSON)', swatch('fault-status-500-json'), /^request failed: HTTP 500$/],
    ['HTTP 500 (HTML)', swatch('fault-status-500-html'), /^request failed: HTTP 500$/],
    ['HTTP 400', swatch('fault-status-400-html'), /^request failed: HTTP 400$/],
    ['HTTP 401', swatch('fault-status-401-html'), /^request failed: HTTP 401$/],
    ['HTTP 403', swatch('fault-status-403-json'), /^request failed: HTTP 403$/],
    ['HTTP 502', swatch('fault-status-502-html'), /^request failed: HTTP 502$/],
    ['HTTP 503', swatch('fault-status-503-html'), /^request failed: HTTP 503$/],
    ['a dropped connection', swatch('fault-drop'), /^network error: /],
    ['malformed JSON', swatch('fault-malformed'), /^invalid response: not JSON$/],
    ['GraphQL errors without data', swatch('fault-errors'), /^GraphQL error: Internal failure$/],
    ['data of the wrong shape', swatch('fault-wrong-shape'), /^unexpected response: data\.materials is not a list$/],
    ['a javascript: URL', swatch('hostile-javascript', 'org-test'), /^refused download URL "javascript:alert\(1\)"/],
    ['a data: URL', pbr('hostile-data', 'org-test'), /^refused download URL "data:text\/html,hi"/],
    ['a relative URL', tile('hostile-relative', 'org-test'), /^refused download URL "\/files\/x\.png"/],
    [
      'a protocol-relative URL',
      swatch('hostile-protocol-relative', 'org-test'),
      /^refused download URL "\/\/evil\.example\/x\.png"/,
    ],
  ])('%s', async (_, request, message) => {
    const error = await failureOf(lookupDownloadLink(request));
    expect(error).toBeInstanceOf(LookupError);
    expect(error.message).toMatch(message);
  });

  it('a provider that never answers: timed out after timeoutMs', async () => {
    configureTransport({ timeoutMs: 200 });
    const started = Date.now();
    const error = await failureOf(lookupDownloadLink(swatch('fault-hang')));
    expect(error).toBeInstanceOf(LookupError);
    expect(error.message).toBe('request timed out after 200 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a timed-out batch fails every operation in it', async () => {
    configureTransport({ timeoutMs: 200, batch: { intervalMs: 20 } });
    const outcomes = await Promise.all(
      [swatch('fault-hang'), swatch('A-100')].map((request) => failureOf(lookupDownloadLink(request))),
    );
    for (const error of outcomes) {
      expect(error).toBeInstanceOf(LookupError);
      expect(error.message).toMatch(/timed out/);
    }
    expect(operationCounts()).toEqual([2]);
  });

  it('nothing listening at the endpoint: a network error', async () => {
    const gone = await startProvider();
    await gone.close();
    const error = await failureOf(lookupDownloadLink({ ...swatch('A-100'), endpoint: gone.graphqlUrl }));
    expect(error).toBeInstanceOf(LookupError);
    expect(error.message).toMatch(/^network error: /);
  });

  it.each([
    ['not http(s)', 'ftp://example.com/graphql', /only http and https/],
    ['relative, with no page to resolve it against', '/graphql', /invalid endpoint "\/graphql"/],
  ])('an endpoint that is %s', async (_, endpoint, message) => {
    configureTransport({ endpoint });
    const error = await failureOf(lookupDownloadLink(swatch('A-100')));
    expect(error).toBeInstanceOf(LookupError);
    expect(error.message).toMatch(message);
    expect(provider.requests).toHaveLength(0);
  });

  it('partial data is not a failure: data beside errors is used', async () => {
    expect(await lookupDownloadLink(swatch('fault-partial'))).toBe(swatchUrl('A-100'));
  });
});

describe('the answer cache', () => {
  it('answers a repeat of a settled operation without a request', async () => {
    const first = await lookupDownloadLink(pbr('A-100'));
    const again = await lookupDownloadLink(pbr('A-100'));
    expect(again).toBe(first);
    expect(provider.requests).toHaveLength(1);
  });

  it('asks again once the answer is older than cacheTtlMs', async () => {
    configureTransport({ cacheTtlMs: 50 });
    await lookupDownloadLink(pbr('A-100'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    await lookupDownloadLink(pbr('A-100'));
    expect(provider.requests).toHaveLength(2);
  });

  it('is off with cacheTtlMs: 0', async () => {
    configureTransport({ cacheTtlMs: 0 });
    await lookupDownloadLink(pbr('A-100'));
    await lookupDownloadLink(pbr('A-100'));
    expect(provider.requests).toHaveLength(2);
  });

  it('keeps no failures', async () => {
    await expect(lookupDownloadLink(pbr('fault-status-500-json'))).rejects.toThrow(LookupError);
    await expect(lookupDownloadLink(pbr('fault-status-500-json'))).rejects.toThrow(LookupError);
    expect(provider.requests).toHaveLength(2);
  });

  it('tells different inputs apart', async () => {
    await lookupDownloadLink(pbr('A-100'));
    await lookupDownloadLink({ ...pbr('A-100'), resolution: 'HIGH' });
    expect(provider.requests).toHaveLength(2);
  });
});

describe('a full batch', () => {
  it('goes out at once instead of waiting for the window to close', async () => {
    configureTransport({ batch: { intervalMs: 5000, max: 3 }, cacheTtlMs: 0 });
    const started = Date.now();
    const links = await Promise.all(
      [pbr('A-100'), pbr('A-101'), pbr('A-103')].map((request) => lookupDownloadLink(request)),
    );
    expect(Date.now() - started).toBeLessThan(4000);
    expect(links.every((link) => link?.startsWith(provider.origin))).toBe(true);
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]!.operations).toHaveLength(3);
  });
});

describe('the batch window', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('holds what arrives within intervalMs of the first operation', async () => {
    // 25 ms apart against a window of 200: a busy machine's late timers still land well inside it.
    configureTransport({ batch: { intervalMs: 200, max: 10 }, cacheTtlMs: 0 });
    const pending = [];
    for (const article of ['A-100', 'A-101', 'A-103']) {
      pending.push(lookupDownloadLink(pbr(article)));
      await sleep(25);
    }
    await Promise.all(pending);
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]!.operations).toHaveLength(3);
  });

  it('closes intervalMs after the first operation, however steadily more arrive', async () => {
    configureTransport({ batch: { intervalMs: 40, max: 50 }, cacheTtlMs: 0 });
    const pending = [];
    for (let index = 0; index < 12; index += 1) {
      pending.push(
        lookupDownloadLink({
          ...pbr('A-100'),
          resolution: index % 2 ? 'LOW' : 'HIGH',
          articleId: ['A-100', 'A-101', 'A-103'][index % 3]!,
        }),
      );
      await sleep(25);
    }
    await Promise.all(pending);
    expect(provider.requests.length).toBeGreaterThan(1);
  });
});

describe('a failure on the wire says it may pass, and when to try again', () => {
  /** The failure of a lookup tried `attempt` times before (0: the first try). */
  const failureAt = async (request: LinkRequest, attempt = 0) =>
    (await failureOf(lookupDownloadLink(request, undefined, attempt))) as LookupError;

  it.each([
    ['HTTP 429', swatch('fault-status-429-json'), true],
    ['HTTP 502', swatch('fault-status-502-html'), true],
    ['HTTP 503', swatch('fault-status-503-json'), true],
    ['HTTP 504', swatch('fault-status-504-html'), true],
    ['a dropped connection', swatch('fault-drop'), true],
    ['HTTP 500', swatch('fault-status-500-json'), false],
    ['HTTP 400', swatch('fault-status-400-json'), false],
    ['HTTP 401', swatch('fault-status-401-html'), false],
    ['malformed JSON', swatch('fault-malformed'), false],
    ['GraphQL errors without data', swatch('fault-errors'), false],
    ['a refused URL', swatch('hostile-javascript', 'org-test'), false],
  ])('%s: on the wire and worth another try, %s', async (_, request, transient) => {
    configureTransport({ retry: { attempts: 2, baseDelayMs: 100 } });
    const error = await failureAt(request);
    expect(error).toBeInstanceOf(LookupError);
    expect(error.transient).toBe(transient);
    expect(error.retryInMs).toEqual(transient ? expect.any(Number) : null);
  });

  it('a timeout is not: a server that slow would only be asked to be slow again', async () => {
    configureTransport({ timeoutMs: 200 });
    const error = await failureAt(swatch('fault-hang'));
    expect(error.message).toBe('request timed out after 200 ms');
    expect([error.transient, error.retryInMs]).toEqual([false, null]);
  });

  it('the wait grows with the attempt, within ±20%, and the attempts run out', async () => {
    configureTransport({ retry: { attempts: 2, baseDelayMs: 100 } });
    const first = await failureAt(swatch('fault-status-503-json'), 0);
    const second = await failureAt(swatch('fault-status-503-json'), 1);
    const last = await failureAt(swatch('fault-status-503-json'), 2);
    expect(first.retryInMs).toBeGreaterThanOrEqual(80);
    expect(first.retryInMs).toBeLessThanOrEqual(120);
    expect(second.retryInMs).toBeGreaterThanOrEqual(240);
    expect(second.retryInMs).toBeLessThanOrEqual(360);
    expect([last.transient, last.retryInMs]).toEqual([true, null]);
    expect(provider.requests).toHaveLength(3);
  });

  it('retry: false: said to be on the wire, never to be tried again', async () => {
    configureTransport({ retry: false });
    const error = await failureAt(swatch('fault-status-503-json'));
    expect([error.transient, error.retryInMs]).toEqual([true, null]);
  });

  it("the server's Retry-After is read and waited out, up to 10 s", async () => {
    const limited = await failureAt(swatch('fault-status-429-retry-2'));
    expect(limited).toMatchObject({ message: 'request failed: HTTP 429', retryAfterMs: 2000, retryInMs: 2000 });
    const unavailable = await failureAt(swatch('fault-status-503-html-retry-10'));
    expect(unavailable).toMatchObject({ retryAfterMs: 10_000, retryInMs: 10_000 });
    // Longer, and the link is given up for now.
    const patient = await failureAt(swatch('fault-status-503-json-retry-11'));
    expect(patient).toMatchObject({ transient: true, retryAfterMs: 11_000, retryInMs: null });
    // Only a failure worth another try is asked when: a 500 with Retry-After is final.
    const final = await failureAt(swatch('fault-status-500-json-retry-1'));
    expect([final.retryAfterMs, final.retryInMs]).toEqual([undefined, null]);
  });

  it('every operation of one failed batch gets the same wait, so that they retry as one batch', async () => {
    configureTransport({ batch: { intervalMs: 20 }, retry: { attempts: 2, baseDelayMs: 1000 } });
    const failures = (await Promise.all(
      [swatch('fault-status-503-json'), swatch('A-101'), pbr('A-103')].map((request) =>
        failureOf(lookupDownloadLink(request)),
      ),
    )) as LookupError[];
    expect(operationCounts()).toEqual([3]);
    expect(failures.map((error) => error.message)).toEqual(Array(3).fill('request failed: HTTP 503'));
    expect(new Set(failures.map((error) => error.jitter)).size).toBe(1);
    expect(new Set(failures.map((error) => error.retryInMs)).size).toBe(1);
  });
});

describe('a failed batch and batching', () => {
  /** Runs `use` against a provider of its own: the transport remembers per endpoint whether it batches. */
  async function withOwnProvider(use: (own: Provider) => Promise<void>): Promise<void> {
    const own = await startProvider();
    try {
      configureTransport({ endpoint: own.graphqlUrl, batch: { intervalMs: 20 } });
      await use(own);
    } finally {
      await own.close();
    }
  }
  const shapes = (from: Provider) => from.requests.map((request) => [isArrayBody(request), request.operations.length]);
  /** Two more lookups in one window get their links; `shapes` says how they went out. */
  async function expectNextLinks(own: Provider): Promise<void> {
    const next = await Promise.all([lookupDownloadLink(swatch('A-103')), lookupDownloadLink(pbr('A-103'))]);
    expect(next).toEqual([swatchUrl('A-103', 'org-1', own), fileUrl(own, 'A-103', 'pbr-DONE_DEFAULT-MEDIUM-EXR.zip')]);
  }

  it.each([
    ['a 429', 'fault-flaky-429-1', 429],
    ['a 503', 'fault-flaky-503-1', 503],
  ])(
    '%s does not turn batching off: tried again, the batch is still an array, and so is the next',
    async (_, article, status) => {
      await withOwnProvider(async (own) => {
        const batch = [swatch(article), pbr('A-101')];
        const failed = await Promise.all(batch.map((request) => failureOf(lookupDownloadLink(request))));
        expect(failed.map((error) => error.message)).toEqual(Array(2).fill(`request failed: HTTP ${status}`));
        // Tried again as the statechart would: together.
        expect(await Promise.all(batch.map((request) => lookupDownloadLink(request)))).toEqual([
          swatchUrl('A-100', 'org-1', own),
          fileUrl(own, 'A-101', 'pbr-DONE_DEFAULT-MEDIUM-EXR.zip'),
        ]);
        await expectNextLinks(own);
        expect(shapes(own)).toEqual([
          [true, 2],
          [true, 2],
          [true, 2],
        ]);
      });
    },
  );

  it('a 400 with a body that is not an array does: each operation alone, now and from then on', async () => {
    await withOwnProvider(async (own) => {
      const [refused, link] = await Promise.all([
        failureOf(lookupDownloadLink(swatch('fault-status-400-json'))),
        lookupDownloadLink(pbr('A-101')),
      ]);
      expect(refused.message).toBe('request failed: HTTP 400');
      expect(link).toBe(fileUrl(own, 'A-101', 'pbr-DONE_DEFAULT-MEDIUM-EXR.zip'));
      await expectNextLinks(own);
      expect(shapes(own)).toEqual([
        [true, 2],
        [false, 1],
        [false, 1],
        [false, 1],
        [false, 1],
      ]);
    });
  });
});

describe('a provider that refuses inside GraphQL (HTTP 200, a code in the error)', () => {
  beforeEach(() => configureTransport({ retry: { attempts: 2, baseDelayMs: 100 } }));

  it.each([
    [
      "HotChocolate's AUTH_NOT_AUTHORIZED, materials nulled",
      'fault-refused-hotchocolate-not-authorized',
      'the provider refused: AUTH_NOT_AUTHORIZED: The current user is not authorized to access this resource.',
    ],
    [
      "HotChocolate's AUTH_NOT_AUTHENTICATED, data null",
      'fault-refused-hotchocolate-not-authenticated',
      'the provider refused: AUTH_NOT_AUTHENTICATED: The current user is not authenticated.',
    ],
    [
      "Apollo Server's UNAUTHENTICATED",
      'fault-refused-apollo-unauthenticated',
      'the provider refused: UNAUTHENTICATED: You must be logged in to see materials.',
    ],
    [
      "Apollo Server's FORBIDDEN",
      'fault-refused-apollo-forbidden',
      'the provider refused: FORBIDDEN: You are not allowed to see the materials of this organization.',
    ],
  ])('%s: unauthorized, in its words, and not worth another try', async (_, articleId, message) => {
    const error = await failureOf(lookupDownloadLink(swatch(articleId)));
    expect(error).toMatchObject({ reason: 'unauthorized', transient: false, retryInMs: null, message });
    expect(provider.requests).toHaveLength(1);
  });

  it.each([
    ['without data', 'fault-errors'],
    ['with data: null', 'fault-errors-null-data'],
  ])('another GraphQL error %s: request-failed, in its words, and not worth another try', async (_, articleId) => {
    const error = await failureOf(lookupDownloadLink(swatch(articleId)));
    expect(error).toMatchObject({
      reason: 'request-failed',
      transient: false,
      retryInMs: null,
      message: 'GraphQL error: Internal failure',
    });
  });

  it('another GraphQL error beside data with no file: no file, as before', async () => {
    expect(await lookupDownloadLink(swatch('fault-errors-empty-data'))).toBeNull();
  });
});

describe('credentials: no answer crosses identities', () => {
  /** Node has no localStorage: a page's, as the transport reads it. */
  function signInAs(token: string | null): void {
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'cm-user-token' ? token : null) });
  }
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  const authorizations = () => provider.requests.map((request) => request.headers.authorization ?? null);

  it('neither a kept answer nor one in flight is handed to another visitor', async () => {
    try {
      signInAs('visitor-1');
      await lookupDownloadLink(pbr('A-100'));
      const inFlight = lookupDownloadLink(swatch('fault-delay-300'));
      await vi.waitFor(() => expect(provider.requests).toHaveLength(2));
      signInAs('visitor-2');
      await nextTask();
      await Promise.all([lookupDownloadLink(pbr('A-100')), lookupDownloadLink(swatch('fault-delay-300')), inFlight]);
      expect(authorizations()).toEqual(['Bearer visitor-1', 'Bearer visitor-1', 'Bearer visitor-2']);
      expect(provider.requests[2]!.operations).toHaveLength(2);
      signInAs(null);
      await nextTask();
      await lookupDownloadLink(pbr('A-100'));
      expect(authorizations().at(-1)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('forget(): the same operation goes out again, with the credentials read anew in the same task', async () => {
    try {
      signInAs('visitor-1');
      const before = lookupDownloadLink(pbr('A-100'));
      signInAs('visitor-2');
      transport.forget();
      await Promise.all([before, lookupDownloadLink(pbr('A-101'))]);
      expect(authorizations().sort()).toEqual(['Bearer visitor-1', 'Bearer visitor-2']);
      transport.forget();
      await lookupDownloadLink(pbr('A-101'));
      expect(authorizations()).toHaveLength(3);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
