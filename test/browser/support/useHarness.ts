import type { BrowserContextOptions } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Provider } from '../../../dev/provider/server.js';
import { startHarness, type Harness, type HarnessOptions } from './harness';
import type { ChromiumPage, OpenOptions } from './chromiumPage';

export interface NewPageOptions {
  /** The browser context's options, e.g. a viewport. */
  context?: BrowserContextOptions;
  /**
   * How long the page lives: closed after the test that opened it, or kept
   * for the suite's later tests (a page that is costly to set up), and
   * closed with the suite. Either way it is checked after every test.
   * @default 'test'
   */
  lifetime?: 'test' | 'suite';
}

export interface SuiteHarness {
  readonly provider: Provider;
  /** A page of its own, with nothing of a former test; after each test it must hold no page error. */
  newPage(options?: NewPageOptions): Promise<ChromiumPage>;
  /** A fresh page with the provider's request log emptied, then opened (see ChromiumPage.open). */
  open(options?: OpenOptions): Promise<ChromiumPage>;
}

/**
 * One provider and one Chromium for the suite (a `describe` file, or the
 * `describe` block it is called in), a page of its own per test (reused
 * once clean, see the harness), and
 * the checks every browser test shares: nothing was thrown into the
 * customer's page, and the provider is back to answering without latency.
 */
export function useHarness(options: HarnessOptions = {}): SuiteHarness {
  let harness: Harness | undefined;
  const forTest: ChromiumPage[] = [];
  const forSuite: ChromiumPage[] = [];

  beforeAll(async () => {
    harness = await startHarness(options);
  });
  afterAll(async () => harness?.close());
  afterEach(async () => {
    harness?.provider.setLatency(0);
    for (const page of forSuite) expect(page.devtools.pageErrors).toEqual([]);
    for (const page of forTest.splice(0)) {
      const thrown = [...page.devtools.pageErrors];
      await harness!.release(page);
      expect(thrown).toEqual([]);
    }
  });

  /** A page for this test; `pristine` kept only for `open()`, which loads nothing before it starts. */
  const takePage = async ({ context, lifetime = 'test' }: NewPageOptions = {}) => {
    const page = await harness!.newPage(context);
    (lifetime === 'suite' ? forSuite : forTest).push(page);
    return page;
  };
  // A test may route or script the page before its own open(): that must load the page anew.
  const newPage = async (options?: NewPageOptions) => Object.assign(await takePage(options), { pristine: null });

  return {
    get provider() {
      return harness!.provider;
    },
    newPage,
    async open(openOptions = {}) {
      const page = await takePage();
      harness!.provider.clearRequests();
      await page.open(openOptions);
      return page;
    },
  };
}
