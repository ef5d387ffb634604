import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemo, serveDemo } from '../../dev/demoServer.js';
import type { Provider } from '../../dev/provider/server.js';
import { useHarness } from './support/useHarness';

/**
 * The demo as `npm start` serves it (built page, dist/ element, local
 * provider): links that work, and the statechart panel following an element.
 */
const harness = useHarness();
let server: Provider;
let page: Page;

beforeAll(async () => {
  await buildDemo();
  server = await serveDemo();
}, 120_000);
afterAll(async () => server?.close());

async function openDemo(): Promise<void> {
  ({ page } = await harness.newPage({ context: { viewport: { width: 1400, height: 1000 } } }));
  await page.goto(`${server.origin}/`);
  await page.waitForSelector('body[data-ready="true"]');
}

const settledCount = () =>
  page.locator('cm-material-download[data-state="enabled"], cm-material-download[data-state="disabled"]').count();

describe('the demo', () => {
  it('is worth a picture: docs/demo.png, with the statechart panel open', async () => {
    await openDemo();
    await expect.poll(settledCount, { timeout: 15_000 }).toBeGreaterThan(20);
    await page.click('#catalogue .card:nth-child(1) .inspect-button');
    const rows = page.locator('cm-material-download-inspector [data-panel="rows"] tr');
    await expect.poll(() => rows.count()).toBe(3);
    await page.locator('#catalogue .card:nth-child(1) select[name="dimensions"]').selectOption('30x30cm');
    // Two more steps through validating and fetching, then the answer.
    await expect.poll(() => rows.count()).toBe(6);
    expect(await rows.first().getAttribute('data-transition')).toBe('fetching->enabled');
    expect(await page.locator('cm-material-download-inspector [data-panel="current"]').textContent()).toBe('enabled');
    const path = fileURLToPath(new URL('../../docs/demo.png', import.meta.url));
    await page.screenshot({ path });
    expect(statSync(path).size).toBeGreaterThan(50_000);
  });

  it('shows every element settled, with working download links from the local provider', async () => {
    await openDemo();
    const total = await page.locator('cm-material-download:not([loading])').count();
    await expect.poll(settledCount, { timeout: 15_000 }).toBe(total);
    const hrefs = await page
      .locator('cm-material-download[data-state="enabled"] > a')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(15);
    for (const href of [hrefs[0]!, hrefs.find((h) => h.endsWith('.zip'))!]) {
      const response = await page.request.get(href);
      expect(response.ok()).toBe(true);
      expect((await response.body()).length).toBeGreaterThan(50);
    }
    // Each invalid example shows the reason and message it announced, and is disabled: the one without
    // an anchor too (the host never claims more than its anchor shows).
    for (const card of await page.locator('#invalid .card').all()) {
      await expect.poll(async () => (await card.locator('.message').textContent())!.length).toBeGreaterThan(10);
      expect(await card.locator('cm-material-download').getAttribute('data-state')).toBe('disabled');
      expect(await card.locator('.badge').textContent()).toBe('disabled');
    }
    const withoutAnchor = page.locator('#invalid .card', { hasText: 'First child is not an anchor' });
    expect(await withoutAnchor.locator('.message').textContent()).toMatch(/^no-anchor: the element expects/);
    expect(await withoutAnchor.locator('cm-material-download').getAttribute('data-reason')).toBe('no-anchor');
  });

  it("shows a refusal inside GraphQL as unauthorized, in the provider's words", async () => {
    await openDemo();
    const card = page.locator('#refused .card', { hasText: 'Refused inside GraphQL' });
    await expect
      .poll(() => card.locator('.message').textContent(), { timeout: 15_000 })
      .toBe(
        'unauthorized: the provider refused: AUTH_NOT_AUTHORIZED: The current user is not authorized to access this resource.',
      );
    expect(await card.locator('cm-material-download').getAttribute('data-reason')).toBe('unauthorized');
  });

  it('the members-only card: refused before sign-in, links of its own after it, unauthorized again after sign-out', async () => {
    await openDemo();
    const card = page.locator('.card.members');
    const hosts = card.locator('cm-material-download');
    expect(await hosts.count()).toBe(3);
    const shown = () =>
      hosts.evaluateAll((elements) =>
        elements.map((host) => `${host.getAttribute('data-state')}:${host.getAttribute('data-reason') ?? ''}`),
      );
    const refused = Array(3).fill('disabled:unauthorized');
    await expect.poll(shown, { timeout: 15_000 }).toEqual(refused);
    expect(await card.locator('.message').first().textContent()).toMatch(/AUTH_NOT_AUTHENTICATED/);

    await card.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(shown, { timeout: 15_000 }).toEqual(Array(3).fill('enabled:'));
    const hrefs = await card
      .locator('cm-material-download > a')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
    for (const href of hrefs) {
      expect(new URL(href).searchParams.get('visitor')).toMatch(/^[0-9a-f]{12}$/);
      expect((await page.request.get(href)).ok()).toBe(true);
    }
    expect(await card.locator('.status').textContent()).toBe('Signed in.');

    await card.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(shown, { timeout: 15_000 }).toEqual(refused);
    expect(await card.locator('cm-material-download > a[href]').count()).toBe(0);
    expect(await card.locator('.status').textContent()).toBe('Signed out.');
  });

  it('the statechart panel follows the picked element through its transitions', async () => {
    await openDemo();
    await page.click('#panel-toggle');
    const panel = page.locator('cm-material-download-inspector');
    await expect.poll(() => panel.locator('[data-panel="diagram"] svg').count()).toBe(1);

    const pickedId = await page.locator('#catalogue cm-material-download').nth(2).getAttribute('id');
    await panel.getByRole('button', { name: `#${pickedId}`, exact: true }).click();
    await expect.poll(() => panel.locator('[data-panel="current"]').textContent()).toBe('enabled');
    const rows = panel.locator('[data-panel="rows"] tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(2);

    const card = page.locator('.card', { has: page.locator(`#${pickedId}`) });
    await card.locator('select[name="type"]').selectOption('tile');
    await card.locator('select[name="dimensions"]').selectOption('none');
    await expect.poll(() => panel.locator('[data-panel="current"]').textContent()).toMatch(/^(enabled|disabled)$/);
    const transitions = await rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-transition')));
    // Newest first: the change passed through validating and fetching again.
    expect(transitions.slice(0, 3)).toEqual(expect.arrayContaining(['validating->fetching']));
    expect(transitions).toContain('enabled->validating');
    const newest = await rows.first().textContent();
    expect(newest).toContain('"type":"tile"');
    // The diagram highlights the current state.
    const current = await panel.locator('[data-panel="current"]').textContent();
    expect(await panel.locator('[data-panel="diagram"] svg g.state.active').getAttribute('data-state')).toBe(current);
  });
});
