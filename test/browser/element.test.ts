import { describe, expect, it } from 'vitest';
import type { ChromiumPage } from './support/chromiumPage';
import { useHarness } from './support/useHarness';

const harness = useHarness();
let I: ChromiumPage;

const org1 = { 'organization-id': 'org-1' };
type Attributes = Record<string, string>;

describe('the link for each type', () => {
  it.each([
    [
      { ...org1, 'article-id': 'A-100', type: 'thumbnail', dimensions: '10x10cm' },
      '/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM',
    ],
    [{ ...org1, 'article-id': 'A-101', type: 'tile' }, '/files/org-1/A-101/tile-MATERIAL_TILEABLE_RENDER_2'],
    [{ ...org1, 'article-id': 'A-100', type: 'pbr' }, '/files/org-1/A-100/pbr-DONE_DEFAULT'],
    [
      {
        'organization-id': 'org-2',
        'article-id': 'B-200',
        type: 'thumbnail',
        dimensions: '16x16in',
        resolution: 'high',
        'file-type': 'jpg',
      },
      '/files/org-2/B-200/thumbnail-THUMBNAIL_16X16_IN-HIGH.jpg',
    ],
  ] as [Attributes, string][])('%j links to the provider file', async (attributes, path) => {
    I = await harness.newPage();
    await I.open();
    const element = await I.add(attributes);
    const change = await I.settled(element);
    expect(change).toMatchObject({ state: 'enabled', error: null });
    expect(change.href).toContain(`${I.origin}${path}`);
    expect(await I.anchorOf(element)).toEqual({
      dataState: 'enabled',
      href: change.href,
      className: 'button',
      ariaDisabled: null,
    });
    const download = await I.page.request.get(change.href!);
    expect(download.ok()).toBe(true);
  });

  it.each([
    [{ ...org1, 'article-id': 'A-199', type: 'thumbnail', dimensions: '10x10cm' }, 'an article with nothing'],
    [{ ...org1, 'article-id': 'A-102', type: 'tile' }, 'only a video among the tileables'],
    [{ ...org1, 'article-id': 'A-102', type: 'pbr' }, 'no DONE default PBR'],
    [{ ...org1, 'article-id': 'no-such-article', type: 'pbr' }, 'an unknown article'],
    [
      { 'organization-id': 'org-test', 'article-id': 'hostile-null', type: 'thumbnail', dimensions: '10x10cm' },
      'a null URL',
    ],
  ] as [Attributes, string][])('%j is disabled without error: %s', async (attributes) => {
    I = await harness.newPage();
    await I.open();
    const element = await I.add(attributes);
    expect(await I.settled(element)).toMatchObject({ state: 'disabled', href: null, error: null });
    expect(await I.anchorOf(element)).toEqual({
      dataState: 'disabled',
      href: null,
      className: 'button disabled',
      ariaDisabled: 'true',
    });
    expect(I.devtools.consoleErrors).toEqual([]);
  });
});

const DISABLED = { href: null, className: 'button disabled', ariaDisabled: 'true' };

