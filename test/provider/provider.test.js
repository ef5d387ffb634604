// @ts-check
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import { createLinkSigner } from '../../dev/provider/link-signing.js';
import { startProvider } from '../../dev/provider/server.js';

/** @typedef {import('../../dev/provider/server.js').Provider} Provider */

const LINK_QUERY = /* GraphQL */ `
  query GetMaterialDownloadLink(
    $articleId: String!
    $organizationId: ID!
    $assignmentType: DataObjectAssignmentType
    $resolution: DownloadResolution
    $fileType: DownloadFileType
  ) {
    materials(where: { articleId: { eq: $articleId }, organizationId: { eq: $organizationId } }) {
      dataObjectAssignments(where: { assignmentType: { eq: $assignmentType } }) {
        assignmentType
        dataObject {
          mediaType
          thumbnail(resolution: $resolution, fileType: $fileType) {
            downloadUrl
          }
        }
      }
    }
  }
`;

const PBR_QUERY = /* GraphQL */ `
  query GetPbrMaterialDownloadLink(
    $articleId: String!
    $organizationId: ID!
    $resolution: DownloadResolution
    $fileType: DownloadFileType
  ) {
    materials(where: { articleId: { eq: $articleId }, organizationId: { eq: $organizationId } }) {
      jsonFileAssignments(where: { state: { eq: DONE }, default: { eq: true } }) {
        jsonFile {
          outputDataObject {
            downloadUrl(resolution: $resolution, fileType: $fileType)
          }
        }
      }
    }
  }
`;

/** @param {Record<string, unknown>} variables */
const linkOp = (variables) => ({ query: LINK_QUERY, variables, operationName: 'GetMaterialDownloadLink' });
/** @param {Record<string, unknown>} variables */
const pbrOp = (variables) => ({ query: PBR_QUERY, variables, operationName: 'GetPbrMaterialDownloadLink' });
const thumb10 = (articleId = 'A-100', organizationId = 'org-1') =>
  linkOp({ articleId, organizationId, assignmentType: 'THUMBNAIL_10X10_CM' });

/**
 * @param {Provider} provider
 * @param {unknown} body an object is sent as JSON, a string as is
 * @param {Record<string, string>} [headers]
 */
async function post(provider, body, headers = {}) {
  const started = Date.now();
  const response = await fetch(provider.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json, elapsed: Date.now() - started };
}

/**
 * A request fetch cannot make: a raw path and a chosen Host header.
 * @param {string} origin
 * @param {{ method?: string, path: string, headers?: Record<string, string>, body?: string }} options
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, text: string }>}
 */
