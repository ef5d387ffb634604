import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '../../support/chromium.js';

export interface WatchedPage {
  page: Page;
  /** console.error lines and uncaught exceptions: a customer's page must show none. */
  problems: string[];
  /** Every console message, of any type, as `type: text`, and each uncaught exception; the favicon's 404 left out. */
  messages: string[];
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('No Chromium found: run `npm test` (its pretest installs one) or set CHROME_PATH.');
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}

export async function openWatchedPage(browser: Browser): Promise<WatchedPage> {
  const page = await (await browser.newContext()).newPage();
  const problems: string[] = [];
  const messages: string[] = [];
  page.on('console', (message) => {
    // The browser asks every origin for a favicon; the examples have none, and that is not the element's doing.
    if (message.type() === 'error' && message.location().url.endsWith('/favicon.ico')) return;
    messages.push(`${message.type()}: ${message.text()}`);
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => {
    problems.push(`uncaught: ${error.message}`);
    messages.push(`uncaught: ${error.message}`);
  });
  return { page, problems, messages };
}
