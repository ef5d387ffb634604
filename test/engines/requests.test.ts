import { describe, expect, it } from 'vitest';
import { BUILDS, type CustomerPage } from '../support/customerPage';
import { engine, itNeeding } from './support/engine';
import { useEngine } from './support/useEngine';

/**
 * What goes over the wire from each engine and what comes back: the requests,
 * configure(), the answers the element must refuse, and failures that pass;
 * each build against the local provider over HTTP, whose `fault-*` articles
 * fail as their names say (dev/provider/faults.js).
 */

const browser = useEngine();

const org1 = { 'organization-id': 'org-1' };
const swatch = { ...org1, 'article-id': 'A-100', type: 'thumbnail', dimensions: '10x10cm' };
const pbr = { ...org1, 'article-id': 'A-100', type: 'pbr' };
const A100_SWATCH = '/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.exr';
/** A wait between retries short enough to keep the tests quick where the wait is not the point. */
const QUICK_RETRY = { retry: { attempts: 2, baseDelayMs: 20 } };

const DISABLED = { dataState: 'disabled', href: null, className: 'button disabled', ariaDisabled: 'true' };
/** The provider's hostile replies (org-test), each with how the refusal quotes it (as JSON). */
const HOSTILE = [
  ['hostile-javascript', '"javascript:alert(1)"'],
  ['hostile-javascript-mixed-case', '"JaVaScRiPt:alert(1)"'],
  // The URL parser drops a tab inside the scheme: still javascript: once parsed.
  ['hostile-javascript-tab', '"java\\tscript:alert(1)"'],
  ['hostile-javascript-space', '" javascript:alert(1)"'],
  ['hostile-data', '"data:text/html,hi"'],
  ['hostile-vbscript', '"vbscript:msgbox(1)"'],
  ['hostile-relative', '"/files/x.png"'],
  ['hostile-protocol-relative', '"//evil.example/x.png"'],
  ['hostile-padded', '"  https://files.example/x.png  "'],
  ['hostile-newline-padded', '"\\nhttps://files.example/x.png\\t"'],
  ['hostile-long', '"https://files.example/aaaa'],
] as const;
const logged = (message: string) => expect.stringContaining(`cm-material-download: ${message}`);

