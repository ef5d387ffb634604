import { describe, expect, it } from 'vitest';
import { BUILDS, type CustomerPage } from '../support/customerPage';
import { engine } from './support/engine';
import { useEngine } from './support/useEngine';

/**
 * Servers that flush early send a page in pieces: the parser connects an
 * element (and an async module script defines it) before its anchor has
 * arrived. Such an element waits for its children quietly: no message, no
 * event, until they are there; then it announces its link, once, on the
 * customer's own anchor. The provider holds each pause of the page
 * (fixtures/streamed.html) until the test sends the next piece, so every
 * anchor arrives when the test says, however slow the machine.
 */

const browser = useEngine();

const A100_PBR = '/files/org-1/A-100/pbr-DONE_DEFAULT-MEDIUM-EXR.zip';
const A100_SWATCH = '/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.exr';
const A103_PBR = '/files/org-1/A-103/pbr-DONE_DEFAULT-MEDIUM-EXR.zip';

/** The streamed page's elements, in the order the stream brings them, and what each ends up showing. */
const ELEMENTS = {
  /** Its open tag in one piece, its anchor in the next. */
  'late-anchor': { href: A100_PBR, text: 'Download the PBR package', asked: 'A-100/GetPbrMaterialDownloadLink' },
  /** Its link known long before its anchor arrives, and that anchor's text in two pieces. */
  'long-pause': { href: A100_SWATCH, text: 'Download the swatch', asked: 'A-100/GetMaterialDownloadLink' },
  /** Whole, after them in the stream. */
  after: { href: A103_PBR, text: 'Download the next package', asked: 'A-103/GetPbrMaterialDownloadLink' },
} as const;
const IDS = Object.keys(ELEMENTS) as (keyof typeof ELEMENTS)[];

describe.each(BUILDS)(`%s in ${engine.name}: a page streamed in pieces`, (build) => {
  let I: CustomerPage;

  it('an element whose anchor comes later waits for it quietly: nothing logged, only its link announced', async () => {
    I = await browser.open(build, { load: false });
    const lookups = I.holdGraphql();

    await I.startStreamedPage();
    // #late-anchor is on the page without its anchor. It asks for its link: defined and connected.
    await lookups.arrived(1);

    await I.sendNextPiece();
    // Its anchor is in, its lookup unanswered; #long-pause is on the page without its anchor.
    lookups.release(0);
    await lookups.arrived(2);
    lookups.release(1);
    // #long-pause's link reached the page before its anchor did.
    expect(await lookups.ended(1)).toBe('answered');
    lookups.end();

    await I.sendNextPiece();
    // Its anchor is in, half of its text with it.
    await I.sendNextPiece();
    await I.streamedPageLoaded();

    const changes = await I.settledAll(IDS);
    for (const [index, id] of IDS.entries()) {
      expect(changes[index]).toMatchObject({ state: 'enabled', href: `${I.origin}${ELEMENTS[id].href}`, error: null });
      // Once: no `disabled` (`no-anchor`) before it.
      expect(await I.linkChanges(id)).toEqual([changes[index]]);
      expect(await I.anchorText(id)).toBe(ELEMENTS[id].text);
      expect(await I.anchorOf(id)).toEqual({
        dataState: 'enabled',
        href: `${I.origin}${ELEMENTS[id].href}`,
        className: 'button',
        ariaDisabled: null,
      });
    }
    expect(await I.consoleErrors()).toEqual([]);
    expect(await I.consoleWarnings()).toEqual([]);
    expect(await I.thrown()).toEqual([]);
    // Each anchor is the node the stream brought, not one made in its place.
    expect(await I.sameAnchors(IDS)).toBe(true);
    expect(I.asked()).toEqual(IDS.map((id) => ELEMENTS[id].asked));

    // What makes this a test of a streamed page: the element was defined while the page was still
    // coming, before #late-anchor's anchor arrived, and both anchors found their elements upgraded,
    // on the page and still waiting for the rest of it (a lookup under way, or done: never disabled).
    const arrivals = await I.anchorArrivals();
    expect(arrivals.defined).toEqual({ loading: true, withoutAnchor: ['late-anchor'] });
    expect(arrivals.anchors.map(({ id }) => id)).toEqual(IDS);
    for (const arrival of arrivals.anchors.slice(0, 2)) {
      expect(arrival).toEqual({
        id: arrival.id,
        defined: true,
        connected: true,
        loading: true,
        dataState: expect.stringMatching(/^(fetching|enabled)$/),
      });
    }
  });
});
