import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_FLAGS, findChromium } from '../../support/chromium.js';
import { findFirefox, launchFirefox } from '../../support/firefox.js';
import type { DriverBrowser, DriverPage } from './driver';

/** Chromium over the DevTools protocol, Firefox over WebDriver BiDi: puppeteer-core speaks both. */
export async function launchPuppeteer(engine: 'chromium' | 'firefox'): Promise<DriverBrowser> {
  const browser = engine === 'chromium' ? await launchChromium() : await launchFirefox(executable('firefox'));
  return {
    version: await browser.version(),
    async newPage() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      // A failed wait says what it waited for before the test's own timeout cuts it short.
      page.setDefaultTimeout(20_000);
      return pageDriver(page, engine);
    },
    close: () => browser.close(),
  };
}

function executable(engine: 'chromium' | 'firefox'): string {
  const path = engine === 'chromium' ? findChromium() : findFirefox();
  if (path) return path;
  const variable = engine === 'chromium' ? 'CHROME_PATH' : 'FIREFOX_PATH';
  throw new Error(`No ${engine} found: run \`npm test\` (its pretest installs one) or set ${variable}.`);
}

function launchChromium(): Promise<Browser> {
  return puppeteer.launch({ executablePath: executable('chromium'), headless: true, args: CHROMIUM_FLAGS });
}

function pageDriver(page: Page, engine: 'chromium' | 'firefox'): DriverPage {
  return {
    goto: async (url) => void (await page.goto(url)),
    // The model sends JSON and gets JSON back: puppeteer's handle types have nothing to add.
    evaluate: (fn, ...args) => page.evaluate(fn as (...given: unknown[]) => unknown, ...args) as Promise<never>,
    setOffline: (offline) => page.setOfflineMode(offline),
    throttleCpu: (rate) => page.emulateCPUThrottling(rate),
    async setLifecycle(state) {
      if (engine !== 'chromium') throw new Error('WebDriver BiDi has no command to freeze a page');
      const session = await page.createCDPSession();
      await session.send('Page.setWebLifecycleState', { state });
      await session.detach();
    },
    goBack: async () => void (await page.goBack()),
    close: () => page.browserContext().close(),
  };
}
