import type { ConsoleMessage, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AnchorSnapshot, ChromiumPage, ElementId, LinkChange } from '../../browser/support/chromiumPage';

/** What the reliability suites look at in a customer's page, beyond the page object. */

export const PREFIX = 'cm-material-download:';
export const swatch = { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'thumbnail', dimensions: '10x10cm' };
export const A100_SWATCH = '/files/org-1/A-100/thumbnail-THUMBNAIL_10X10_CM';
export const DISABLED_ANCHOR = {
  dataState: 'disabled',
  href: null,
  className: 'button disabled',
  ariaDisabled: 'true',
};

/** The element's own console errors (the page object already leaves out the browser's "Failed to load resource"). */
export const elementErrors = (I: ChromiumPage) =>
  I.devtools.consoleErrors.filter((text) => text.startsWith(`${PREFIX} `));

/**
 * A message a customer can act on: the prefix, one line, short, and none of
 * the server's markup (an HTML error page pasted into the console is not a reason).
 */
export function expectClearMessage(message: string | null | undefined, says: RegExp): void {
  expect(message).toEqual(expect.stringMatching(says));
  expect(message!.trim()).not.toBe('');
  expect(message, 'one line').not.toMatch(/[\r\n]/);
  expect(message!.length, 'short').toBeLessThanOrEqual(200);
  expect(message, 'no markup from the server').not.toMatch(/<[a-z!/]/i);
}

/** Disabled, said once, announced with the reason: what a failed lookup must look like. */
export async function expectFailedOnce(
  I: ChromiumPage,
  element: ElementId,
  change: LinkChange,
  says: RegExp,
): Promise<void> {
  expect(change).toMatchObject({ state: 'disabled', href: null, error: expect.any(String) });
  expectClearMessage(change.error, says);
  expect(await I.anchorOf(element)).toEqual(DISABLED_ANCHOR);
  // Exactly one console.error in the whole page, and it is the element's, with the same reason.
  expect(I.devtools.consoleErrors).toEqual([expect.stringContaining(`${PREFIX} ${change.error}`)]);
  expect(await I.linkChanges()).toEqual([change]);
}

/** A working link for A-100's swatch, and the anchor exactly as the customer wrote it plus the href. */
export async function expectA100Link(I: ChromiumPage, element: ElementId, change: LinkChange): Promise<void> {
  expect(change).toMatchObject({ state: 'enabled', error: null, href: `${I.origin}${A100_SWATCH}-MEDIUM.exr` });
  expect(await I.anchorOf(element)).toEqual<AnchorSnapshot>({
    dataState: 'enabled',
    href: change.href,
    className: 'button',
    ariaDisabled: null,
  });
}

/** console.error lines with the id of the element logged beside the message, where there is one. */
export function recordErrorsWithHost(page: Page): () => Promise<{ text: string; hostId: string | null }[]> {
  const errors: Promise<{ text: string; hostId: string | null }>[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' || message.text().startsWith('Failed to load resource')) return;
    const host = message.args()[1];
    const hostId = host
      ? host.evaluate((node) => (node instanceof Element ? node.id : null)).catch(() => null)
      : Promise.resolve(null);
    errors.push(hostId.then((id) => ({ text: message.text(), hostId: id })));
  });
  return () => Promise.all(errors);
}
