import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_FLAGS, findChromium } from '../../support/chromium.js';
import { findFirefox, launchFirefox } from '../../support/firefox.js';
import type { DriverBrowser, DriverPage } from '../../support/driver';

/**
 * Chromium over the DevTools protocol, Firefox over WebDriver BiDi: puppeteer-core speaks both.
 *
 * A new browser context and page cost about a second on two cores, several
 * times a test's page load. So a page a test is done with goes back to a
 * pool on `about:blank` (as WebKit's sessions do; the page model clears
 * storage as it opens), its CPU back to full speed, unless the test went
 * offline or froze it: such a page closes with its context.
 */
export async function launchPuppeteer(engine: 'chromium' | 'firefox'): Promise<DriverBrowser> {
  // A profile of our own: puppeteer stops the browser when the worker exits but leaves its profile behind.
  const profile = mkdtempSync(join(tmpdir(), `cm-${engine}-profile-`));
  process.once('exit', () => rmSync(profile, { recursive: true, force: true }));
  const browser =
    engine === 'chromium' ? await launchChromium(profile) : await launchFirefox(executable('firefox'), profile);
  const spare: DriverPage[] = [];
  return {
    version: await browser.version(),
    async newPage() {
      const reused = spare.pop();
      if (reused) return reused;
      const context = await browser.createBrowserContext();
      // Firefox shows only the newest tab of a window: the others are hidden, their timers slowed to
      // about one a second. A window each keeps every page visible, as a visitor's, beside another.
      const page = await context.newPage(engine === 'firefox' ? { type: 'window' } : {});
      // A failed wait says what it waited for before the test's own timeout cuts it short.
      page.setDefaultTimeout(20_000);
      return pageDriver(page, engine, (done) => spare.push(done));
    },
  };
}

function executable(engine: 'chromium' | 'firefox'): string {
  const path = engine === 'chromium' ? findChromium() : findFirefox();
  if (path) return path;
  const variable = engine === 'chromium' ? 'CHROME_PATH' : 'FIREFOX_PATH';
  throw new Error(`No ${engine} found: run \`npm test\` (its pretest installs one) or set ${variable}.`);
}

function launchChromium(userDataDir: string): Promise<Browser> {
  return puppeteer.launch({
    executablePath: executable('chromium'),
    headless: true,
    args: CHROMIUM_FLAGS,
    userDataDir,
  });
}

function pageDriver(page: Page, engine: 'chromium' | 'firefox', reuse: (page: DriverPage) => void): DriverPage {
  /** Whether the test changed the page in a way a navigation does not undo. */
  let changed = false;
  let throttled = false;
  let pristine: string | null = null;
  const driver: DriverPage = {
    get pristine() {
      return pristine;
    },
    async goto(url) {
      pristine = null;
      await page.goto(url);
    },
    // The model sends JSON and gets JSON back: puppeteer's handle types have nothing to add.
    evaluate: (fn, ...args) => page.evaluate(fn as (...given: unknown[]) => unknown, ...args) as Promise<never>,
    setOffline(offline) {
      changed = true;
      return page.setOfflineMode(offline);
    },
    throttleCpu(rate) {
      throttled = true;
      return page.emulateCPUThrottling(rate);
    },
    async setLifecycle(state) {
      if (engine !== 'chromium') throw new Error('WebDriver BiDi has no command to freeze a page');
      changed = true;
      const session = await page.createCDPSession();
      await session.send('Page.setWebLifecycleState', { state });
      await session.detach();
    },
    goBack: async () => void (await page.goBack()),
    async close(next) {
      if (!changed && !page.isClosed()) {
        const fullSpeed = throttled ? page.emulateCPUThrottling(null) : Promise.resolve();
        throttled = false;
        const clean = await fullSpeed
          .then(() => page.goto(next ?? 'about:blank'))
          .then(
            () => true,
            () => false,
          );
        pristine = clean ? (next ?? null) : null;
        if (clean) return reuse(driver);
      }
      await page.browserContext().close();
    },
  };
  return driver;
}
