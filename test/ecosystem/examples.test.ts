import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProvider, type Provider } from '../../dev/provider/server.js';
import { launchChromium, openWatchedPage } from './support/browser';

/**
 * examples/plain-html exactly as a customer copies it: the page is served
 * unchanged, and its CDN script URL is answered from dist/, the file that
 * would be published. (The other examples are tested with the packed package
 * in pack.test.ts.)
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const page = readFileSync(`${root}examples/plain-html/index.html`, 'utf8');
const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string };
const CDN_SCRIPT =
  /<script async src="(https:\/\/cdn\.jsdelivr\.net\/npm\/cm-material-download@([^/]+)\/dist\/(cm-material-download(?:\.lite)?\.js))"><\/script>/;
/** The file the example hands out: the one that gives a phone its links soonest. */
const HANDED_OUT = 'cm-material-download.lite.js';

let provider: Provider;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(`${root}dist/${HANDED_OUT}`))
    throw new Error('dist/ is missing: run `npm run build` first (`npm test` does).');
  provider = await startProvider({ staticDirs: { '/': 'examples/plain-html' } });
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await provider?.close();
});

describe('examples/plain-html', () => {
  it('loads the self-registering file with one script tag, pinned to this version', () => {
    const [, , pinned, file] = CDN_SCRIPT.exec(page) ?? [];
    expect(pinned).toBe(version);
    expect(file).toBe(HANDED_OUT);
    expect(page.match(/<script\b/g)).toHaveLength(2);
  });

  it('turns both anchors into working links, and its listener shows each cm-link-change', async () => {
    const { page: tab, problems } = await openWatchedPage(browser);
    const cdnUrl = CDN_SCRIPT.exec(page)![1]!;
    await tab.route(cdnUrl, (route) =>
      route.fulfill({ path: `${root}dist/${HANDED_OUT}`, contentType: 'text/javascript' }),
    );
    await tab.goto(`${provider.origin}/`);

    const swatch = tab.locator('#swatch > a');
    const pbr = tab.locator('#pbr > a');
    await expect.poll(() => swatch.getAttribute('href')).toMatch(/\/files\/org-1\/A-100\/thumbnail-/);
    await expect.poll(() => pbr.getAttribute('href')).toMatch(/\/files\/org-1\/A-100\/pbr-/);
    for (const anchor of [swatch, pbr]) {
      expect(await anchor.getAttribute('class')).toBe('button');
      expect((await tab.request.get((await anchor.getAttribute('href'))!)).status()).toBe(200);
    }
    expect(await tab.locator('cm-material-download[data-state="enabled"]').count()).toBe(2);
    await expect
      .poll(() => tab.getByRole('status').textContent())
      .toMatch(/^#(swatch|pbr): enabled \(http:\/\/127\.0\.0\.1:\d+\/files\//);
    expect(problems).toEqual([]);
  }, 30_000);

  it('shows a disabled anchor dimmed by its CSS until the link is known', async () => {
    const { page: tab } = await openWatchedPage(browser);
    const cdnUrl = CDN_SCRIPT.exec(page)![1]!;
    // Hold the provider's answer back until the disabled state has been looked at: however slow the machine.
    let release!: () => void;
    const seen = new Promise<void>((resolve) => (release = resolve));
    await tab.route('**/graphql', async (route) => {
      await seen;
      await route.continue();
    });
    await tab.route(cdnUrl, (route) =>
      route.fulfill({ path: `${root}dist/${HANDED_OUT}`, contentType: 'text/javascript' }),
    );
    await tab.goto(`${provider.origin}/`);
    const swatch = tab.locator('#swatch > a');
    await expect.poll(() => swatch.getAttribute('class')).toBe('button disabled');
    expect(await swatch.evaluate((anchor) => getComputedStyle(anchor).opacity)).toBe('0.5');
    release();
    await expect.poll(() => swatch.getAttribute('class')).toBe('button');
    expect(await swatch.evaluate((anchor) => getComputedStyle(anchor).opacity)).toBe('1');
  }, 30_000);
});