describe('validation messages', () => {
  it.each([
    [{ ...org1, type: 'pbr' }, 'no article id provided'],
    [{ 'article-id': 'A-100', type: 'pbr' }, 'no organization id provided'],
    [{ ...org1, 'article-id': '', type: 'pbr' }, 'no article id provided'],
    [{ ...org1, 'article-id': 'A-100', type: 'video' }, 'Invalid type "video". Valid values: pbr, thumbnail, tile.'],
    [
      { ...org1, 'article-id': 'A-100', type: 'pbr', dimensions: '10x10cm' },
      'Providing dimensions is not supported for PBRs.',
    ],
    [
      { ...org1, 'article-id': 'A-100', type: 'thumbnail' },
      'Missing assignment type. Did you provide valid dimensions?',
    ],
    [
      { ...org1, 'article-id': 'A-100', type: 'tile', dimensions: '7x7in' },
      'Providing dimensions is not supported for tileable images.',
    ],
    [
      { ...org1, 'article-id': 'A-100', type: 'thumbnail', dimensions: '11x11in' },
      'Invalid dimensions "11x11in". Valid values: none, 7x7in, 8x8in, 9x9in, 16x16in, 13_5x13_5in, 27x27in, 10x10cm, 20x20cm, 30x30cm.',
    ],
    [
      { ...org1, 'article-id': 'A-100', type: 'pbr', resolution: 'ultra' },
      'Invalid resolution "ultra". Valid values: none, low, medium, high.',
    ],
    [
      { ...org1, 'article-id': 'A-100', type: 'pbr', 'file-type': 'gif' },
      'Invalid fileType "gif". Valid values: none, exr, jpg, tiff.',
    ],
  ] as [Attributes, string][])('%j logs "%s" and disables the link, without a request', async (attributes, message) => {
    I = await harness.newPage();
    await I.open();
    harness.provider.clearRequests();
    const element = await I.add(attributes);
    expect(await I.settled(element)).toMatchObject({ state: 'disabled', href: null, error: message });
    expect(await I.anchorOf(element)).toEqual({ dataState: 'disabled', ...DISABLED });
    expect(I.devtools.consoleErrors).toEqual([`cm-material-download: ${message} JSHandle@node`]);
    expect(harness.provider.requests).toEqual([]);
  });
});

describe("the customer's anchor", () => {
  it('keeps its node, text, classes, attributes, children and listeners, and stays visible', async () => {
    I = await harness.newPage();
    await I.open({ load: false });
    await I.page.evaluate(() => {
      document.getElementById('root')!.innerHTML = `
        <cm-material-download id="el-1" organization-id="org-1" article-id="A-100" type="pbr">
          <a class="button primary" data-track="pbr" title="Get it"><img alt="" src="/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.png" width="16" height="16"> Download <b>PBR</b></a>
          <span class="note">zip, 4 MB</span>
        </cm-material-download>`;
      const anchor = document.querySelector('a')!;
      (window as any).__anchor = anchor;
      (window as any).__clicks = 0;
      anchor.addEventListener('click', (event) => {
        event.preventDefault();
        (window as any).__clicks += 1;
      });
    });
    const before = await I.page.evaluate(() => document.getElementById('el-1')!.innerHTML);
    await I.loadElement();
    const element = 'el-1';
    const change = await I.settled(element);
    expect(change.state).toBe('enabled');
    const after = await I.page.evaluate(() => {
      const anchor = document.querySelector('cm-material-download a')!;
      anchor.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      return {
        sameNode: anchor === (window as any).__anchor,
        clicks: (window as any).__clicks,
        html: document.getElementById('el-1')!.innerHTML,
      };
    });
    expect(after.sameNode).toBe(true);
    expect(after.clicks).toBe(1);
    // The only change to the customer's markup is the href the element was asked for.
    expect(after.html).toBe(before.replace('title="Get it"', `title="Get it" href="${change.href}"`));
    await expect.poll(() => I.locator(element).locator('a').isVisible()).toBe(true);
    expect(await I.locator(element).locator('span.note').isVisible()).toBe(true);
    expect((await I.locator(element).locator('a').boundingBox())!.width).toBeGreaterThan(0);
  });
});

