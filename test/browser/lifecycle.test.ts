import { describe, expect, it } from 'vitest';
import type { ChromiumPage } from './support/chromiumPage';
import { useHarness } from './support/useHarness';

const harness = useHarness();
let I: ChromiumPage;

const pbr = { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr' };
const thumbnail = { ...pbr, type: 'thumbnail', dimensions: '10x10cm' };
/** Another element on the page, whose real change shows that a batch window has passed. */
const witness = { ...pbr, 'article-id': 'A-101' };

/**
 * An enabled element beside the witness, with the answer cache off (so that
 * any second lookup reaches the provider) and every href write recorded from
 * now on; the provider's log starts empty.
 */
async function openEnabled(attributes: Record<string, string>) {
  I = await harness.open({ configure: { cacheTtlMs: 0 } });
  const [element, other] = await I.addTogether([attributes, witness]);
  const [settled] = await I.settledAll([element!, other!]);
  expect(settled).toMatchObject({ state: 'enabled', error: null });
  const hrefs = await I.recordHrefWrites();
  harness.provider.clearRequests();
  return { element: element!, other: other!, settled: settled!, hrefs };
}

/** A write that leaves the request as it was: on an element with these attributes, set this attribute or property. */
type NoOpChange = [
  title: string,
  attributes: Record<string, string>,
  write: 'attribute' | 'property',
  name: string,
  value: string,
];
const NO_OP_CHANGES: NoOpChange[] = [
  ['dimensions="none" on a PBR', pbr, 'attribute', 'dimensions', 'none'],
  ['file-type="exr", the default spelled out', thumbnail, 'attribute', 'file-type', 'exr'],
  ['resolution="none", the default spelled out', thumbnail, 'attribute', 'resolution', 'none'],
  ['the same article-id set again', pbr, 'attribute', 'article-id', 'A-100'],
  ['the same dimensions set again', thumbnail, 'attribute', 'dimensions', '10x10cm'],
  ["el.fileType = 'exr', the default as a property", pbr, 'property', 'fileType', 'exr'],
  ["el.articleId = 'A-100', the value it has", thumbnail, 'property', 'articleId', 'A-100'],
];

describe('a change that leaves the request as it was', () => {
  it.each(NO_OP_CHANGES)(
    '%s: no request, no href removed, no cm-link-change',
    async (_, attributes, write, name, value) => {
      const { element, other, settled, hrefs } = await openEnabled(attributes);
      await (write === 'attribute' ? I.setAttribute(element, name, value) : I.setProperty(element, name, value));
      // A real change on another element, settled: by then a batch window has surely passed since the no-op.
      await I.settleAfter(other, () => I.setAttribute(other, 'article-id', 'A-103'));

      expect(I.operations().map((operation) => operation.variables.articleId)).toEqual(['A-103']);
      expect(
        (await hrefs.writes(element)).filter((href) => href !== settled.href),
        'href writes other than the link it had',
      ).toEqual([]);
      expect(await I.linkChanges(settled.id)).toEqual([settled]);
      expect(await I.anchorOf(element)).toEqual({
        dataState: 'enabled',
        href: settled.href,
        className: 'button',
        ariaDisabled: null,
      });
    },
  );

  it('control: a real change (file-type="jpg") fetches again, removes the href meanwhile, and announces the new link', async () => {
    const { element, settled, hrefs } = await openEnabled(thumbnail);
    const change = await I.settleAfter(element, () => I.setAttribute(element, 'file-type', 'jpg'));

    expect(change).toMatchObject({ state: 'enabled', error: null, href: expect.stringMatching(/\.jpg$/) });
    expect(I.operations().map((operation) => operation.variables)).toEqual([
      { articleId: 'A-100', organizationId: 'org-1', assignmentType: 'THUMBNAIL_10X10_CM', fileType: 'JPG' },
    ]);
    expect(await hrefs.writes(element)).toEqual([null, change.href]);
    expect(await I.linkChanges(settled.id)).toEqual([settled, change]);
  });
});

describe('moving and removing', () => {
  it('a move while fetching keeps the request, and its answer is applied', async () => {
    I = await harness.open();
    const first = await I.holdFirstRequest();
    const element = await I.add({ 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr' });
    const held = await first.arrived;
    await I.page.evaluate(async () => {
      const host = document.getElementById('el-1')!;
      host.remove();
      // Back within the 10 ms grace period, as frameworks do when they reorder.
      await new Promise((resolve) => setTimeout(resolve, 2));
      document.body.prepend(host);
    });
    // Past the grace period: a destroyed element would have aborted its request by now.
    await I.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    await held.continue();
    expect(await I.settled(element)).toMatchObject({ state: 'enabled', error: null });
    expect(I.devtools.failedGraphqlRequests).toEqual([]);
    expect(I.operations()).toHaveLength(1);
  });

  it('removed for good: destroyed after 10 ms, its request aborted, and no request after', async () => {
    I = await harness.newPage();
    await I.open({ trace: true, configure: { batch: false } });
    const element = await I.add({ 'organization-id': 'org-1', 'article-id': 'fault-hang', type: 'pbr' });
    await expect
      .poll(() => harness.provider.requests.some((r) => r.operations[0]?.variables.articleId === 'fault-hang'))
      .toBe(true);
    const requestsBefore = harness.provider.requests.length;
    await I.locator(element).evaluate((host) => {
      (window as any).__detached = host;
      host.remove();
    });
    await expect.poll(() => I.devtools.failedGraphqlRequests).toEqual(['net::ERR_ABORTED']);
    expect((await I.trace('el-1')).at(-1)).toMatchObject({ from: 'fetching', to: 'destroyed' });
    await I.page.evaluate(() => {
      const host = (window as any).__detached as HTMLElement;
      host.setAttribute('article-id', 'A-100');
      (host as any).type = 'thumbnail';
      // Even put back, a destroyed element stays inert.
      document.body.append(host);
    });
    await I.page.waitForTimeout(150);
    expect(harness.provider.requests.length).toBe(requestsBefore);
    expect(await I.linkChanges()).toEqual([]);
    expect(I.devtools.consoleErrors).toEqual([]);
  });
});
