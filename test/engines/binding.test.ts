import { describe, expect, it } from 'vitest';
import { BUILDS, type Binding, type CustomerPage, type ElementId } from '../support/customerPage';
import { engine } from './support/engine';
import { useEngine } from './support/useEngine';

/**
 * Frameworks insert an element first and bind its inputs after: Angular in
 * the same task for a root template, in a later task for a routed view.
 * Neither order may report an input missing, in any engine: the page hears
 * of the element once, when its link is known, after one request.
 */

const browser = useEngine();

const BY_PROPERTIES: Binding = { properties: { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' } };
const BY_ATTRIBUTES: Binding = { attributes: { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr' } };
const A100_PBR = '/files/org-1/A-100/pbr-DONE_DEFAULT-MEDIUM-EXR.zip';

describe.each(BUILDS)(`%s in ${engine.name}: inputs bound after the element is inserted`, (build) => {
  let I: CustomerPage;

  /** The element settled enabled, having said nothing before: one cm-link-change, no message, one request. */
  async function expectOnlyTheFinalSettling(id: ElementId): Promise<void> {
    const change = await I.settled(id);
    expect(change).toMatchObject({ state: 'enabled', href: `${I.origin}${A100_PBR}`, error: null });
    expect(await I.linkChanges(id)).toEqual([change]);
    expect(await I.consoleErrors()).toEqual([]);
    expect(await I.consoleWarnings()).toEqual([]);
    expect(I.asked()).toEqual(['A-100/GetPbrMaterialDownloadLink']);
    expect(I.provider.requests).toHaveLength(1);
  }

  it.each([
    ['properties', BY_PROPERTIES],
    ['attributes', BY_ATTRIBUTES],
  ] as const)('%s set in the task that inserted it: nothing is missing', async (_, binding) => {
    I = await browser.open(build);
    const id = await I.insert({ binding });
    await expectOnlyTheFinalSettling(id);
  });

  it.each([
    ['properties', BY_PROPERTIES],
    ['attributes', BY_ATTRIBUTES],
  ] as const)('%s set in a later task, after a frame: it waits, disabled and quiet, until then', async (_, binding) => {
    I = await browser.open(build);
    const id = await I.insert();
    await I.aFrameLater();
    await I.aFrameLater();

    expect(await I.anchorOf(id)).toEqual({
      dataState: 'idle',
      href: null,
      className: 'button disabled',
      ariaDisabled: 'true',
    });
    expect([await I.linkChanges(), await I.consoleErrors(), await I.consoleWarnings(), I.provider.requests]).toEqual([
      [],
      [],
      [],
      [],
    ]);

    await I.bind(id, binding);
    await expectOnlyTheFinalSettling(id);
  });
});
