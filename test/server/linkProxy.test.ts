import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProvider, type Provider } from '../../dev/provider/server.js';
import { toOperation } from '../../src/api/operation';
import { readHttpDate } from '../../src/api/wire';
import { validateInputs } from '../../src/machine/inputs';
import type { MaterialDownloadInputs } from '../../src/machine/attributes';
import { createLinkProxy, resolveLinks, type LinkProxyOptions } from '../../src/server/index';

/**
 * `createLinkProxy` as the site's same-origin `/graphql`, called with the Requests a server hands it, forwarding
 * to the real provider over HTTP. Every refusal is checked not to reach the provider.
 */

/** The provider's clock runs an hour ahead: its `Date` cannot be mistaken for one the proxy made. */
const PROVIDER_AHEAD_MS = 3_600_000;
let provider: Provider;
beforeAll(async () => {
  provider = await startProvider({ clock: () => Date.now() + PROVIDER_AHEAD_MS });
});
afterAll(async () => provider?.close());
beforeEach(() => provider.clearRequests());

/** The operation the element sends for these inputs, as it goes on the wire. */
function elementOperation(inputs: MaterialDownloadInputs) {
  const validation = validateInputs(inputs);
  if (!validation.ok) throw new Error(validation.error);
  return toOperation(validation.request);
}
const swatch = (articleId = 'A-100') =>
  elementOperation({ organizationId: 'org-1', articleId, type: 'thumbnail', dimensions: '10x10cm' });
const pbr = (articleId = 'A-100') => elementOperation({ organizationId: 'org-1', articleId, type: 'pbr' });

const proxyOf = (options: Partial<LinkProxyOptions> = {}) =>
  createLinkProxy({ endpoint: provider.graphqlUrl, headers: { 'api-key': 'server-key' }, ...options });
/** A visitor's request to the site's `/graphql`, with the visitor's own credentials. */
const visitorRequest = (body: unknown, init: RequestInit = {}) =>
  new Request('https://shop.example/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'api-key': 'visitor-key',
      authorization: 'Bearer visitor-token',
      cookie: 'session=visitor',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });

describe('the proxy forwards the element’s lookups', () => {
  it('with the server’s key and none of the visitor’s credentials, and answers with the provider’s answer', async () => {
    const response = await proxyOf()(visitorRequest(swatch()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
    const body = (await response.json()) as { data: { materials: unknown[] } };
    expect(JSON.stringify(body.data.materials)).toContain('thumbnail-THUMBNAIL_10X10_CM-MEDIUM.exr');
    expect(provider.requests).toHaveLength(1);
    const { headers, operations } = provider.requests[0]!;
    expect(headers['api-key']).toBe('server-key');
    expect(headers['apollographql-client-name']).toBe('web-components');
    expect(headers).not.toHaveProperty('authorization');
    expect(headers).not.toHaveProperty('cookie');
    expect(operations).toEqual([swatch()]);
  });

  it('passes the provider’s Date through: the element reads a link’s life by it', async () => {
    const response = await proxyOf()(visitorRequest(swatch()));
    const date = readHttpDate(response.headers.get('date'));
    expect(date).not.toBeNull();
    expect(Math.abs(date! - (Date.now() + PROVIDER_AHEAD_MS))).toBeLessThan(5_000);
  });

  it('forwards an array as an array, and answers with the provider’s array', async () => {
    const response = await proxyOf()(visitorRequest([swatch(), pbr(), swatch('A-101')]));
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(3);
    expect(Array.isArray(provider.requests[0]!.body)).toBe(true);
    expect(provider.requests[0]!.operations).toEqual([swatch(), pbr(), swatch('A-101')]);
  });

  it('forwards only the operation’s known parts: nothing else the visitor wrote reaches the provider', async () => {
    const extended = { ...swatch(), extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } };
    await proxyOf()(visitorRequest(extended));
    expect(provider.requests[0]!.body).toEqual(swatch());
  });

  it.each([
    ['an object', { 'api-key': 'server-key' }],
    ['a function of the request', (request: Request) => ({ 'api-key': `key-of-${request.headers.get('x-site')}` })],
    [
      'an async function of the request',
      async (request: Request) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { 'api-key': `key-of-${request.headers.get('x-site')}` };
      },
    ],
  ])('sends the headers given as %s', async (_, headers) => {
    const request = visitorRequest(swatch(), { headers: { 'content-type': 'application/json', 'x-site': 'shop' } });
    expect((await proxyOf({ headers })(request)).status).toBe(200);
    const expected = typeof headers === 'function' ? 'key-of-shop' : 'server-key';
    expect(provider.requests[0]!.headers['api-key']).toBe(expected);
  });

  it('passes a failure’s status, body and Retry-After through', async () => {
    const response = await proxyOf()(visitorRequest(swatch('fault-status-503-json-retry-7')));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'Simulated status 503' });
  });

  it('answers 502 where the provider cannot be reached', async () => {
    const gone = await startProvider();
    const endpoint = gone.graphqlUrl;
    await gone.close();
    const response = await createLinkProxy({ endpoint })(visitorRequest(swatch()));
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ errors: [{ message: expect.any(String) }] });
  });
});