describe('inputs', () => {
  it('a property change does the same, and is reflected as an attribute', async () => {
    I = await harness.newPage();
    await I.open();
    const element = await I.add({ ...org1, 'article-id': 'A-100', type: 'pbr' });
    await I.settled(element);
    const change = await I.settleAfter(element, () =>
      I.locator(element).evaluate((host: any) => {
        host.type = 'thumbnail';
        host.dimensions = '13_5x13_5in';
      }),
    );
    expect(change.href).toContain('/A-100/thumbnail-THUMBNAIL_13_5X13_5_IN');
    expect(await I.locator(element).getAttribute('dimensions')).toBe('13_5x13_5in');
    expect(await I.locator(element).evaluate((host: any) => host.type)).toBe('thumbnail');
  });

  it('removing an attribute goes back to its default', async () => {
    I = await harness.newPage();
    await I.open({ configure: { batch: false } });
    const element = await I.add({
      ...org1,
      'article-id': 'A-100',
      type: 'thumbnail',
      dimensions: '10x10cm',
      'file-type': 'jpg',
    });
    expect((await I.settled(element)).href).toMatch(/\.jpg$/);
    const noFileType = await I.settleAfter(element, () => I.removeAttribute(element, 'file-type'));
    expect(noFileType.href).toMatch(/\.exr$/);
    expect(I.operations().at(-1)!.variables).toMatchObject({ fileType: 'EXR' });
    const noDimensions = await I.settleAfter(element, () => I.removeAttribute(element, 'dimensions'));
    expect(noDimensions).toMatchObject({
      state: 'disabled',
      error: 'Missing assignment type. Did you provide valid dimensions?',
    });
    // Both changes in one task: one input change.
    const noArticle = await I.settleAfter(element, () =>
      I.locator(element).evaluate((host) => {
        host.setAttribute('dimensions', '10x10cm');
        host.removeAttribute('article-id');
      }),
    );
    expect(noArticle.error).toBe('no article id provided');
  });

  it('setting a property to undefined or an empty string unsets it', async () => {
    I = await harness.newPage();
    await I.open();
    const element = await I.add({ ...org1, 'article-id': 'A-100', type: 'pbr' });
    await I.settled(element);
    const unset = await I.settleAfter(element, () => I.setProperty(element, 'organizationId', undefined));
    expect(unset.error).toBe('no organization id provided');
    expect(await I.locator(element).getAttribute('organization-id')).toBeNull();
    await I.settleAfter(element, () => I.setProperty(element, 'organizationId', 'org-1'));
    const empty = await I.settleAfter(element, () => I.setProperty(element, 'articleId', ''));
    expect(empty.error).toBe('no article id provided');
  });

  it('shows a disabled anchor the moment it is inserted, and is fetching once that task is over', async () => {
    I = await harness.newPage();
    await I.open();
    const seen = await I.page.evaluate(async () => {
      const host = document.createElement('cm-material-download');
      host.id = 'el-1';
      Object.entries({ 'organization-id': 'org-1', 'article-id': 'fault-delay-300', type: 'pbr' }).forEach(([n, v]) =>
        host.setAttribute(n, v),
      );
      host.innerHTML = '<a class="button">Download</a>';
      document.getElementById('root')!.append(host);
      const anchor = host.firstElementChild!;
      const read = () => [
        host.getAttribute('data-state'),
        anchor.getAttribute('href'),
        anchor.className,
        anchor.getAttribute('aria-disabled'),
      ];
      const atInsert = read();
      // A microtask later: still the same task, where a framework binds what it inserted.
      await Promise.resolve();
      const atEndOfTask = read();
      await new Promise((done) => setTimeout(done));
      return { atInsert, atEndOfTask, aTaskLater: read() };
    });
    expect(seen).toEqual({
      atInsert: ['idle', null, 'button disabled', 'true'],
      atEndOfTask: ['idle', null, 'button disabled', 'true'],
      aTaskLater: ['fetching', null, 'button disabled', 'true'],
    });
    expect(await I.settled('el-1')).toMatchObject({ state: 'enabled' });
  });
});

describe('loading', () => {
  it('loading the file twice neither throws nor warns, and the element still works', async () => {
    I = await harness.newPage();
    await I.open();
    await I.loadElement('/dist/cm-material-download.js?copy=2');
    const element = await I.add({ ...org1, 'article-id': 'A-100', type: 'pbr' });
    expect((await I.settled(element)).state).toBe('enabled');
    expect(I.devtools.consoleWarnings).toEqual([]);
  });

  it('offers configure() on the element class for script-tag users', async () => {
    I = await harness.newPage();
    await I.open();
    const config = await I.page.evaluate(() =>
      (customElements.get('cm-material-download') as any).configure({ timeoutMs: 1234 }),
    );
    expect(config).toMatchObject({ timeoutMs: 1234, endpoint: '/graphql', batch: { intervalMs: 10, max: 10 } });
  });
});

