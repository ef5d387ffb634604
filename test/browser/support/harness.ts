import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { startProvider, type Provider } from '../../../dev/provider/server.js';
import { CHROMIUM_FLAGS, findChromium } from '../../support/chromium.js';
import { MaterialDownloadPage } from './materialDownloadPage';

export interface Harness {
  provider: Provider;
  browser: Browser;
  /** A fresh context and page object; each test gets its own storage and cookies. */
  newPage(context?: BrowserContextOptions): Promise<MaterialDownloadPage>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Whether the local provider accepts JSON-array batches. @default true */
  batching?: boolean;
}

/**
 * The real local provider over HTTP plus Debian's Chromium: no fetch mocks.
 * Serves dist/ (the built element) and the test fixtures.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('No Chromium found: run `npm test` (its pretest installs one) or set CHROME_PATH.');
  const provider = await startProvider({
    batching: options.batching ?? true,
    staticDirs: { '/dist/': 'dist', '/fixtures/': 'test/browser/fixtures' },
  });
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  const contexts: BrowserContext[] = [];
  return {
    provider,
    browser,
    async newPage(contextOptions = {}) {
      const context = await browser.newContext(contextOptions);
      contexts.push(context);
      return new MaterialDownloadPage(await context.newPage(), provider);
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close().catch(() => {})));
      await browser.close();
      await provider.close();
    },
  };
}
