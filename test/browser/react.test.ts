import { beforeAll, expect, it } from 'vitest';
import { describeEachReactMode } from './support/describeEachReactMode';
import type { ChromiumPage } from './support/chromiumPage';
import { buildReactFixture } from './support/buildReactFixture';
import { useHarness } from './support/useHarness';

/**
 * The exported React component, `<MaterialDownload>`, a wrapper over the
 * tag, in both React modes: StrictMode renders twice and mounts, unmounts
 * and remounts every effect (its listener and the element's definition among
 * them), which must cost neither a second input event, nor a second request,
 * nor a second `onLinkChange` or error message.
 */
const harness = useHarness();
let I: ChromiumPage;

beforeAll(() => buildReactFixture('react-app'), 60_000);

interface FixtureRecords {
  sent: string[];
  linkChanges: { state: string; href: string | null; error: string | null }[];
}

async function openFixture(): Promise<void> {
  I = await harness.newPage();
  harness.provider.clearRequests();
  await I.page.goto(`${harness.provider.origin}/fixtures/react-app/dist/index.html`);
  await I.page.waitForFunction(() => typeof (window as unknown as { render?: unknown }).render === 'function');
}
const linkChanges = () => I.page.evaluate(() => (window as unknown as FixtureRecords).linkChanges);
const sent = () => I.page.evaluate(() => (window as unknown as FixtureRecords).sent);
const unmount = () => I.page.evaluate(() => (window as unknown as { unmount(): void }).unmount());
const anchorHref = () => I.page.locator('#host > a').getAttribute('href');
const operationsFor = (articleId: string) =>
  I.operations().filter((operation) => operation.variables.articleId === articleId);

describeEachReactMode('<MaterialDownload> (%s)', ({ render }) => {
  const pbr = { organizationId: 'org-2', articleId: 'B-203', type: 'pbr' };

  it('fetches once, announces once, and sends input events only on a real change', async () => {
    await openFixture();
    await render(I.page, pbr);
    await expect.poll(linkChanges).toHaveLength(1);
    expect((await linkChanges())[0]!.href).toContain('/org-2/B-203/pbr-');
    expect(await anchorHref()).toContain('/org-2/B-203/pbr-');

    // Equal props again: nothing to do.
    await render(I.page, { ...pbr });
    await I.page.waitForTimeout(100);
    expect(await sent()).toEqual([]);

    await render(I.page, { ...pbr, articleId: 'B-202' });
    await expect.poll(linkChanges).toHaveLength(2);
    expect(await sent()).toHaveLength(1);
    expect((await linkChanges())[1]!.href).toContain('/org-2/B-202/pbr-');
    expect(operationsFor('B-203')).toHaveLength(1);
    expect(operationsFor('B-202')).toHaveLength(1);
  });

  it('settles invalid inputs with one error message and one announcement, and no request', async () => {
    await openFixture();
    await render(I.page, { ...pbr, type: 'video' });
    await expect.poll(linkChanges).toHaveLength(1);
    const message = 'Invalid type "video". Valid values: pbr, thumbnail, tile.';
    expect((await linkChanges())[0]).toEqual({
      state: 'disabled',
      href: null,
      error: message,
      reason: 'invalid-input',
    });
    await I.page.waitForTimeout(100);
    expect(I.devtools.consoleErrors.filter((text) => text.includes(message))).toHaveLength(1);
    expect(await linkChanges()).toHaveLength(1);
    expect(I.operations()).toEqual([]);
  });

  it('unmounted, stops: the request in flight is aborted and its answer never applied', async () => {
    await openFixture();
    // Held at the network until the component is gone: its answer could only come late.
    const first = await I.holdFirstRequest();
    await render(I.page, { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' });
    const held = await first.arrived;
    await unmount();
    await expect.poll(() => I.devtools.failedGraphqlRequests).toEqual(['net::ERR_ABORTED']);
    await held.continue().catch(() => {});
    expect(operationsFor('A-100')).toEqual([]);
    expect(await linkChanges()).toEqual([]);
    const unmountedAnchor = await I.page.evaluate(() => {
      const anchor = (window as unknown as { unmountedAnchor: Element | null }).unmountedAnchor;
      return anchor && { connected: anchor.isConnected, href: anchor.getAttribute('href') };
    });
    expect(unmountedAnchor).toEqual({ connected: false, href: null });
  });
});