describe('how customers put the element on a page', () => {
  it('a classic script in <head>, loaded twice, before the markup: links work, nothing logged', async () => {
    I = await harness.newPage();
    await I.page.goto(`${I.origin}/fixtures/classic-script.html`);
    for (const id of ['el-1', 'el-2']) {
      const change = await I.settled(id);
      expect(change).toMatchObject({ state: 'enabled', error: null });
    }
    expect((await I.anchorOf('el-2')).href).toContain('/org-2/B-202/thumbnail-THUMBNAIL_20X20_CM');
    expect(I.devtools.consoleErrors).toEqual([]);
  });

  it('an anchor appended right after the element is bound, without a missing-anchor message', async () => {
    I = await harness.newPage();
    await I.open();
    await I.page.evaluate(() => {
      const host = document.createElement('cm-material-download');
      host.id = 'el-1';
      Object.entries({ 'organization-id': 'org-1', 'article-id': 'A-101', type: 'tile' }).forEach(([n, v]) =>
        host.setAttribute(n, v),
      );
      document.getElementById('root')!.append(host);
      // As frameworks do: the parent is inserted first, its children after.
      host.innerHTML = '<a class="button">Tile</a>';
    });
    const change = await I.settled('el-1');
    expect(change.href).toContain('/A-101/tile-');
    expect((await I.anchorOf('el-1')).href).toBe(change.href);
    expect(I.devtools.consoleErrors).toEqual([]);
  });

  it('an anchor the page replaces later gets the link too', async () => {
    I = await harness.newPage();
    await I.open();
    const element = await I.add({ ...org1, 'article-id': 'A-100', type: 'pbr' });
    const change = await I.settled(element);
    await I.locator(element).evaluate((host) =>
      host.firstElementChild!.replaceWith(Object.assign(document.createElement('a'), { textContent: 'New' })),
    );
    await expect.poll(async () => (await I.anchorOf(element)).href).toBe(change.href);
    expect(I.devtools.consoleErrors).toEqual([]);
  });
});

describe('accessibility of the anchor', () => {
  it('a disabled link is out of the tab order and announced as a disabled link', async () => {
    I = await harness.newPage();
    await I.open();
    await I.page.evaluate(() => document.body.insertAdjacentHTML('afterbegin', '<button id="before">before</button>'));
    const element = await I.add({ ...org1, 'article-id': 'A-199', type: 'pbr' });
    await I.settled(element);
    const anchor = I.locator(element).locator('a');
    expect(
      await anchor.evaluate((a) => [
        a.getAttribute('role'),
        a.getAttribute('tabindex'),
        a.getAttribute('aria-disabled'),
      ]),
    ).toEqual(['link', '-1', 'true']);
    await I.page.focus('#before');
    await I.page.keyboard.press('Tab');
    expect(await I.page.evaluate(() => document.activeElement?.tagName)).not.toBe('A');
    expect(await anchor.ariaSnapshot()).toBe('- link "Download" [disabled]');
  });

  it("enabling restores exactly the customer's own tabindex, role and classes", async () => {
    I = await harness.newPage();
    await I.open();
    // Inserted and read in one task: the anchor is disabled before any answer can arrive.
    const whileDisabled = await I.page.evaluate(() => {
      const host = document.createElement('cm-material-download');
      host.id = 'el-1';
      Object.entries({ 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr' }).forEach(([n, v]) =>
        host.setAttribute(n, v),
      );
      host.innerHTML = '<a class="cta big" role="button" tabindex="3">Get</a>';
      document.getElementById('root')!.append(host);
      const anchor = host.firstElementChild!;
      return [anchor.getAttribute('role'), anchor.getAttribute('tabindex'), anchor.className];
    });
    expect(whileDisabled).toEqual(['button', '-1', 'cta big disabled']);
    const element = 'el-1';
    await I.settled(element);
    expect(await I.locator(element).evaluate((host) => host.innerHTML)).toMatch(
      /^<a class="cta big" role="button" tabindex="3" href="http[^"]+">Get<\/a>$/,
    );
  });
});