/** A body the proxy must never read to its end: it would wait forever. */
const endless = () => new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
/** About `bytes` of a body, in chunks, with no content-length. */
const streamed = (bytes: number) => {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(new TextEncoder().encode(' '.repeat(8192)));
      sent += 8192;
    },
  });
};

describe('the proxy refuses, without reaching the provider', () => {
  const alteredQuery = { ...swatch(), query: swatch().query.replace('mediaType ', '') };
  const mutation = {
    operationName: 'GetMaterialDownloadLink',
    query: 'mutation GetMaterialDownloadLink { deleteMaterials }',
    variables: {},
  };
  const elevenOperations = Array.from({ length: 11 }, (_, index) => swatch(`A-${100 + index}`));

  it.each<[string, unknown, number]>([
    ['another query text', alteredQuery, 400],
    ['the element’s query under the other name', { ...swatch(), operationName: 'GetPbrMaterialDownloadLink' }, 400],
    ['a mutation', mutation, 400],
    ['a variable the query does not declare', { ...swatch(), variables: { ...swatch().variables, first: '1' } }, 400],
    ['variables that are not an object', { ...swatch(), variables: '{"articleId":"A-100"}' }, 400],
    ['a variable that is not a string', { ...swatch(), variables: { ...swatch().variables, articleId: 100 } }, 400],
    ['invalid JSON', '{"query": ', 400],
    ['an empty batch', [], 400],
    ['a batch over maxBatch', elevenOperations, 400],
    ['a batch with one foreign operation', [swatch(), alteredQuery], 400],
  ])('%s: %d, GraphQL-shaped', async (_, body, status) => {
    const response = await proxyOf()(visitorRequest(body));
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ errors: [{ message: expect.any(String) }] });
    expect(provider.requests).toEqual([]);
  });

  it('takes a batch of maxBatch, and refuses one over a maxBatch of its own', async () => {
    expect((await proxyOf()(visitorRequest(elevenOperations.slice(0, 10)))).status).toBe(200);
    expect((await proxyOf({ maxBatch: 2 })(visitorRequest(elevenOperations.slice(0, 2)))).status).toBe(200);
    expect((await proxyOf({ maxBatch: 2 })(visitorRequest(elevenOperations.slice(0, 3)))).status).toBe(400);
    expect(provider.requests.map((request) => request.operations.length)).toEqual([10, 2]);
  });

  it('a body over 64 KB by its content-length: 413, without reading it', async () => {
    const request = visitorRequest(undefined, {
      body: endless(),
      headers: { 'content-type': 'application/json', 'content-length': String(64 * 1024 + 1) },
      duplex: 'half',
    } as RequestInit);
    const response = await proxyOf()(request);
    expect(response.status).toBe(413);
    expect(provider.requests).toEqual([]);
  });

  it('a body over 64 KB without a content-length: 413, counted while read', async () => {
    const request = visitorRequest(undefined, { body: streamed(80 * 1024), duplex: 'half' } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    expect((await proxyOf()(request)).status).toBe(413);
    expect(provider.requests).toEqual([]);
  });

  it('a body just under 64 KB is read: the limit is not lower', async () => {
    const padded = JSON.stringify(swatch()).replace(/^\{/, `{${' '.repeat(60 * 1024)}`);
    expect((await proxyOf()(visitorRequest(padded))).status).toBe(200);
  });

  it.each(['GET', 'OPTIONS', 'PUT', 'DELETE'])('%s: 405 with Allow: POST', async (method) => {
    const request = new Request('https://shop.example/graphql', {
      method,
      ...(method === 'PUT' ? { body: JSON.stringify(swatch()) } : {}),
    });
    const response = await proxyOf()(request);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(provider.requests).toEqual([]);
  });
});

describe('the proxy behind node:http, as docs/server.md serves it', () => {
  it('answers resolveLinks across a real hop, with the provider’s Date and the server’s key', async () => {
    const proxy = proxyOf();
    const serve = async (req: IncomingMessage, res: ServerResponse) => {
      const body = req.method === 'POST' ? (Readable.toWeb(req) as ReadableStream) : undefined;
      const headers = req.headers as Record<string, string>;
      const init: RequestInit & { duplex: 'half' } = { method: req.method!, headers, body, duplex: 'half' };
      const response = await proxy(new Request(`http://${req.headers.host}${req.url}`, init));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    };
    const server = createServer((req, res) => void serve(req, res)).listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
      const results = await resolveLinks(
        [
          { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' },
          { organizationId: 'org-1', articleId: 'A-199', type: 'pbr' },
        ],
        { endpoint, headers: { 'api-key': 'visitor-key' } },
      );
      expect(results.map((result) => result.reason)).toEqual([null, 'not-found']);
      expect(provider.requests.map((request) => request.headers['api-key'])).toEqual(['server-key']);
      const answer = await fetch(endpoint, { method: 'POST', body: JSON.stringify(pbr()) });
      expect(Math.abs(readHttpDate(answer.headers.get('date'))! - Date.now() - PROVIDER_AHEAD_MS)).toBeLessThan(5_000);
    } finally {
      server.close();
    }
  });
});