function rawRequest(origin, { method = 'GET', path, headers = {}, body }) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path, headers }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** @param {string} url */
async function download(url) {
  const response = await fetch(url);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** @param {any} json */
const firstThumbnailUrl = (json) => json.data.materials[0].dataObjectAssignments[0].dataObject.thumbnail.downloadUrl;
/** @param {any} json */
const firstThumbnailUrlOrPbr = (json) =>
  json.data.materials[0].dataObjectAssignments?.[0].dataObject.thumbnail.downloadUrl ??
  json.data.materials[0].jsonFileAssignments[0].jsonFile.outputDataObject.downloadUrl;

describe('provider stand-in', () => {
  /** @type {Provider} */
  let provider;
  /** @type {Provider} */
  let unbatched;

  beforeAll(async () => {
    provider = await startProvider({ port: 0 });
    unbatched = await startProvider({ port: 0, batching: false });
  });
  afterAll(async () => {
    await provider?.close();
    await unbatched?.close();
  });

  it('listens on 127.0.0.1 and exposes /graphql', () => {
    expect(provider.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(provider.graphqlUrl).toBe(`${provider.origin}/graphql`);
  });

  describe('GetMaterialDownloadLink', () => {
    it('gives an absolute thumbnail URL on this server that serves a PNG', async () => {
      const { status, json } = await post(provider, thumb10());
      expect(status).toBe(200);
      const url = firstThumbnailUrl(json);
      expect(url).toBe(`${provider.origin}/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.png`);
      const { response, bytes } = await download(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-disposition')).toMatch(/^inline/);
      expect(bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
      expect(bytes.readUInt32BE(16)).toBe(64); // IHDR width at MEDIUM
    });

    it('reflects resolution and fileType in the file name', async () => {
      const { json } = await post(
        provider,
        linkOp({
          articleId: 'A-100',
          organizationId: 'org-1',
          assignmentType: 'THUMBNAIL_7X7_IN',
          resolution: 'HIGH',
          fileType: 'JPG',
        }),
      );
      const url = firstThumbnailUrl(json);
      expect(url).toBe(`${provider.origin}/files/org-1/A-100/thumbnail-THUMBNAIL_7X7_IN-HIGH.jpg`);
      const { response, bytes } = await download(url);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
      expect(bytes.readUInt32BE(16)).toBe(128);
    });

    it('builds URLs from the Host the request came to', async () => {
      const res = await rawRequest(provider.origin, {
        method: 'POST',
        path: '/graphql',
        headers: { host: 'localhost:4999', 'content-type': 'application/json' },
        body: JSON.stringify(thumb10()),
      });
      expect(firstThumbnailUrl(JSON.parse(res.text))).toBe(
        'http://localhost:4999/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.png',
      );
    });

    it('filters on assignment type, article and organization', async () => {
      const all = await post(provider, linkOp({ articleId: 'A-100', organizationId: 'org-1' }));
      expect(all.json.data.materials[0].dataObjectAssignments.length).toBeGreaterThan(5);

      const tiles = await post(
        provider,
        linkOp({ articleId: 'A-101', organizationId: 'org-1', assignmentType: 'MATERIAL_TILEABLE_RENDER' }),
      );
      const assignments = tiles.json.data.materials[0].dataObjectAssignments;
      expect(assignments.map((/** @type {any} */ a) => a.assignmentType)).toEqual(
        Array(3).fill('MATERIAL_TILEABLE_RENDER'),
      );
      expect(assignments.map((/** @type {any} */ a) => a.dataObject.mediaType)).toEqual([
        'video/mp4',
        'image/png',
        'image/png',
      ]);
      expect(assignments[1].dataObject.thumbnail.downloadUrl).toMatch(/\/tile-MATERIAL_TILEABLE_RENDER_2-MEDIUM\.png$/);

      const onlyVideo = await post(
        provider,
        linkOp({ articleId: 'A-102', organizationId: 'org-1', assignmentType: 'MATERIAL_TILEABLE_RENDER' }),
      );
      expect(
        onlyVideo.json.data.materials[0].dataObjectAssignments.map((/** @type {any} */ a) => a.dataObject.mediaType),
      ).toEqual(['video/mp4']);

      const missingSize = await post(
        provider,
        linkOp({ articleId: 'B-200', organizationId: 'org-2', assignmentType: 'THUMBNAIL_13_5X13_5_IN' }),
      );
      expect(missingSize.json.data.materials[0].dataObjectAssignments).toEqual([]);

      const empty = await post(provider, thumb10('A-199'));
      expect(empty.json.data.materials[0].dataObjectAssignments).toEqual([]);

      expect((await post(provider, thumb10('A-100', 'org-2'))).json).toEqual({ data: { materials: [] } });
      expect((await post(provider, thumb10('NOPE', 'org-1'))).json).toEqual({ data: { materials: [] } });
      expect((await post(provider, thumb10('A-100', 'org-404'))).json).toEqual({ data: { materials: [] } });
    });

    it('gives every org-1/org-2 article except A-199 a 10x10cm thumbnail', async () => {
      const articles = [
        ['org-1', 'A-100'],
        ['org-1', 'A-101'],
        ['org-1', 'A-102'],
        ['org-1', 'A-103'],
        ['org-2', 'B-200'],
        ['org-2', 'B-201'],
        ['org-2', 'B-202'],
        ['org-2', 'B-203'],
      ];
      const { json } = await post(
        provider,
        articles.map(([org, article]) => thumb10(article, org)),
      );
      expect(json.map(firstThumbnailUrl)).toEqual(
        articles.map(
          ([org, article]) => `${provider.origin}/files/${org}/${article}/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.png`,
        ),
      );
    });

    it('serves hostile URLs verbatim for org-test', async () => {
      const cases = /** @type {const} */ ([
        ['hostile-javascript', 'javascript:alert(1)'],
        ['hostile-relative', '/files/x.png'],
        ['hostile-protocol-relative', '//evil.example/x.png'],
        ['hostile-data', 'data:text/html,hi'],
        ['hostile-null', null],
      ]);
      const { json } = await post(
        provider,
        cases.map(([article]) => thumb10(article, 'org-test')),
      );
      expect(json.map(firstThumbnailUrl)).toEqual(cases.map(([, url]) => url));
      const pbr = await post(provider, pbrOp({ articleId: 'hostile-javascript', organizationId: 'org-test' }));
      expect(pbr.json.data.materials[0].jsonFileAssignments[0].jsonFile.outputDataObject.downloadUrl).toBe(
        'javascript:alert(1)',
      );
    });
    it('gives a file name with a space as the service writes it, unencoded, and serves it encoded', async () => {
      const { json } = await post(provider, thumb10('spaced-name', 'org-test'));
      const url = firstThumbnailUrl(json);
      expect(url).toBe(`${provider.origin}/files/org-test/spaced-name/My Material.png`);
      const image = await download(new URL(url).href);
      expect(image.response.status).toBe(200);
      expect(image.bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
      const pbr = await post(provider, pbrOp({ articleId: 'spaced-name', organizationId: 'org-test' }));
      const zipUrl = pbr.json.data.materials[0].jsonFileAssignments[0].jsonFile.outputDataObject.downloadUrl;
      expect(zipUrl).toBe(`${provider.origin}/files/org-test/spaced-name/My Material.zip`);
      const zip = await download(`${provider.origin}/files/org-test/spaced-name/My%20Material.zip`);
      expect(zip.response.headers.get('content-disposition')).toBe('attachment; filename="My Material.zip"');
      expect(zip.bytes.subarray(0, 4)).toEqual(ZIP_MAGIC);
      expect((await fetch(`${provider.origin}/files/org-test/spaced-name/Other%20Material.zip`)).status).toBe(404);
    });
  });

  describe('GetPbrMaterialDownloadLink', () => {
    /** @param {any} json */
    const pbrUrls = (json) =>
      json.data.materials[0].jsonFileAssignments.map((/** @type {any} */ j) => j.jsonFile.outputDataObject.downloadUrl);

    it('gives the DONE default package, a ZIP download', async () => {
      const { json } = await post(provider, pbrOp({ articleId: 'A-100', organizationId: 'org-1', fileType: 'EXR' }));
      const [url] = pbrUrls(json);
      expect(url).toBe(`${provider.origin}/files/org-1/A-100/pbr-DONE_DEFAULT-MEDIUM-EXR.zip`);
      const { response, bytes } = await download(url);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="pbr-DONE_DEFAULT-MEDIUM-EXR.zip"',
      );
      expect(bytes.subarray(0, 4)).toEqual(ZIP_MAGIC);
      expect(bytes.includes('material.json')).toBe(true);
      expect(bytes.readUInt32LE(bytes.length - 22)).toBe(0x06054b50); // end of central directory
    });

    it('filters on state and default', async () => {
      const none = await post(provider, pbrOp({ articleId: 'A-102', organizationId: 'org-1' }));
      expect(none.json.data.materials[0].jsonFileAssignments).toEqual([]);
      const failedFirst = await post(
        provider,
        pbrOp({ articleId: 'A-103', organizationId: 'org-1', resolution: 'LOW', fileType: 'JPG' }),
      );
      expect(pbrUrls(failedFirst.json)).toEqual([`${provider.origin}/files/org-1/A-103/pbr-DONE_DEFAULT-LOW-JPG.zip`]);
      const two = await post(provider, pbrOp({ articleId: 'B-200', organizationId: 'org-2' }));
      expect(pbrUrls(two.json)).toEqual([
        `${provider.origin}/files/org-2/B-200/pbr-DONE_DEFAULT-MEDIUM.zip`,
        `${provider.origin}/files/org-2/B-200/pbr-DONE_DEFAULT_2-MEDIUM.zip`,
      ]);
    });
  });

  describe('batching', () => {
    it('answers an array batch with an array in the same order', async () => {
      const { status, json } = await post(provider, [
        thumb10('A-101'),
        pbrOp({ articleId: 'A-100', organizationId: 'org-1' }),
      ]);
      expect(status).toBe(200);
      expect(Array.isArray(json)).toBe(true);
      expect(json).toHaveLength(2);
      expect(firstThumbnailUrl(json[0])).toMatch(/\/org-1\/A-101\/thumbnail-THUMBNAIL_10X10_CM-MEDIUM\.png$/);
      expect(json[1].data.materials[0].jsonFileAssignments).toHaveLength(1);
    });

    it('with batching off, answers an array with something that is not an array', async () => {
      const batch = await post(unbatched, [thumb10(), thumb10('A-101')]);
      expect(Array.isArray(batch.json)).toBe(false);
      expect(batch.json.errors[0].message).toMatch(/batching/i);
      const single = await post(unbatched, thumb10());
      expect(firstThumbnailUrl(single.json)).toMatch(/thumbnail-THUMBNAIL_10X10_CM-MEDIUM\.png$/);
    });
  });

  describe('faults', () => {
    it('fault-status-<code>-json and -html', async () => {
      const json = await post(provider, thumb10('fault-status-503-json'));
      expect(json.status).toBe(503);
      expect(json.headers.get('content-type')).toMatch(/^application\/json/);
      expect(typeof json.json.message).toBe('string');
      const html = await post(provider, thumb10('fault-status-502-html'));
      expect(html.status).toBe(502);
      expect(html.headers.get('content-type')).toMatch(/^text\/html/);
      expect(html.text).toMatch(/<html/i);
    });

    it('applies a fault in any operation of a batch to the whole answer', async () => {
      const res = await post(provider, [thumb10(), thumb10('fault-status-500-json')]);
      expect(res.status).toBe(500);
      expect(Array.isArray(res.json)).toBe(false);
    });

    it('fault-status-<code>[-json|-html]-retry-<s> sends Retry-After, readable from another origin', async () => {
      const limited = await post(provider, thumb10('fault-status-429-retry-2'));
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('2');
      expect(limited.headers.get('access-control-expose-headers')).toBe('date, retry-after');
      expect(limited.headers.get('content-type')).toMatch(/^application\/json/);
      const html = await post(provider, thumb10('fault-status-503-html-retry-1'));
      expect(html.status).toBe(503);
      expect(html.headers.get('retry-after')).toBe('1');
      expect(html.text).toMatch(/<html/i);
      expect((await post(provider, thumb10('fault-status-503-json'))).headers.get('retry-after')).toBeNull();
    });

    it('fault-flaky-<code>-<k> fails the first k requests, then answers as A-100 until the faults are reset', async () => {
      const flaky = thumb10('fault-flaky-503-2');
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await post(provider, flaky)).status);
      expect(statuses).toEqual([503, 503, 200, 200]);
      expect(firstThumbnailUrl((await post(provider, flaky)).json)).toBe(
        `${provider.origin}/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.png`,
      );
      // Each id counts on its own, a tagged one too.
      expect((await post(provider, thumb10('fault-flaky-503-1'))).status).toBe(503);
      expect((await post(provider, thumb10('fault-flaky-503-2-x7'))).status).toBe(503);
      expect((await post(provider, thumb10('fault-flaky-429-1-retry-1-b'))).headers.get('retry-after')).toBe('1');
      expect((await post(provider, thumb10('fault-flaky-429-1-retry-1-b'))).status).toBe(200);
      expect((await post(provider, thumb10('fault-flaky-503-1-retry'))).json).toEqual({ data: { materials: [] } });
      provider.resetFaults();
      expect((await post(provider, flaky)).status).toBe(503);
      provider.clearRequests();
      expect((await post(provider, flaky)).status).toBe(503);
      provider.clearRequests();
    });

    it('fault-flaky-429-<k>-retry-<s> is a rate limit that passes; fault-flaky-drop-<k> a connection that comes back', async () => {
      const limited = await post(provider, thumb10('fault-flaky-429-1-retry-3'));
      expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '3']);
      expect((await post(provider, thumb10('fault-flaky-429-1-retry-3'))).status).toBe(200);
      await expect(post(provider, thumb10('fault-flaky-drop-1'))).rejects.toThrow();
      expect(firstThumbnailUrl((await post(provider, thumb10('fault-flaky-drop-1'))).json)).toMatch(
        /\/org-1\/A-100\/thumbnail-THUMBNAIL_10X10_CM-MEDIUM\.png$/,
      );
      provider.clearRequests();
    });

    it('a batch carrying a flaky article fails as a whole, and counts once however many operations carry it', async () => {
      const batch = [
        thumb10('A-101'),
        thumb10('fault-flaky-429-2-retry-1'),
        pbrOp({ articleId: 'fault-flaky-429-2-retry-1', organizationId: 'org-1' }),
      ];
      const first = await post(provider, batch);
      expect([first.status, first.headers.get('retry-after'), Array.isArray(first.json)]).toEqual([429, '1', false]);
      expect((await post(provider, batch)).status).toBe(429);
      const passed = await post(provider, batch);
      expect(passed.status).toBe(200);
      expect(passed.json.map(firstThumbnailUrlOrPbr)).toEqual([
        `${provider.origin}/files/org-1/A-101/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.png`,
        `${provider.origin}/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.png`,
        `${provider.origin}/files/org-1/A-100/pbr-DONE_DEFAULT-MEDIUM.zip`,
      ]);
      provider.clearRequests();
    });

    it('fault-drop destroys the socket', async () => {
      await expect(post(provider, thumb10('fault-drop'))).rejects.toThrow();
    });

    it('fault-malformed sends truncated JSON', async () => {
      const res = await post(provider, thumb10('fault-malformed'));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.text).toBe('{"data": {"materials": [');
      expect(res.json).toBeUndefined();
    });

    it('fault-errors answers errors without data, one per operation in a batch', async () => {
      const single = await post(provider, thumb10('fault-errors'));
      expect(single.status).toBe(200);
      expect(single.json).toEqual({ errors: [{ message: 'Internal failure' }] });
      const batch = await post(provider, [thumb10(), thumb10('fault-errors')]);
      expect(batch.json).toEqual([
        { errors: [{ message: 'Internal failure' }] },
        { errors: [{ message: 'Internal failure' }] },
      ]);
    });

    it.each([
      ['fault-refused-hotchocolate-not-authorized', 'AUTH_NOT_AUTHORIZED', { materials: null }],
      ['fault-refused-hotchocolate-not-authenticated', 'AUTH_NOT_AUTHENTICATED', null],
      ['fault-refused-apollo-unauthenticated', 'UNAUTHENTICATED', null],
      ['fault-refused-apollo-forbidden', 'FORBIDDEN', null],
    ])('%s refuses inside GraphQL: HTTP 200, code %s, data %j, in its own place in a batch', async (id, code, data) => {
      const single = await post(provider, thumb10(id));
      expect(single.status).toBe(200);
      expect(single.headers.get('content-type')).toMatch(/^application\/json/);
      expect(single.json).toEqual({
        data,
        errors: [
          {
            message: expect.stringMatching(/^\S.*\.$/),
            locations: expect.any(Array),
            path: ['materials'],
            extensions: { code },
          },
        ],
      });
      // A server refuses each operation on its own: the others of the batch get their data.
      const batch = await post(provider, [thumb10(), pbrOp({ articleId: id, organizationId: 'org-1' }), thumb10(id)]);
      expect(batch.status).toBe(200);
      expect(firstThumbnailUrl(batch.json[0])).toBe(
        `${provider.origin}/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.png`,
      );
      expect(batch.json.slice(1)).toEqual([single.json, single.json]);
    });

    it('fault-partial answers A-100 data beside an error', async () => {
      const res = await post(
        provider,
        linkOp({
          articleId: 'fault-partial',
          organizationId: 'org-1',
          assignmentType: 'THUMBNAIL_30X30_CM',
          fileType: 'TIFF',
        }),
      );
      expect(res.status).toBe(200);
      expect(firstThumbnailUrl(res.json)).toBe(
        `${provider.origin}/files/org-1/A-100/thumbnail-THUMBNAIL_30X30_CM-MEDIUM.tiff`,
      );
      expect(res.json.errors).toEqual([{ message: 'Partial failure' }]);
      const batch = await post(provider, [
        thumb10('A-101'),
        pbrOp({ articleId: 'fault-partial', organizationId: 'org-1' }),
      ]);
      expect(batch.json[0].errors).toBeUndefined();
      expect(batch.json[1].errors).toEqual([{ message: 'Partial failure' }]);
      expect(batch.json[1].data.materials[0].jsonFileAssignments).toHaveLength(1);
    });

    it('fault-wrong-shape answers materials that are not a list', async () => {
      const res = await post(provider, thumb10('fault-wrong-shape'));
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ data: { materials: { not: 'a list' } } });
    });

    it('fault-delay-<ms> answers A-100 after the delay', async () => {
      const res = await post(provider, thumb10('fault-delay-200'));
      expect(res.elapsed).toBeGreaterThanOrEqual(190);
      expect(firstThumbnailUrl(res.json)).toBe(
        `${provider.origin}/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.png`,
      );
    });

    it('fault-hang never answers, and close() still ends it', async () => {
      const own = await startProvider();
      const pending = fetch(own.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(thumb10('fault-hang')),
      });
      const outcome = pending.then(
        () => 'answered',
        () => 'failed',
      );
      const early = await Promise.race([outcome, new Promise((r) => setTimeout(() => r('still waiting'), 300))]);
      expect(early).toBe('still waiting');
      expect(own.requests).toHaveLength(1);
      const started = Date.now();
      await own.close();
      expect(Date.now() - started).toBeLessThan(1000);
      expect(await outcome).toBe('failed');
    });
  });

  describe('request log and latency', () => {
    it('records headers, origin, body and operations of every POST', async () => {
      provider.clearRequests();
      await post(provider, thumb10(), {
        'apollographql-client-name': 'web-components',
        'api-key': 'k-1',
        origin: 'http://example.test',
      });
      await post(provider, [thumb10('A-101'), pbrOp({ articleId: 'A-100', organizationId: 'org-1' })]);
      await post(provider, 'not json');
      expect(provider.requests).toHaveLength(3);
      const [single, batch, broken] = /** @type {import('../../dev/provider/request-log.js').RecordedRequest[]} */ (
        provider.requests
      );
      if (!single || !batch || !broken) throw new Error('three requests expected');
      expect(single.headers['apollographql-client-name']).toBe('web-components');
      expect(single.headers['api-key']).toBe('k-1');
      expect(single.headers['content-type']).toBe('application/json');
      expect(single.origin).toBe('http://example.test');
      expect(typeof single.at).toBe('number');
      expect(single.operations).toEqual([
        { operationName: 'GetMaterialDownloadLink', variables: thumb10().variables, query: LINK_QUERY },
      ]);
      expect(batch.operations.map((o) => o.operationName)).toEqual([
        'GetMaterialDownloadLink',
        'GetPbrMaterialDownloadLink',
      ]);
      expect(Array.isArray(batch.body)).toBe(true);
      expect(batch.origin).toBeNull();
      expect(broken.body).toBe('not json');
      expect(broken.operations).toEqual([]);
      provider.clearRequests();
      expect(provider.requests).toHaveLength(0);
    });

    it('setLatency delays answers', async () => {
      provider.setLatency(150);
      try {
        const res = await post(provider, thumb10());
        expect(res.elapsed).toBeGreaterThanOrEqual(140);
      } finally {
        provider.setLatency(0);
      }
    });

    it('hold() keeps POSTs unanswered until released, and tells one the client gave up on from one answered', async () => {
      const own = await startProvider();
      try {
        const held = own.hold();
        const giveUp = new AbortController();
        const abandoned = fetch(own.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(thumb10()),
          signal: giveUp.signal,
        }).catch(() => 'aborted');
        const kept = post(own, thumb10('A-101'));
        await held.arrived(2);
        const early = await Promise.race([kept, new Promise((r) => setTimeout(() => r('still held'), 200))]);
        expect(early).toBe('still held');

        giveUp.abort();
        expect(await abandoned).toBe('aborted');
        expect(await held.ended(0)).toBe('aborted');
        held.release(1);
        expect(firstThumbnailUrl((await kept).json)).toContain('/files/org-1/A-101/');
        expect(await held.ended(1)).toBe('answered');

        held.end();
        expect((await post(own, thumb10())).status).toBe(200);
        expect(own.requests).toHaveLength(3);
      } finally {
        await own.close();
      }
    });

    it('answers a CORS preflight for the headers the element sends', async () => {
      const res = await fetch(provider.graphqlUrl, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://example.test',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,api-key,authorization,apollographql-client-name',
        },
      });
      expect(res.status).toBeLessThan(300);
      // yoga echoes the asking origin for `origin: '*'`; either lets any page read the answer
      expect(['*', 'http://example.test']).toContain(res.headers.get('access-control-allow-origin'));
      expect(res.headers.get('access-control-allow-headers')).toMatch(/apollographql-client-name/);
    });
  });

  describe('signed links', () => {
    const LIFETIME_MS = 60_000;
    const STARTED_AT = Date.UTC(2026, 10, 25, 10, 15, 0, 250);
    let now = STARTED_AT;
    /** @type {Provider} */
    let signing;

    beforeAll(async () => {
      signing = await startProvider({ linkStyle: 'azure', linkLifetimeMs: LIFETIME_MS, clock: () => now });
    });
    afterAll(async () => {
      await signing?.close();
    });
    beforeEach(() => {
      now = STARTED_AT;
    });

    /**
     * The PBR link of A-100 as `graphqlUrl` hands it out.
     * @param {string} graphqlUrl
     * @returns {Promise<string>}
     */
    async function pbrLink(graphqlUrl) {
      const response = await fetch(graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(pbrOp({ articleId: 'A-100', organizationId: 'org-1' })),
      });
      const json = await response.json();
      return json.data.materials[0].jsonFileAssignments[0].jsonFile.outputDataObject.downloadUrl;
    }

    it('answers with the Date of the clock that signs its links, exposed to other origins unless the URL says expose-date=no', async () => {
      const body = JSON.stringify(pbrOp({ articleId: 'A-100', organizationId: 'org-1' }));
      /** @param {string} url */
      const answer = (url) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
          async (response) => ({ headers: response.headers, json: await response.json() }),
        );
      const exposed = await answer(signing.graphqlUrl);
      expect(exposed.headers.get('date')).toBe(new Date(STARTED_AT).toUTCString());
      expect(exposed.headers.get('access-control-expose-headers')).toBe('date');
      const hidden = await answer(signing.graphqlUrlFor({ exposeDate: false }));
      expect(hidden.headers.get('date')).toBe(new Date(STARTED_AT).toUTCString());
      expect(hidden.headers.get('access-control-expose-headers')).toBeNull();
      expect(hidden.json).toEqual(exposed.json);
      const refused = await post(signing, pbrOp({ articleId: 'fault-status-503-retry-1', organizationId: 'org-1' }));
      expect(refused.headers.get('access-control-expose-headers')).toBe('date, retry-after');
    });

    /** @param {string} url @param {(url: URL) => void} change */
    const altered = (url, change) => {
      const copy = new URL(url);
      change(copy);
      return copy.href;
    };

    /** @param {URL} url */
    const signatureOf = (url) =>
      ['sig', 'X-Amz-Signature', 'X-Goog-Signature', 'Signature'].find((name) => url.searchParams.has(name)) ?? '';

    /** @param {string} url */
    async function refusal(url) {
      const response = await fetch(url);
      return { status: response.status, text: await response.text() };
    }

    /**
     * Each style: the parameters that carry its expiry, how to read it, and how to move it an hour on.
     * @type {[import('../../dev/provider/link-signing.js').LinkStyle, RegExp, (params: URLSearchParams) => number, (url: URL) => void][]}
     */
    const STYLES = [
      [
        'azure',
        /\?sv=[^&]+&sr=b&sp=r&se=2026-11-25T10%3A16%3A01Z&sig=[A-Za-z0-9%]+$/,
        (params) => Date.parse(params.get('se') ?? ''),
        (url) => url.searchParams.set('se', '2026-11-25T11:16:01Z'),
      ],
      [
        's3',
        /\?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=[^&]+&X-Amz-Date=20261125T101500Z&X-Amz-Expires=61&X-Amz-SignedHeaders=host&X-Amz-Signature=[0-9a-f]{64}$/,
        (params) => Date.UTC(2026, 10, 25, 10, 15) + Number(params.get('X-Amz-Expires')) * 1000,
        (url) => url.searchParams.set('X-Amz-Expires', '3661'),
      ],
      [
        'gcs',
        /\?X-Goog-Algorithm=GOOG4-HMAC-SHA256&X-Goog-Credential=[^&]+&X-Goog-Date=20261125T101500Z&X-Goog-Expires=61&X-Goog-SignedHeaders=host&X-Goog-Signature=[0-9a-f]{64}$/,
        (params) => Date.UTC(2026, 10, 25, 10, 15) + Number(params.get('X-Goog-Expires')) * 1000,
        (url) => url.searchParams.set('X-Goog-Date', '20261125T111500Z'),
      ],
      [
        'cloudfront',
        /\?Expires=1795601761&Key-Pair-Id=[^&]+&Signature=[A-Za-z0-9%_~-]+$/,
        (params) => Number(params.get('Expires')) * 1000,
        (url) => url.searchParams.set('Expires', '1795605361'),
      ],
    ];

    describe.each(STYLES)('in the %s style', (style, shape, readExpiry, extend) => {
      /** @type {string} */
      let link;

      beforeAll(async () => {
        link = await pbrLink(signing.graphqlUrlFor({ linkStyle: style }));
      });

      it('names its expiry, the lifetime on from when it was issued, rounded up to the second', () => {
        expect(link.startsWith(`${signing.origin}/files/org-1/A-100/pbr-DONE_DEFAULT-MEDIUM.zip?`)).toBe(true);
        expect(link).toMatch(shape);
        expect(readExpiry(new URL(link).searchParams)).toBe(Math.ceil((STARTED_AT + LIFETIME_MS) / 1000) * 1000);
      });

      it('is served until it expires (200), then refused (403)', async () => {
        now = STARTED_AT + LIFETIME_MS;
        const { response, bytes } = await download(link);
        expect(response.status).toBe(200);
        expect(bytes.subarray(0, 4)).toEqual(ZIP_MAGIC);
        now = readExpiry(new URL(link).searchParams);
        const expired = await refusal(link);
        expect(expired.status).toBe(403);
        expect(expired.text).toContain('<Code>AuthenticationFailed</Code>');
        expect(expired.text).toContain('Signed expiry time has passed.');
      });

      it.each(
        /** @type {[string, (url: URL) => void][]} */ ([
          ['its expiry moved on', extend],
          ['another file in its path', (url) => void (url.pathname = url.pathname.replace('MEDIUM', 'HIGH'))],
          ['a signature of its own', (url) => url.searchParams.set(signatureOf(url), 'forged')],
          ['a parameter given twice', (url) => url.searchParams.append(signatureOf(url), 'forged')],
          ['a parameter changed or added', (url) => url.searchParams.set('sp', 'rw')],
        ]),
      )('is refused (403) with %s', async (_, change) => {
        const forged = await refusal(altered(link, change));
        expect(forged.status).toBe(403);
        expect(forged.text).toContain('Signature did not match');
        expect((await fetch(link)).status).toBe(200);
      });
    });

    it('no-expiry: an Azure SAS under a stored access policy, signed with no expiry in it, served for good', async () => {
      const link = await pbrLink(signing.graphqlUrlFor({ linkStyle: 'no-expiry' }));
      expect(link).toMatch(/\?sv=[^&]+&sr=b&si=downloads&sig=[A-Za-z0-9%]+$/);
      now = STARTED_AT + 365 * 24 * 60 * 60_000;
      expect((await fetch(link)).status).toBe(200);
      expect((await fetch(altered(link, (url) => url.searchParams.set('si', 'other')))).status).toBe(403);
    });

    it('takes its lifetime per request too, and refuses a style or lifetime it cannot sign with (400)', async () => {
      const short = await pbrLink(signing.graphqlUrlFor({ linkLifetimeMs: 2500 }));
      expect(new URL(short).searchParams.get('se')).toBe('2026-11-25T10:15:03Z');
      expect(await pbrLink(signing.graphqlUrl)).toContain('se=2026-11-25T10%3A16%3A01Z');
      for (const url of [
        signing.graphqlUrlFor({ linkLifetimeMs: 999 }),
        signing.graphqlUrlFor({ linkLifetimeMs: 8 * 24 * 60 * 60_000 }),
        `${signing.graphqlUrl}?link-lifetime-ms=1e4`,
        `${signing.graphqlUrl}?link-style=md5`,
      ]) {
        const response = await post({ ...signing, graphqlUrl: url }, thumb10());
        expect([response.status, typeof response.json.message]).toEqual([400, 'string']);
      }
    });

    it('refuses (403) a URL without a signature, and one signed with another key', async () => {
      const path = '/files/org-1/A-100/pbr-DONE_DEFAULT-MEDIUM.zip';
      const plain = await refusal(`${signing.origin}${path}`);
      expect(plain.status).toBe(403);
      expect(plain.text).toContain('without a signature');
      const otherKey = createLinkSigner({ key: 'not the provider key', clock: () => now });
      const theirs = await refusal(
        otherKey.sign(`${signing.origin}${path}`, { style: 'azure', lifetimeMs: LIFETIME_MS }),
      );
      expect(theirs.status).toBe(403);
      expect(theirs.text).toContain('Signature did not match');
    });

    it('signs with the key it is given; a good signature for a file the seed does not have is a 404', async () => {
      const keyed = await startProvider({
        linkStyle: 's3',
        linkLifetimeMs: LIFETIME_MS,
        signingKey: 'shared key',
        clock: () => now,
      });
      try {
        const sameKey = createLinkSigner({ key: 'shared key', clock: () => now });
        const policy = /** @type {const} */ ({ style: 's3', lifetimeMs: LIFETIME_MS });
        const path = '/files/org-1/A-100/pbr-DONE_DEFAULT-MEDIUM.zip';
        expect(sameKey.sign(`${keyed.origin}${path}`, policy)).toBe(await pbrLink(keyed.graphqlUrl));
        expect((await fetch(sameKey.sign(`${keyed.origin}${path}`, policy))).status).toBe(200);
        expect((await fetch(sameKey.sign(`${keyed.origin}/files/org-9/Z-1/pbr-X-MEDIUM.zip`, policy))).status).toBe(
          404,
        );
      } finally {
        await keyed.close();
      }
    });

    it('keeps hostile fixtures verbatim, and a file name with a space unencoded before its signature', async () => {
      const { json } = await post(signing, [
        thumb10('hostile-javascript', 'org-test'),
        thumb10('spaced-name', 'org-test'),
      ]);
      expect(firstThumbnailUrl(json[0])).toBe('javascript:alert(1)');
      const spaced = firstThumbnailUrl(json[1]);
      expect(spaced).toMatch(new RegExp(`^${signing.origin}/files/org-test/spaced-name/My Material\\.png\\?sv=`));
      expect((await fetch(new URL(spaced).href)).status).toBe(200);
    });

    it('an unsigned provider (the default) hands out plain links, and still checks a signed one', async () => {
      const plain = await pbrLink(provider.graphqlUrl);
      expect(plain).toBe(`${provider.origin}/files/org-1/A-100/pbr-DONE_DEFAULT-MEDIUM.zip`);
      const signed = await pbrLink(provider.graphqlUrlFor({ linkStyle: 's3', linkLifetimeMs: 5000 }));
      expect((await fetch(signed)).status).toBe(200);
      expect((await fetch(altered(signed, (url) => url.searchParams.set('X-Amz-Expires', '600')))).status).toBe(403);
    });

    it('refuses to start with a style or lifetime it cannot sign with', async () => {
      await expect(startProvider({ linkStyle: /** @type {any} */ ('md5') })).rejects.toThrow(/link style "md5"/);
      await expect(startProvider({ linkStyle: 'azure', linkLifetimeMs: 10 })).rejects.toThrow(/link lifetime 10 ms/);
    });
  });

  describe('a members-only article (A-MEMBERS)', () => {
    const MEMBERS = { articleId: 'A-MEMBERS', organizationId: 'org-1' };
    const members = {
      thumbnail: thumb10('A-MEMBERS'),
      tile: linkOp({ ...MEMBERS, assignmentType: 'MATERIAL_TILEABLE_RENDER' }),
      pbr: pbrOp(MEMBERS),
    };
    /** @param {string} credential */
    const visitorOf = (credential) => createHash('sha256').update(credential).digest('hex').slice(0, 12);
    /** @param {Record<string, string>} headers @param {string} [graphqlUrl] */
    const membersLinks = async (headers, graphqlUrl = provider.graphqlUrl) => {
      const { json } = await post({ ...provider, graphqlUrl }, Object.values(members), headers);
      return /** @type {string[]} */ (json.map(firstThumbnailUrlOrPbr));
    };

    it('refuses a caller without credentials as HotChocolate does, and only that operation of a batch', async () => {
      const { status, json } = await post(provider, [members.pbr, thumb10('A-100'), members.thumbnail]);
      expect(status).toBe(200);
      const refused = {
        errors: [
          expect.objectContaining({
            message: 'The current user is not authenticated.',
            extensions: { code: 'AUTH_NOT_AUTHENTICATED' },
          }),
        ],
        data: { materials: null },
      };
      expect(json[0]).toEqual(refused);
      expect(firstThumbnailUrl(json[1])).toBe(
        `${provider.origin}/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.png`,
      );
      expect(json[2]).toEqual(refused);
      expect((await post(provider, members.tile)).json).toEqual(refused);
    });

    it('binds every link to who asked: a hash of the credential, never the credential; api-key before authorization', async () => {
      const first = await membersLinks({ authorization: 'Bearer token-1' });
      expect(first.map((url) => new URL(url).pathname)).toEqual([
        '/files/org-1/A-MEMBERS/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.png',
        '/files/org-1/A-MEMBERS/tile-MATERIAL_TILEABLE_RENDER_1-MEDIUM.png',
        '/files/org-1/A-MEMBERS/pbr-DONE_DEFAULT-MEDIUM.zip',
      ]);
      for (const url of first) {
        expect(new URL(url).searchParams.get('visitor')).toBe(visitorOf('Bearer token-1'));
        expect(url).not.toContain('token-1');
        expect((await fetch(url)).status).toBe(200);
      }
      const second = await membersLinks({ authorization: 'Bearer token-2' });
      expect(second.map((url) => new URL(url).searchParams.get('visitor'))).toEqual(
        Array(3).fill(visitorOf('Bearer token-2')),
      );
      const withKey = await membersLinks({ 'api-key': 'key-1', authorization: 'Bearer token-1' });
      expect(withKey.map((url) => new URL(url).searchParams.get('visitor'))).toEqual(Array(3).fill(visitorOf('key-1')));
      // Other articles' links name nobody.
      const { json } = await post(provider, thumb10('A-100'), { authorization: 'Bearer token-1' });
      expect(firstThumbnailUrl(json)).not.toContain('visitor');
    });

    it.each(/** @type {const} */ (['azure', 's3', 'gcs', 'cloudfront', 'no-expiry']))(
      'signs the visitor into a %s link: served as given, refused (403) with another visitor or none',
      async (style) => {
        const [pbrLink] = (
          await membersLinks({ authorization: 'Bearer token-1' }, provider.graphqlUrlFor({ linkStyle: style }))
        ).slice(2);
        const signed = new URL(/** @type {string} */ (pbrLink));
        expect(signed.searchParams.get('visitor')).toBe(visitorOf('Bearer token-1'));
        expect([...signed.searchParams.keys()].length).toBeGreaterThan(2);
        expect((await fetch(signed)).status).toBe(200);
        for (const change of [
          (/** @type {URL} */ url) => url.searchParams.set('visitor', visitorOf('Bearer token-2')),
          (/** @type {URL} */ url) => url.searchParams.delete('visitor'),
        ]) {
          const forged = new URL(signed);
          change(forged);
          const response = await fetch(forged);
          expect(response.status).toBe(403);
          expect(await response.text()).toContain('Signature did not match');
        }
      },
    );
  });

  describe('files and static directories', () => {
    it('serves images inline, as attachments on ?download=1, and 404 for unknown files', async () => {
      const path = '/files/org-2/B-202/thumbnail-THUMBNAIL_20X20_CM-LOW.exr';
      const inline = await download(`${provider.origin}${path}`);
      expect(inline.response.headers.get('content-type')).toBe('image/png');
      expect(inline.bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
      const attached = await fetch(`${provider.origin}${path}?download=1`);
      expect(attached.headers.get('content-disposition')).toBe(
        'attachment; filename="thumbnail-THUMBNAIL_20X20_CM-LOW.exr"',
      );
      expect((await fetch(`${provider.origin}/files/org-9/Z-1/thumbnail-x-LOW.png`)).status).toBe(404);
      expect((await fetch(`${provider.origin}/files/x.png`)).status).toBe(404);
    });

    it('serves static directories safely', async () => {
      const site = await startProvider({ staticDirs: { '/': 'dev/demo', '/provider/': 'dev/provider' } });
      try {
        const index = await fetch(`${site.origin}/`);
        expect(index.status).toBe(200);
        expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(index.headers.get('cache-control')).toBe('no-store');
        expect(await index.text()).toMatch(/^<!doctype html>/i);
        expect((await fetch(`${site.origin}/demo.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
        expect((await fetch(`${site.origin}/provider/server.js`)).headers.get('content-type')).toBe(
          'text/javascript; charset=utf-8',
        );
        expect((await fetch(`${site.origin}/missing.html`)).status).toBe(404);
        const traversal = await rawRequest(site.origin, { path: '/provider/..%2f..%2fpackage.json' });
        expect(traversal.status).toBe(400);
        const dotted = await rawRequest(site.origin, { path: '/../../package.json' });
        expect(dotted.status).toBe(404);
        expect(dotted.text).not.toContain('"name"');
        expect(
          (
            await fetch(`${site.origin}/graphql`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(thumb10()),
            })
          ).status,
        ).toBe(200);
      } finally {
        await site.close();
      }
    });

    it('serves static text gzip-compressed, as a CDN does, when asked to and the client accepts it', async () => {
      const site = await startProvider({ staticDirs: { '/provider/': 'dev/provider' }, gzipStatic: true });
      try {
        const onDisk = await readFile('dev/provider/server.js', 'utf8');
        const compressed = await fetch(`${site.origin}/provider/server.js`, { headers: { 'accept-encoding': 'gzip' } });
        expect(compressed.headers.get('content-encoding')).toBe('gzip');
        expect(compressed.headers.get('vary')).toBe('accept-encoding');
        expect(Number(compressed.headers.get('content-length'))).toBeLessThan(onDisk.length / 2);
        expect(await compressed.text()).toBe(onDisk);
        // A client that does not accept gzip gets the file as it is.
        const plain = await rawRequest(site.origin, { path: '/provider/server.js' });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.text).toBe(onDisk);
      } finally {
        await site.close();
      }
    });

    it('sends an HTML page asked for with ?streamed in pieces, cut at each pause comment', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'cm-streamed-'));
      await writeFile(path.join(dir, 'page.html'), 'one<!-- pause -->two<!-- pause -->three');
      const site = await startProvider({ staticDirs: { '/pages/': dir } });
      try {
        // Held: each pause lasts until the test releases it.
        const pauses = site.holdPages();
        const response = await fetch(`${site.origin}/pages/page.html?streamed`);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(response.headers.get('content-length')).toBeNull();
        const body = readText(/** @type {ReadableStream<Uint8Array>} */ (response.body));
        await pauses.reached(1);
        expect(await body.until('one')).toBe('one');
        pauses.release();
        await pauses.reached(2);
        expect(await body.until('onetwo')).toBe('onetwo');
        pauses.release();
        expect(await body.all()).toBe('onetwothree');
        pauses.end();

        // Not held: each pause lasts ?streamed=MS.
        const started = Date.now();
        expect(await (await fetch(`${site.origin}/pages/page.html?streamed=100`)).text()).toBe('onetwothree');
        expect(Date.now() - started).toBeGreaterThanOrEqual(190);
        // Without ?streamed, the page as it is, in one piece.
        const whole = await fetch(`${site.origin}/pages/page.html`);
        expect(whole.headers.get('content-length')).toBe('39');
        expect(await whole.text()).toBe('one<!-- pause -->two<!-- pause -->three');
      } finally {
        await site.close();
        await rm(dir, { recursive: true });
      }
    });
  });
});

/**
 * What a response body has brought so far, read as it comes.
 * @param {ReadableStream<Uint8Array>} stream
 */
function readText(stream) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  /** Reads on until `enough` says so or the body ends; resolves with all the text so far. @param {() => boolean} enough */
  const readUntil = async (enough) => {
    while (!enough()) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    return text;
  };
  return {
    /** @param {string} expected */
    until: (expected) => readUntil(() => text.length >= expected.length),
    all: () => readUntil(() => false),
  };
}
