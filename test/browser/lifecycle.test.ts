import { describe, expect, it } from 'vitest';
import type { MaterialDownloadPage } from './support/materialDownloadPage';
import { useHarness } from './support/useHarness';

const harness = useHarness();
let I: MaterialDownloadPage;

/** Every href the page's first anchor ever had, in order. */
async function recordHrefs(): Promise<void> {
  await I.page.evaluate(() => {
    (window as any).__hrefs = [];
    new MutationObserver((records) => {
      for (const record of records) (window as any).__hrefs.push((record.target as Element).getAttribute('href'));
    }).observe(document.getElementById('root')!, { attributes: true, attributeFilter: ['href'], subtree: true });
  });
}
const hrefs = () => I.page.evaluate(() => (window as any).__hrefs as (string | null)[]);

/** GraphQL requests Chromium reports as failed: an aborted fetch shows up here. */
function failedGraphqlRequests(): string[] {
  const failed: string[] = [];
  I.page.on('requestfailed', (request) => {
    if (request.url().endsWith('/graphql')) failed.push(request.failure()?.errorText ?? 'failed');
  });
  return failed;
}

describe('input changes', () => {
  it('a slow answer for older inputs is aborted and never overwrites the newer link', async () => {
    I = await harness.newPage();
    await I.open({ configure: { batch: false } });
    const failed = failedGraphqlRequests();
    await recordHrefs();
    // fault-delay-600 answers with A-100's link, 600 ms late.
    const element = await I.add({ 'organization-id': 'org-1', 'article-id': 'fault-delay-600', type: 'pbr' });
    await expect
      .poll(() => harness.provider.requests.some((r) => r.operations[0]?.variables.articleId === 'fault-delay-600'))
      .toBe(true);
    const change = await I.settleAfter(element, () => I.setAttribute(element, 'article-id', 'A-103'));
    expect(change.href).toContain('/A-103/');
    await I.page.waitForTimeout(900);
    expect((await I.anchorOf(element)).href).toBe(change.href);
    expect(await hrefs()).toEqual([change.href]);
    expect(await I.linkChanges()).toHaveLength(1);
    expect(failed).toEqual(['net::ERR_ABORTED']);
  });
});

describe('moving and removing', () => {
  it('a DOM move keeps the element alive: same link, no new request, no new event', async () => {
    I = await harness.newPage();
    await I.open();
    const element = await I.add({ 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr' });
    const settled = await I.settled(element);
    const requestsBefore = harness.provider.requests.length;
    await I.page.evaluate(() => {
      const aside = document.body.appendChild(document.createElement('aside'));
      aside.append(document.getElementById('el-1')!);
    });
    await I.page.waitForTimeout(100);
    expect(await I.anchorOf(element)).toMatchObject({ dataState: 'enabled', href: settled.href });
    expect(harness.provider.requests.length).toBe(requestsBefore);
    expect(await I.linkChanges()).toHaveLength(1);
    // Still alive: it reacts to input.
    const change = await I.settleAfter(element, () => I.setAttribute(element, 'article-id', 'A-101'));
    expect(change.href).toContain('/A-101/');
  });

  it('a move while fetching keeps the request, and its answer is applied', async () => {
    I = await harness.newPage();
    await I.open();
    const failed = failedGraphqlRequests();
    const element = await I.add({ 'organization-id': 'org-1', 'article-id': 'fault-delay-300', type: 'pbr' });
    await expect.poll(() => harness.provider.requests.length).toBeGreaterThan(0);
    await I.page.evaluate(async () => {
      const host = document.getElementById('el-1')!;
      host.remove();
      // Back within the 10 ms grace period, as frameworks do when they reorder.
      await new Promise((resolve) => setTimeout(resolve, 2));
      document.body.prepend(host);
    });
    expect(await I.settled(element)).toMatchObject({ state: 'enabled', error: null });
    expect(failed).toEqual([]);
  });

  it('removed for good: destroyed after 10 ms, its request aborted, and no request after', async () => {
    I = await harness.newPage();
    await I.open({ trace: true, configure: { batch: false } });
    const failed = failedGraphqlRequests();
    const element = await I.add({ 'organization-id': 'org-1', 'article-id': 'fault-hang', type: 'pbr' });
    await expect
      .poll(() => harness.provider.requests.some((r) => r.operations[0]?.variables.articleId === 'fault-hang'))
      .toBe(true);
    const requestsBefore = harness.provider.requests.length;
    await element.evaluate((host) => {
      (window as any).__detached = host;
      host.remove();
    });
    await expect.poll(() => failed).toEqual(['net::ERR_ABORTED']);
    expect((await I.trace('el-1')).at(-1)).toMatchObject({ from: 'fetching', to: 'destroyed' });
    await I.page.evaluate(async () => {
      const host = (window as any).__detached as HTMLElement;
      host.setAttribute('article-id', 'A-100');
      (host as any).type = 'thumbnail';
      // Even put back, a destroyed element stays inert.
      document.body.append(host);
    });
    await I.page.waitForTimeout(150);
    expect(harness.provider.requests.length).toBe(requestsBefore);
    expect(await I.linkChanges()).toEqual([]);
    expect(I.consoleErrors).toEqual([]);
  });
});
