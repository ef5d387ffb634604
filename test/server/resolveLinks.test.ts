import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProvider, type Provider } from '../../dev/provider/server.js';
import { DIMENSIONS, RESOLUTIONS } from '../../src/machine/attributes';
import { invalidValueMessage, MESSAGES } from '../../src/machine/inputs';
import { readLinkExpiry } from '../../src/machine/linkExpiry';
import { resolveLinks, type ServerLinkRequest } from '../../src/server/index';

/** `resolveLinks` in Node against the real provider over HTTP: what it sends, and what each answer becomes. */

let provider: Provider;
beforeAll(async () => {
  provider = await startProvider();
});
afterAll(async () => provider?.close());
beforeEach(() => provider.clearRequests());

const swatch = (articleId: string, organizationId = 'org-1'): ServerLinkRequest => ({
  organizationId,
  articleId,
  type: 'thumbnail',
  dimensions: '10x10cm',
});
const fileUrl = (article: string, file: string, organizationId = 'org-1') =>
  `${provider.origin}/files/${organizationId}/${article}/${file}`;
const operationCounts = () => provider.requests.map((request) => request.operations.length).sort((a, b) => b - a);

describe('resolveLinks asks as the element does', () => {
  it('finds each link, one result per request in order, with the server headers and the client name', async () => {
    const results = await resolveLinks(
      [swatch('A-100'), { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' }, swatch('B-200', 'org-2')],
      { endpoint: provider.graphqlUrl, headers: { 'api-key': 'server-key' } },
    );
    expect(results).toEqual([
      {
        state: 'enabled',
        href: fileUrl('A-100', 'thumbnail-THUMBNAIL_10X10_CM-MEDIUM.exr'),
        error: null,
        reason: null,
        expiresAt: null,
      },
      expect.objectContaining({ state: 'enabled', href: fileUrl('A-100', 'pbr-DONE_DEFAULT-MEDIUM-EXR.zip') }),
      expect.objectContaining({ href: fileUrl('B-200', 'thumbnail-THUMBNAIL_10X10_CM-MEDIUM.exr', 'org-2') }),
    ]);
    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request!.headers).toMatchObject({ 'api-key': 'server-key', 'apollographql-client-name': 'web-components' });
    expect(request!.operations.map((operation) => operation.operationName)).toEqual([
      'GetMaterialDownloadLink',
      'GetPbrMaterialDownloadLink',
      'GetMaterialDownloadLink',
    ]);
  });

  it('sends 25 links as 3 array POSTs of at most 10, each result matching its own request', async () => {
    const sizes = Object.keys(DIMENSIONS).filter((key) => key !== 'none') as (keyof typeof DIMENSIONS)[];
    const requests = Object.keys(RESOLUTIONS)
      .flatMap((resolution) => sizes.map((dimensions) => ({ ...swatch('A-100'), dimensions, resolution })))
      .slice(0, 25) as ServerLinkRequest[];
    const results = await resolveLinks(requests, { endpoint: provider.graphqlUrl, batch: 10 });
    expect(operationCounts()).toEqual([10, 10, 5]);
    expect(provider.requests.every((request) => Array.isArray(request.body))).toBe(true);
    expect(results).toHaveLength(25);
    const found = results.filter((result) => result.state === 'enabled');
    expect(found.length).toBeGreaterThan(5);
    results.forEach((result, index) => {
      const { dimensions, resolution } = requests[index]!;
      const name = `thumbnail-${DIMENSIONS[dimensions!]}-${RESOLUTIONS[resolution!] ?? 'MEDIUM'}.exr`;
      if (result.state === 'enabled') expect(result.href).toBe(fileUrl('A-100', name));
      else expect(result).toMatchObject({ reason: 'not-found', error: null });
    });
  });

  it('sends each operation alone with batch false', async () => {
    await resolveLinks([swatch('A-100'), swatch('A-101'), swatch('A-102')], {
      endpoint: provider.graphqlUrl,
      batch: false,
    });
    expect(operationCounts()).toEqual([1, 1, 1]);
    expect(provider.requests.some((request) => Array.isArray(request.body))).toBe(false);
  });

  it('sends identical operations once: a default spelled out asks for nothing new', async () => {
    const results = await resolveLinks([swatch('A-100'), { ...swatch('A-100'), fileType: 'exr' }, swatch('A-100')], {
      endpoint: provider.graphqlUrl,
    });
    expect(operationCounts()).toEqual([1]);
    expect(new Set(results.map((result) => result.href)).size).toBe(1);
    expect(results[0]!.state).toBe('enabled');
  });

  it("answers invalid input with the element's message, and sends only the valid requests", async () => {
    const results = await resolveLinks(
      [
        { organizationId: 'org-1', type: 'pbr' },
        swatch('A-100'),
        { organizationId: 'org-1', articleId: 'A-100', type: 'pdf' as never },
        { organizationId: 'org-1', articleId: 'A-100', type: 'pbr', dimensions: '10x10cm' },
      ],
      { endpoint: provider.graphqlUrl },
    );
    const invalid = (error: string) => ({
      state: 'disabled',
      href: null,
      error,
      reason: 'invalid-input',
      expiresAt: null,
    });
    expect(results).toEqual([
      invalid(MESSAGES.noArticleId),
      expect.objectContaining({ state: 'enabled' }),
      invalid(invalidValueMessage('type', 'pdf', ['pbr', 'thumbnail', 'tile'])),
      invalid(MESSAGES.dimensionsForPbr),
    ]);
    expect(provider.requests.flatMap((request) => request.operations.map((op) => op.variables.articleId))).toEqual([
      'A-100',
    ]);
  });

  it('sends nothing at all when every request is invalid', async () => {
    const [result] = await resolveLinks([{ articleId: 'A-100', type: 'pbr' }], { endpoint: provider.graphqlUrl });
    expect(result).toMatchObject({ reason: 'invalid-input', error: MESSAGES.noOrganizationId });
    expect(provider.requests).toEqual([]);
  });

  it('falls back to single requests where the server refuses arrays', async () => {
    const plain = await startProvider({ batching: false });
    try {
      const results = await resolveLinks([swatch('A-100'), swatch('A-101'), swatch('A-199')], {
        endpoint: plain.graphqlUrl,
      });
      expect(results.map((result) => result.reason)).toEqual([null, null, 'not-found']);
      expect(plain.requests.map((request) => request.operations.length)).toEqual([3, 1, 1, 1]);
    } finally {
      await plain.close();
    }
  });
});

/** A port nothing listens on: one a server had a moment ago. */
async function closedPortUrl(): Promise<string> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/graphql`;
}

describe("resolveLinks answers each failure with the element's reason, never throwing", () => {
  it.each([
    ['HTTP 500', 'fault-status-500-json', 'request-failed', 'request failed: HTTP 500'],
    ['HTTP 503', 'fault-status-503-json-retry-1', 'request-failed', 'request failed: HTTP 503'],
    ['HTTP 401', 'fault-status-401-json', 'unauthorized', 'request failed: HTTP 401'],
    ['an HTML page', 'fault-status-200-html', 'request-failed', 'invalid response: not JSON'],
    [
      'a refusal inside GraphQL',
      'fault-refused-hotchocolate-not-authenticated',
      'unauthorized',
      'the provider refused: AUTH_NOT_AUTHENTICATED: The current user is not authenticated.',
    ],
  ])('%s', async (_, articleId, reason, error) => {
    const results = await resolveLinks([swatch(articleId)], { endpoint: provider.graphqlUrl });
    expect(results).toEqual([{ state: 'disabled', href: null, error, reason, expiresAt: null }]);
    expect(provider.requests).toHaveLength(1);
  });

  it('an unsafe link and one that does not exist', async () => {
    const results = await resolveLinks([swatch('hostile-javascript', 'org-test'), swatch('A-199')], {
      endpoint: provider.graphqlUrl,
    });
    expect(results).toEqual([
      {
        state: 'disabled',
        href: null,
        error: expect.stringContaining('refused download URL "javascript:alert(1)"'),
        reason: 'unsafe-link',
        expiresAt: null,
      },
      { state: 'disabled', href: null, error: null, reason: 'not-found', expiresAt: null },
    ]);
  });

  it('a network error: nothing listens on the port', async () => {
    const [result] = await resolveLinks([swatch('A-100')], { endpoint: await closedPortUrl() });
    expect(result).toMatchObject({ state: 'disabled', reason: 'request-failed', href: null, expiresAt: null });
    expect(result!.error).toMatch(/^network error: /);
  });

  it('a timeout', async () => {
    const [result] = await resolveLinks([swatch('fault-delay-2000')], {
      endpoint: provider.graphqlUrl,
      timeoutMs: 100,
    });
    expect(result).toMatchObject({ reason: 'request-failed', error: 'request timed out after 100 ms' });
  });

  it('every failure of one request goes to each link it carried; the other requests still give theirs', async () => {
    const results = await resolveLinks([swatch('fault-status-500-json'), swatch('A-100'), swatch('A-101')], {
      endpoint: provider.graphqlUrl,
      batch: 2,
    });
    expect(results.map((result) => result.reason)).toEqual(['request-failed', 'request-failed', null]);
  });
});

describe('expiresAt', () => {
  it('is a signed link’s expiry, read against the provider’s clock, in ms since the epoch', async () => {
    const endpoint = provider.graphqlUrlFor({ linkStyle: 'azure', linkLifetimeMs: 60_000 });
    const before = Date.now();
    const [result] = await resolveLinks([swatch('A-100')], { endpoint });
    expect(result!.state).toBe('enabled');
    expect(result!.expiresAt).toBe(readLinkExpiry(result!.href!));
    expect(result!.expiresAt).toBeGreaterThanOrEqual(before + 58_000);
    expect(result!.expiresAt).toBeLessThanOrEqual(Date.now() + 61_000);
  });

  it('is in the server’s time where the provider’s clock runs an hour ahead', async () => {
    const ahead = await startProvider({ clock: () => Date.now() + 3_600_000 });
    try {
      const endpoint = ahead.graphqlUrlFor({ linkStyle: 's3', linkLifetimeMs: 60_000 });
      const [result] = await resolveLinks([swatch('A-100')], { endpoint });
      expect(readLinkExpiry(result!.href!)).toBeGreaterThan(Date.now() + 3_600_000);
      expect(Math.abs(result!.expiresAt! - (Date.now() + 60_000))).toBeLessThan(3_000);
    } finally {
      await ahead.close();
    }
  });
});
