import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Provider } from '../../../dev/provider/server.js';
import { startHarness, type Harness, type HarnessOptions } from './harness';
import type { MaterialDownloadPage } from './materialDownloadPage';

export interface SuiteHarness {
  readonly provider: Provider;
  /** A fresh page of its own; after the test it must hold no page error, and is closed. */
  newPage(): Promise<MaterialDownloadPage>;
}

/**
 * One provider and one Chromium for the suite (a `describe` file), a fresh
 * browser context per page, and the check every browser test shares: nothing
 * was thrown into the customer's page.
 */
export function useHarness(options: HarnessOptions = {}): SuiteHarness {
  let harness: Harness | undefined;
  const opened: MaterialDownloadPage[] = [];

  beforeAll(async () => {
    harness = await startHarness(options);
  });
  afterAll(async () => harness?.close());
  afterEach(async () => {
    for (const page of opened.splice(0)) {
      expect(page.pageErrors).toEqual([]);
      await page.page.context().close();
    }
  });

  return {
    get provider() {
      return harness!.provider;
    },
    async newPage() {
      const page = await harness!.newPage();
      opened.push(page);
      return page;
    },
  };
}
