import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ChromiumPage } from '../browser/support/chromiumPage';
import { useHarness } from '../browser/support/useHarness';
import { A100_SWATCH, PREFIX, expectA100Link, swatch } from './support/probes';

/**
 * Secrets the customer's page keeps, and a page that locks itself down: a
 * credential an HTTP header cannot carry is left out and never printed, and
 * the element needs neither eval nor inline code.
 */

const harness = useHarness();
let I: ChromiumPage;

/** Every console line of every type: a secret must not reach any of them. */
function recordEveryConsoleLine(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(message.text()));
  return lines;
}

/** Parts of a secret long enough to recognise it by, split where a header would be cut. */
const fragmentsOf = (secret: string) => secret.split(/[\r\n]+|Bearer /).filter((part) => part.length >= 4);

describe('a stored credential an HTTP header cannot carry', () => {
  it.each([
    ['an api key with a newline (header injection)', 'cm-api-key', 'sk-live-4711\r\nx-injected: yes'],
    ['an api key with Cyrillic letters', 'cm-api-key', 'ключ-секрет-4711'],
    ['an api key with an emoji', 'cm-api-key', 'key-🔑-4711'],
    ['a user token with a newline', 'cm-user-token', 'eyJhbGciOi.4711\nx-injected: yes'],
    ['a user token with CJK characters', 'cm-user-token', 'トークン秘密4711'],
  ])(
    '%s: no throw, the request goes without it, and the log says why without the secret',
    async (_, storageKey, secret) => {
      I = await harness.newPage();
      harness.provider.clearRequests();
      const lines = recordEveryConsoleLine(I.page);
      await I.open({ storage: { [storageKey]: secret } });
      const element = await I.add(swatch);
      await expectA100Link(I, element, await I.settled(element));

      const [request] = harness.provider.requests;
      expect(harness.provider.requests).toHaveLength(1);
      expect(request!.headers['api-key']).toBeUndefined();
      expect(request!.headers.authorization).toBeUndefined();
      expect(request!.headers['x-injected']).toBeUndefined();
      expect(I.devtools.consoleErrors).toEqual([
        expect.stringMatching(new RegExp(`^${PREFIX} localStorage\\["${storageKey}"\\].*without auth`)),
      ]);
      for (const fragment of fragmentsOf(secret)) {
        expect(
          lines.filter((line) => line.includes(fragment)),
          'the secret is printed',
        ).toEqual([]);
      }
    },
  );

  it('control: a clean api key of the same length does go out', async () => {
    I = await harness.open({ storage: { 'cm-api-key': 'sk-live-4711-x-injected-yes' } });
    await I.settled(await I.add(swatch));
    expect(harness.provider.requests[0]!.headers['api-key']).toBe('sk-live-4711-x-injected-yes');
    expect(I.devtools.consoleErrors).toEqual([]);
  });
});

interface CspReport {
  violations: { directive: string; blocked: string; sample: string; source: string }[];
  changes: { id: string; state: string; href: string | null; error: string | null }[];
}

const cspReport = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __violations: CspReport['violations']; __linkChanges: CspReport['changes'] };
    return { violations: [...w.__violations], changes: [...w.__linkChanges] };
  });

describe('a page with a strict Content-Security-Policy', () => {
  it.each([
    ["script-src 'self'; style-src 'self'", '/fixtures/reliability/strict-csp.html'],
    ['the same plus Trusted Types for every script sink', '/fixtures/reliability/trusted-types.html'],
  ])('%s: the element loads from a script tag, works, and causes no violation', async (_, path) => {
    I = await harness.newPage();
    const cspConsole: string[] = [];
    I.page.on(
      'console',
      (message) => /Content.Security.Policy|Trusted Type/i.test(message.text()) && cspConsole.push(message.text()),
    );
    await I.page.goto(`${harness.provider.origin}${path}`);
    await I.page.waitForFunction(() => (window as unknown as { __linkChanges: unknown[] }).__linkChanges.length === 3);

    const { violations, changes } = await cspReport(I.page);
    expect(violations).toEqual([]);
    expect(cspConsole).toEqual([]);
    expect(changes.map((change) => change.state)).toEqual(['enabled', 'enabled', 'enabled']);
    const swatchHref = changes.find((change) => change.id === 'el-1')!.href!;
    expect(swatchHref).toContain(`${harness.provider.origin}${A100_SWATCH}`);
    expect((await I.page.request.get(swatchHref)).ok()).toBe(true);
    expect(I.devtools.consoleErrors).toEqual([]);

    // Control: the recorder does see a violation when there is one.
    await I.page.evaluate(() => {
      try {
        const inline = document.createElement('script');
        inline.textContent = 'window.__ranInline = true';
        document.head.append(inline);
      } catch {
        // Trusted Types refuse the string outright; the violation is reported all the same.
      }
    });
    await expect.poll(async () => (await cspReport(I.page)).violations.length).toBeGreaterThan(0);
    expect(await I.page.evaluate(() => 'ranInline' in window || '__ranInline' in window)).toBe(false);
  });
});
