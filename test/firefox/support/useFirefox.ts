import type { Browser } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startProvider, type Provider } from '../../../dev/provider/server.js';
import { findFirefox, launchFirefox } from '../../support/firefox.js';
import { CustomerPage, type Build, type OpenOptions } from './customerPage';

export interface FirefoxSuite {
  readonly provider: Provider;
  /** A fresh browser context and page on this build, the provider's request log emptied, then opened. */
  open(build: Build, options?: OpenOptions): Promise<CustomerPage>;
}

/**
 * One local provider over HTTP and one headless Firefox for the file (no
 * fetch mocks), a fresh browser context per test, and the check every test
 * shares: nothing was thrown into the customer's page.
 */
export function useFirefox(): FirefoxSuite {
  let provider: Provider | undefined;
  let browser: Browser | undefined;
  const pages: CustomerPage[] = [];

  beforeAll(async () => {
    const executablePath = findFirefox();
    if (!executablePath) {
      throw new Error('No Firefox found: run `npm test` (its pretest installs firefox-esr) or set FIREFOX_PATH.');
    }
    provider = await startProvider({ staticDirs: { '/dist/': 'dist', '/fixtures/': 'test/browser/fixtures' } });
    browser = await launchFirefox(executablePath);
  });
  afterAll(async () => {
    await browser?.close();
    await provider?.close();
  });
  afterEach(async () => {
    provider?.setLatency(0);
    for (const page of pages.splice(0)) {
      await page.close();
      expect(page.pageErrors).toEqual([]);
    }
  });

  return {
    get provider() {
      return provider!;
    },
    async open(build, options) {
      const context = await browser!.createBrowserContext();
      const page = new CustomerPage(await context.newPage(), provider!, build);
      pages.push(page);
      // A failed wait says what it waited for before the test's own timeout cuts it short.
      page.page.setDefaultTimeout(20_000);
      provider!.clearRequests();
      await page.open(options);
      return page;
    },
  };
}
