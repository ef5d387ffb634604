import { describe, expect, it } from 'vitest';
import type { ChromiumPage } from './support/chromiumPage';
import { useHarness } from './support/useHarness';

const harness = useHarness();
let I: ChromiumPage;

const ARTICLES = ['A-100', 'A-101', 'A-103'];
const articlesAsked = () =>
  new Set(harness.provider.requests.flatMap((r) => r.operations.map((o) => o.variables.articleId as string)));

/** One element in view, two far below it (the viewport is 720 px high; the margin is 200 px). */
async function openLazyPage() {
  I = await harness.newPage();
  harness.provider.clearRequests();
  await I.open();
  const elements = [];
  for (const [index, article] of ARTICLES.entries()) {
    if (index > 0) await I.addSpace(2000);
    elements.push(await I.add({ 'organization-id': 'org-1', 'article-id': article, type: 'pbr', loading: 'lazy' }));
  }
  return elements;
}

describe('loading="lazy"', () => {
  it('fetches only for elements near the viewport; the rest wait, disabled', async () => {
    const [inView, below, further] = await openLazyPage();
    expect((await I.settled(inView!)).state).toBe('enabled');
    await I.page.waitForTimeout(300);
    expect([...articlesAsked()]).toEqual(['A-100']);
    for (const element of [below!, further!]) {
      expect(await I.anchorOf(element)).toEqual({
        dataState: 'waiting',
        href: null,
        className: 'button disabled',
        ariaDisabled: 'true',
      });
    }
  });

  it('fetches when scrolled within the margin, and only that one', async () => {
    const [, below, further] = await openLazyPage();
    const change = await I.settleAfter(below!, () =>
      I.locator(below!).evaluate((host) =>
        window.scrollTo(0, host.getBoundingClientRect().top + window.scrollY - 720 - 150),
      ),
    );
    expect(change).toMatchObject({ state: 'enabled' });
    expect(change.href).toContain('/A-101/');
    expect(articlesAsked().has('A-103')).toBe(false);
    expect((await I.anchorOf(further!)).dataState).toBe('waiting');
  });

  it('an input change while off-screen waits again; eager fetches at once', async () => {
    const [, below] = await openLazyPage();
    await I.settleAfter(below!, () => I.locator(below!).scrollIntoViewIfNeeded());
    await I.page.evaluate(() => window.scrollTo(0, 0));
    await I.page.waitForTimeout(100);
    await I.setAttribute(below!, 'article-id', 'B-203');
    await I.setAttribute(below!, 'organization-id', 'org-2');
    await expect.poll(async () => (await I.anchorOf(below!)).dataState).toBe('waiting');
    expect(articlesAsked().has('B-203')).toBe(false);
    const eager = await I.settleAfter(below!, () => I.setAttribute(below!, 'loading', 'eager'));
    expect(eager.href).toContain('/org-2/B-203/');
  });
});