describe.each(BUILDS)(`%s in ${engine.name}`, (build) => {
  let I: CustomerPage;

  describe('requests', () => {
    it('a POST of JSON with the client name, the operation names and the variables of each attribute', async () => {
      I = await browser.open(build);
      const ids = await I.addTogether([
        { ...swatch, dimensions: '13_5x13_5in', resolution: 'high', 'file-type': 'jpg' },
        { ...pbr, resolution: 'low' },
      ]);
      await I.settledAll(ids);

      const [request] = I.provider.requests;
      expect(I.provider.requests).toHaveLength(1);
      // Batched: one JSON array, an object per operation.
      expect(Array.isArray(request!.body)).toBe(true);
      expect(request!.headers['content-type']).toMatch(/^application\/json/);
      expect(request!.headers['apollographql-client-name']).toBe('web-components');
      expect(request!.headers).not.toHaveProperty('api-key');
      expect(request!.headers).not.toHaveProperty('authorization');
      expect(request!.operations.map(({ operationName, variables }) => ({ operationName, variables }))).toEqual([
        {
          operationName: 'GetMaterialDownloadLink',
          variables: {
            articleId: 'A-100',
            organizationId: 'org-1',
            assignmentType: 'THUMBNAIL_13_5X13_5_IN',
            resolution: 'HIGH',
            fileType: 'JPG',
          },
        },
        {
          operationName: 'GetPbrMaterialDownloadLink',
          variables: { articleId: 'A-100', organizationId: 'org-1', resolution: 'LOW', fileType: 'EXR' },
        },
      ]);
    });

    it('`none` leaves the variable out of the request', async () => {
      I = await browser.open(build);
      const id = await I.add({ ...org1, 'article-id': 'A-101', type: 'tile', resolution: 'none', 'file-type': 'none' });
      await I.settled(id);

      expect(I.operations()[0]!.variables).toEqual({
        articleId: 'A-101',
        organizationId: 'org-1',
        assignmentType: 'MATERIAL_TILEABLE_RENDER',
      });
    });

    it.each([
      [{ 'cm-api-key': 'key-123', 'cm-user-token': 'token-456' }, { 'api-key': 'key-123' }],
      [{ 'cm-user-token': 'token-456' }, { authorization: 'Bearer token-456' }],
    ])('auth from localStorage %o: %o', async (storage, header) => {
      I = await browser.open(build, { storage });
      await I.settled(await I.add(pbr));

      expect(I.provider.requests[0]!.headers).toMatchObject(header);
      const other = 'api-key' in header ? 'authorization' : 'api-key';
      expect(I.provider.requests[0]!.headers).not.toHaveProperty(other);
    });

    it('identical elements share one operation, and each shows the link', async () => {
      I = await browser.open(build);
      const ids = await I.addTogether([swatch, swatch, swatch]);
      const changes = await I.settledAll(ids);

      expect(changes.map((change) => change.href)).toEqual(ids.map(() => `${I.origin}${A100_SWATCH}`));
      expect(I.operations()).toHaveLength(1);
    });

    it("a hundred elements added together go out as ten batches of ten, though the page's own tasks run between their starts", async () => {
      I = await browser.open(build);
      // Longer than the batch interval: a window that closed by its timer between two slices of starts would split a batch.
      await I.keepBusy(15);
      const ids = await I.addTogether(
        Array.from({ length: 100 }, (_, index) => ({ ...org1, 'article-id': `unknown-${index}`, type: 'pbr' })),
      );
      const changes = await I.settledAll(ids);

      expect(changes.filter((change) => change.error !== null)).toEqual([]);
      expect(I.provider.requests.map((request) => request.operations.length)).toEqual(Array(10).fill(10));
      expect(new Set(I.asked()).size).toBe(100);
    });

    itNeeding(
      'cpuThrottling',
      'on a CPU four times slower, elements added together still share one request',
      async () => {
        I = await browser.open(build);
        await I.throttleCpu(4);
        const ids = await I.addTogether([swatch, pbr, { ...org1, 'article-id': 'A-101', type: 'tile' }]);
        await I.settledAll(ids);

        expect(I.provider.requests).toHaveLength(1);
        expect(I.operations()).toHaveLength(3);
      },
    );

    it("an element's endpoint on another origin: asked across origins, with neither the api key nor the page's cookie", async () => {
      I = await browser.open(build, { storage: { 'cm-api-key': 'key-123' } });
      await I.setCookie('session=s-1; path=/');
      const [elsewhere, here] = await I.addTogether([{ ...swatch, endpoint: browser.elsewhere.graphqlUrl }, swatch]);
      const [fromElsewhere, fromHere] = await I.settledAll([elsewhere!, here!]);

      expect(fromElsewhere).toMatchObject({ state: 'enabled', href: `${browser.elsewhere.origin}${A100_SWATCH}` });
      expect(fromHere).toMatchObject({ state: 'enabled', href: `${I.origin}${A100_SWATCH}` });
      const [away] = browser.elsewhere.requests;
      expect(browser.elsewhere.requests).toHaveLength(1);
      expect(away!.headers['apollographql-client-name']).toBe('web-components');
      expect(away!.headers).not.toHaveProperty('api-key');
      expect(away!.headers).not.toHaveProperty('cookie');
      // Control: the configured endpoint, on the page's own origin, gets both.
      expect(I.provider.requests[0]!.headers).toMatchObject({ 'api-key': 'key-123', cookie: 'session=s-1' });
    });
  });

  describe('answers', () => {
    it('every hostile reply is refused: each anchor stays disabled, each refusal said once', async () => {
      I = await browser.open(build);
      const ids = await I.addTogether(
        HOSTILE.map(([articleId]) => ({ 'organization-id': 'org-test', 'article-id': articleId, type: 'pbr' })),
      );
      const changes = await I.settledAll(ids);

      for (const [index, [, quoted]] of HOSTILE.entries()) {
        expect(changes[index]).toMatchObject({ state: 'disabled', href: null });
        expect(changes[index]!.error).toContain(`refused download URL ${quoted}`);
        expect(await I.anchorOf(ids[index]!)).toEqual(DISABLED);
      }
      expect(await I.elementErrors()).toHaveLength(HOSTILE.length);
    });

    it('a file name with spaces is set percent-encoded', async () => {
      I = await browser.open(build);
      const spaced = { 'organization-id': 'org-test', 'article-id': 'spaced-name' };
      const ids = await I.addTogether([
        { ...spaced, type: 'pbr' },
        { ...spaced, type: 'thumbnail', dimensions: '10x10cm' },
      ]);
      const changes = await I.settledAll(ids);

      const files = `${I.origin}/files/org-test/spaced-name`;
      expect(changes.map((change) => change.href)).toEqual([
        `${files}/My%20Material.zip`,
        `${files}/My%20Material.png`,
      ]);
      expect(await I.anchorOf(ids[0]!)).toMatchObject({ href: `${files}/My%20Material.zip` });
    });

    it('a slow answer for older inputs is aborted and never overwrites the newer link', async () => {
      I = await browser.open(build);
      const held = I.holdGraphql();
      const hrefWrites = await I.recordHrefWrites();
      const id = await I.add(pbr);
      await held.arrived(1);
      await I.setAttribute(id, 'article-id', 'A-103');
      await held.arrived(2);
      held.release(1);
      const newer = await I.settled(id);
      expect(newer.href).toContain('/files/org-1/A-103/');
      held.release(0);

      expect(await held.ended(0)).toBe('aborted');
      expect(await held.ended(1)).toBe('answered');
      expect(await I.anchorOf(id)).toMatchObject({ dataState: 'enabled', href: newer.href });
      expect(await hrefWrites.writes(id)).toEqual([newer.href]);
      expect(await I.linkChanges(id)).toEqual([newer]);
      // Both reached the provider: the first was abandoned while it held it.
      expect(I.asked()).toEqual(['A-100/GetPbrMaterialDownloadLink', 'A-103/GetPbrMaterialDownloadLink']);
    });
  });

  describe('failures that pass', () => {
    itNeeding('offline', 'offline, then online: the element fetches again by itself and the link appears', async () => {
      I = await browser.open(build, { configure: QUICK_RETRY });
      await I.goOffline();
      const id = await I.add(swatch);
      const failed = await I.settled(id);
      expect(failed).toMatchObject({ state: 'disabled', href: null });
      expect(failed.error).toMatch(/^network error: /);
      expect(I.provider.requests).toEqual([]);

      const recovered = await I.settleAfter(id, () => I.goOnline());
      expect(recovered).toMatchObject({ state: 'enabled', href: `${I.origin}${A100_SWATCH}`, error: null });
      expect(I.provider.requests).toHaveLength(1);
      // Only the final failure was said, once.
      expect(await I.elementErrors()).toEqual([logged('network error: ')]);
    });
  });

  describe('configure()', () => {
    it('endpoint: the attribute wins over configure, configure over the default', async () => {
      I = await browser.open(build, { configure: { endpoint: '/nowhere/graphql', retry: false } });
      const [viaConfigure, viaAttribute] = await I.addTogether([
        swatch,
        { ...swatch, endpoint: I.provider.graphqlUrl },
      ]);
      const [failed, found] = await I.settledAll([viaConfigure!, viaAttribute!]);

      expect(failed).toMatchObject({ state: 'disabled', error: 'request failed: HTTP 404' });
      expect(found).toMatchObject({ state: 'enabled', href: `${I.origin}${A100_SWATCH}` });
      expect(I.provider.requests).toHaveLength(1);
    });

    it('batch: false sends each operation alone, as a single-object body', async () => {
      I = await browser.open(build, { configure: { batch: false } });
      const changes = await I.settledAll(await I.addTogether([swatch, pbr, { ...pbr, 'article-id': 'A-101' }]));

      expect(changes.map((change) => change.state)).toEqual(['enabled', 'enabled', 'enabled']);
      expect(I.provider.requests.map((request) => Array.isArray(request.body))).toEqual([false, false, false]);
      expect(I.provider.requests.map((request) => request.headers['apollographql-client-name'])).toEqual(
        Array(3).fill('web-components'),
      );
    });

    it('batch: { max: 2 }: five elements make three requests', async () => {
      I = await browser.open(build, { configure: { batch: { intervalMs: 10, max: 2 } } });
      const articles = ['A-100', 'A-101', 'A-103', 'B-200', 'B-203'];
      const ids = await I.addTogether(
        articles.map((articleId) => ({
          'organization-id': articleId[0] === 'A' ? 'org-1' : 'org-2',
          'article-id': articleId,
          type: 'pbr',
        })),
      );
      const changes = await I.settledAll(ids);

      expect(changes.filter((change) => change.error !== null)).toEqual([]);
      expect(I.provider.requests.map((request) => request.operations.length).sort()).toEqual([1, 2, 2]);
      expect(I.asked().sort()).toEqual(articles.map((articleId) => `${articleId}/GetPbrMaterialDownloadLink`));
    });

    it('timeoutMs: a server that never answers times out', async () => {
      I = await browser.open(build, { configure: { timeoutMs: 300, retry: false } });
      const id = await I.add({ ...swatch, 'article-id': 'fault-hang' });

      expect(await I.settled(id)).toMatchObject({ state: 'disabled', error: 'request timed out after 300 ms' });
      expect(await I.elementErrors()).toEqual([logged('request timed out after 300 ms')]);
    });

    it('an invalid option is logged and the current value kept', async () => {
      I = await browser.open(build, { configure: { timeoutMs: -5 } });
      expect(await I.elementErrors()).toEqual([
        logged('configure: timeoutMs must be a positive number; keeping 30000'),
      ]);

      expect(await I.settled(await I.add(swatch))).toMatchObject({ state: 'enabled' });
    });
  });
});
