import { describe, expect, it } from 'vitest';
import { BUILDS, UNTIL, type CustomerPage } from '../support/customerPage';
import { engine } from './support/engine';
import { useEngine } from './support/useEngine';

/**
 * What a customer's visitor sees, in each engine: attributes and properties,
 * the anchor's states, the events, and the element's life on the page; each
 * build against the local provider over HTTP.
 */

const browser = useEngine();

const org1 = { 'organization-id': 'org-1' };
const swatch = { ...org1, 'article-id': 'A-100', type: 'thumbnail', dimensions: '10x10cm' };
const pbr = { ...org1, 'article-id': 'A-100', type: 'pbr' };
const A100_SWATCH = '/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.exr';
const A100_PBR = '/files/org-1/A-100/pbr-DONE_DEFAULT-MEDIUM-EXR.zip';
/** An element that only settles, for tests that must see what else went out beside it. */
const sentinel = { 'organization-id': 'org-2', 'article-id': 'B-203', type: 'pbr' };

const DISABLED = { dataState: 'disabled', href: null, className: 'button disabled', ariaDisabled: 'true' };
const enabled = (href: string) => ({ dataState: 'enabled', href, className: 'button', ariaDisabled: null });

describe.each(BUILDS)(`%s in ${engine.name}`, (build) => {
  let I: CustomerPage;

  describe('attributes become a link', () => {
    it('four elements become four links from one batched request, on the anchors the customer wrote', async () => {
      I = await browser.open(build);
      const lookups = [
        pbr,
        swatch,
        { ...org1, 'article-id': 'A-101', type: 'tile' },
        { 'organization-id': 'org-2', 'article-id': 'B-202', type: 'thumbnail', dimensions: '20x20cm' },
      ];
      const ids = await I.addTogether(lookups);
      await I.markAnchors(ids);
      const changes = await I.settledAll(ids);

      expect(changes.map((change) => change.state)).toEqual(['enabled', 'enabled', 'enabled', 'enabled']);
      expect(changes[0]!.href).toBe(`${I.origin}${A100_PBR}`);
      expect(changes[1]!.href).toBe(`${I.origin}${A100_SWATCH}`);
      expect(changes[2]!.href).toContain(`${I.origin}/files/org-1/A-101/tile-`);
      expect(changes[3]!.href).toContain(`${I.origin}/files/org-2/B-202/thumbnail-THUMBNAIL_20X20_CM-`);
      for (const [index, id] of ids.entries()) expect(await I.anchorOf(id)).toEqual(enabled(changes[index]!.href!));
      expect(await I.sameAnchors(ids)).toBe(true);
      expect(I.provider.requests).toHaveLength(1);
      expect(I.operations()).toHaveLength(4);
      // The link is one the visitor can download.
      expect(await I.download(changes[0]!.href!)).toBe(200);
      expect(await I.consoleErrors()).toEqual([]);
    });

    it('an attribute change looks up again and updates the href', async () => {
      I = await browser.open(build);
      const id = await I.add(pbr);
      await I.settled(id);
      const change = await I.settleAfter(id, () => I.setAttribute(id, 'article-id', 'A-103'));

      expect(change).toMatchObject({ state: 'enabled', error: null });
      expect(change.href).toContain(`${I.origin}/files/org-1/A-103/pbr-DONE_DEFAULT-`);
      expect(await I.anchorOf(id)).toEqual(enabled(change.href!));
      expect(I.asked()).toEqual(['A-100/GetPbrMaterialDownloadLink', 'A-103/GetPbrMaterialDownloadLink']);
    });

    it('a property set on the element is reflected as its attribute and looked up', async () => {
      I = await browser.open(build);
      const id = await I.add(swatch);
      await I.settled(id);
      const change = await I.settleAfter(id, () => I.setProperty(id, 'fileType', 'jpg'));

      expect(await I.attribute(id, 'file-type')).toBe('jpg');
      expect(change.href).toBe(`${I.origin}/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.jpg`);
      expect(I.operations().map((operation) => operation.variables.fileType)).toEqual(['EXR', 'JPG']);
    });

    it('spelling out a default or setting the same value changes nothing: no request, no href removed, no event', async () => {
      I = await browser.open(build);
      const id = await I.add(pbr);
      await I.settled(id);
      const hrefWrites = await I.recordHrefWrites();
      await I.setAttribute(id, 'file-type', 'exr');
      await I.setProperty(id, 'articleId', 'A-100');
      await I.setAttribute(id, 'type', 'pbr');
      // A real change after it: its one request and one event are all there is.
      const change = await I.settleAfter(id, () => I.setAttribute(id, 'resolution', 'high'));

      expect(I.operations().map((operation) => operation.variables.resolution)).toEqual([undefined, 'HIGH']);
      expect((await I.linkChanges(id)).map((c) => c.href)).toEqual([`${I.origin}${A100_PBR}`, change.href]);
      expect(await hrefWrites.writes(id)).toEqual([null, change.href]);
    });

    it('removing file-type goes back to its default, exr', async () => {
      I = await browser.open(build);
      const id = await I.add({ ...swatch, 'file-type': 'tiff' });
      expect((await I.settled(id)).href).toMatch(/-MEDIUM\.tiff$/);
      const change = await I.settleAfter(id, () => I.removeAttribute(id, 'file-type'));

      expect(change.href).toBe(`${I.origin}${A100_SWATCH}`);
      expect(I.operations().map((operation) => operation.variables.fileType)).toEqual(['TIFF', 'EXR']);
    });

    it('removing dimensions from a thumbnail goes back to none: the required error, a disabled anchor', async () => {
      I = await browser.open(build);
      const id = await I.add(swatch);
      await I.settled(id);
      const change = await I.settleAfter(id, () => I.removeAttribute(id, 'dimensions'));

      expect(change).toMatchObject({
        state: 'disabled',
        href: null,
        error: 'Missing assignment type. Did you provide valid dimensions?',
      });
      expect(await I.anchorOf(id)).toEqual(DISABLED);
      expect(await I.elementErrors()).toEqual([
        expect.stringContaining('cm-material-download: Missing assignment type. Did you provide valid dimensions?'),
      ]);
      expect(I.provider.requests).toHaveLength(1);
    });

    it('properties set before the script loaded are adopted and reflected', async () => {
      I = await browser.open(build, { load: false });
      const id = await I.add({}, { properties: { organizationId: 'org-2', articleId: 'B-200', type: 'pbr' } });
      expect(await I.anchorOf(id)).toMatchObject({ dataState: null, href: null });
      await I.loadElement();
      const change = await I.settled(id);

      expect(change).toMatchObject({ state: 'enabled', error: null });
      expect(change.href).toContain(`${I.origin}/files/org-2/B-200/pbr-DONE_DEFAULT-`);
      expect(await I.attribute(id, 'article-id')).toBe('B-200');
      expect(I.operations()[0]!.variables).toMatchObject({ organizationId: 'org-2', articleId: 'B-200' });
    });
  });

  describe('bad input: a message, a disabled anchor, nothing thrown', () => {
    it.each([
      [{ ...pbr, type: 'pdf' }, 'Invalid type "pdf". Valid values: pbr, thumbnail, tile.'],
      [{ 'article-id': 'A-100', type: 'pbr' }, 'no organization id provided'],
      [{ ...pbr, dimensions: '10x10cm' }, 'Providing dimensions is not supported for PBRs.'],
      [{ ...pbr, resolution: 'ultra' }, 'Invalid resolution "ultra". Valid values: none, low, medium, high.'],
    ])('%o: "%s"', async (attributes, message) => {
      I = await browser.open(build);
      const id = await I.add(attributes);
      const change = await I.settled(id);

      expect(change).toEqual({
        id,
        state: 'disabled',
        href: null,
        error: message,
        reason: 'invalid-input',
        bubbles: true,
        composed: true,
      });
      expect(await I.anchorOf(id)).toEqual(DISABLED);
      expect(await I.elementErrors()).toEqual([expect.stringContaining(`cm-material-download: ${message}`)]);
      expect(I.provider.requests).toEqual([]);
    });

    it.each([
      ['a button', '<button class="button">Download</button>'],
      ['a span', '<span class="button">Not a link</span>'],
      ['no child at all', ''],
      ['only text', 'text only'],
    ])('a first child that is not an anchor (%s): the message, and the child left as it was', async (_, inner) => {
      I = await browser.open(build);
      const id = await I.add(pbr, { inner });
      await expect
        .poll(() => I.elementErrors(), UNTIL)
        .toEqual([
          expect.stringContaining(
            'cm-material-download: the element expects its first child to be an anchor tag (<a>)',
          ),
        ]);
      expect(await I.childrenOf(id)).toBe(inner);
    });
  });

  describe('cm-link-change', () => {
    it('announces the link (bubbles, composed), even from inside a shadow root', async () => {
      I = await browser.open(build);
      const id = await I.addInShadowRoot(swatch);

      expect(await I.settled(id)).toEqual({
        id,
        state: 'enabled',
        href: `${I.origin}${A100_SWATCH}`,
        error: null,
        reason: null,
        bubbles: true,
        composed: true,
      });
    });

    it('no file for these inputs: disabled, error null, nothing logged', async () => {
      I = await browser.open(build);
      const id = await I.add({ ...org1, 'article-id': 'A-102', type: 'pbr' });

      expect(await I.settled(id)).toMatchObject({ state: 'disabled', href: null, error: null });
      expect(await I.anchorOf(id)).toEqual(DISABLED);
      expect(await I.consoleErrors()).toEqual([]);
    });
  });

  describe('moving and removing', () => {
    it('a DOM move keeps the link and sends no new request; the element stays alive', async () => {
      I = await browser.open(build);
      const id = await I.add(pbr);
      await I.settled(id);
      const hrefWrites = await I.recordHrefWrites();
      await I.moveBesideSentinel(id, sentinel);
      // Past the 10 ms a removal waits before it destroys.
      await I.passTime(30);

      expect(await I.attribute(id, 'data-state')).toBe('enabled');
      expect(await hrefWrites.writes(id)).toEqual([]);
      expect(await I.linkChanges(id)).toHaveLength(1);
      expect(I.asked()).toEqual(['A-100/GetPbrMaterialDownloadLink', 'B-203/GetPbrMaterialDownloadLink']);
      // Alive: it still answers a change.
      const change = await I.settleAfter(id, () => I.setAttribute(id, 'article-id', 'A-101'));
      expect(change.href).toContain('/files/org-1/A-101/');
    });

    it('removed for good: destroyed after 10 ms, and a later change sends no request', async () => {
      I = await browser.open(build);
      const id = await I.add(pbr);
      await I.settled(id);
      await I.removeForGood(id);
      await I.changeRemovedBesideSentinel(id, 'article-id', 'A-101', sentinel);

      expect(I.asked()).toEqual(['A-100/GetPbrMaterialDownloadLink', 'B-203/GetPbrMaterialDownloadLink']);
      expect(await I.linkChanges(id)).toHaveLength(1);
    });

    it('removed while its request is out: the request is aborted, nothing applied nor announced', async () => {
      I = await browser.open(build);
      const held = I.holdGraphql();
      const id = await I.add(pbr);
      await held.arrived(1);
      const before = await I.markupOf(id);
      await I.removeForGood(id);
      // Waited for, not timed: on a busy machine the destroy's timer may run after any fixed wait.
      expect(await held.ended(0)).toBe('aborted');
      // A later element's link arrives after anything the first request could still bring.
      const later = await I.add(swatch);
      await held.arrived(2);
      held.release(1);
      await I.settled(later);

      expect(await I.markupOf(id)).toBe(before);
      expect(await I.linkChanges(id)).toEqual([]);
      expect(await I.consoleErrors()).toEqual([]);
    });
  });

  describe('defer-hydration', () => {
    it('holds the element, writing nothing and asking nothing, until a framework removes it', async () => {
      I = await browser.open(build);
      const [held, beside] = await I.addTogether([{ ...pbr, 'defer-hydration': '' }, sentinel]);
      await I.settled(beside!);
      // Inputs that change while it is held are the ones it starts with.
      await I.setAttribute(held!, 'article-id', 'A-103');
      await I.passTime(50);

      expect(await I.anchorOf(held!)).toEqual({ dataState: null, href: null, className: 'button', ariaDisabled: null });
      expect(await I.attribute(held!, 'data-reason')).toBeNull();
      expect(await I.linkChanges(held)).toEqual([]);
      expect(I.asked()).toEqual(['B-203/GetPbrMaterialDownloadLink']);

      const change = await I.settleAfter(held!, () => I.removeAttribute(held!, 'defer-hydration'));
      expect(change.href).toContain(`${I.origin}/files/org-1/A-103/pbr-DONE_DEFAULT-`);
      expect(await I.anchorOf(held!)).toEqual(enabled(change.href!));
      expect(I.asked()).toEqual(['B-203/GetPbrMaterialDownloadLink', 'A-103/GetPbrMaterialDownloadLink']);
      expect(await I.consoleErrors()).toEqual([]);
    });
  });

  describe('loading="lazy"', () => {
    it('waits, disabled and without a request, until it comes near the viewport', async () => {
      I = await browser.open(build);
      await I.addSpace(3000);
      // The eager one beside it goes out in the same batch window the lazy one would.
      const [lazy, eager] = await I.addTogether([{ ...pbr, loading: 'lazy' }, sentinel]);
      await I.settled(eager!);

      expect(await I.anchorOf(lazy!)).toEqual({ ...DISABLED, dataState: 'waiting' });
      expect(I.asked()).toEqual(['B-203/GetPbrMaterialDownloadLink']);

      const change = await I.settleAfter(lazy!, () => I.scrollTo(lazy!));
      expect(change.href).toBe(`${I.origin}${A100_PBR}`);
      expect(I.asked()).toEqual(['B-203/GetPbrMaterialDownloadLink', 'A-100/GetPbrMaterialDownloadLink']);
    });
  });
});
