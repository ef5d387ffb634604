import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemo, serveDemo } from '../../dev/demoServer.js';
import type { Provider } from '../../dev/provider/server.js';
import type { ChromiumPage, ElementId } from '../browser/support/chromiumPage';
import { useHarness } from '../browser/support/useHarness';
import { swatch } from './support/probes';

/**
 * Accessibility with axe-core in the real browser: the element's markup in
 * the demo and in each state, keyboard focus, what a screen reader is told,
 * and the customer's own focus and role attributes given back intact.
 */

const harness = useHarness();

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; insideElement: boolean; summary: string }[];
}

/** Runs axe on `context` (a selector or the document) and says which offending nodes are inside an element. */
async function axeViolations(page: Page, context: string | null): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: any[] }> } }).axe;
    const { violations } = await axe.run(selector ?? document);
    return violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node: { target: string[]; failureSummary?: string }) => ({
        target: node.target.join(' '),
        insideElement: document.querySelector(node.target.join(' '))?.closest('cm-material-download') != null,
        summary: (node.failureSummary ?? '').split('\n').slice(1, 2).join('').trim(),
      })),
    }));
  }, context);
}

describe('the demo page, as npm start serves it', () => {
  let server: Provider;
  let page: Page;

  beforeAll(async () => {
    await buildDemo({ outDir: '.demo-a11y' });
    server = await serveDemo({ outDir: '.demo-a11y' });
    // Built and settled once for both tests; the harness checks it for page errors after each.
    ({ page } = await harness.newPage({ context: { viewport: { width: 1400, height: 1000 } }, lifetime: 'suite' }));
    await page.goto(`${server.origin}/`);
    await page.waitForSelector('body[data-ready="true"]');
    // Every eager element settled: axe sees the states customers see, not a page still loading.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('cm-material-download:not([loading])')].every((host) =>
          ['enabled', 'disabled'].includes(host.getAttribute('data-state') ?? ''),
        ),
      undefined,
      { timeout: 20_000 },
    );
  }, 180_000);
  afterAll(async () => server?.close());

  it("has no axe violation in any element's markup", async () => {
    const count = await page.locator('cm-material-download').count();
    expect(count).toBeGreaterThan(10);
    expect(await axeViolations(page, 'cm-material-download')).toEqual([]);
  });

  it('has no axe violation anywhere on the page', async () => {
    const violations = await axeViolations(page, null);
    expect(
      violations.map(({ id, impact, nodes }) => `${id} (${impact}): ${nodes.length} node(s), e.g. ${nodes[0]?.target}`),
    ).toEqual([]);
  });
});

describe('on a customer page', () => {
  let I: ChromiumPage;

  /** The element between two buttons, so Tab shows whether its anchor takes focus. */
  async function openBetweenButtons(): Promise<void> {
    I = await harness.open();
    await I.page.evaluate(() => {
      const root = document.getElementById('root')!;
      root.insertAdjacentHTML('beforebegin', '<button id="before">Before</button>');
      root.insertAdjacentHTML('afterend', '<button id="after">After</button>');
    });
  }

  /** Where focus lands when the keyboard user tabs on from the button before the element. */
  async function tabFromBefore(): Promise<string> {
    await I.page.focus('#before');
    await I.page.keyboard.press('Tab');
    return I.page.evaluate(() => {
      const active = document.activeElement!;
      return active.id || `${active.tagName.toLowerCase()} in ${active.parentElement?.tagName.toLowerCase()}`;
    });
  }

  const anchorIn = (element: ElementId) => I.locator(element).locator(':scope > a');

  it.each([
    ['while fetching', { ...swatch, 'article-id': 'fault-delay-3000' }, 'fetching'],
    ['after a failed lookup', { ...swatch, 'article-id': 'fault-status-500-json' }, 'disabled'],
    ['with invalid input', { ...swatch, dimensions: 'huge' }, 'disabled'],
    ['when the provider has no file', { ...swatch, 'article-id': 'A-199' }, 'disabled'],
  ])('a link %s is skipped by Tab, announced as a disabled link, and passes axe', async (_, attributes, state) => {
    await openBetweenButtons();
    const element = await I.add(attributes, { inner: '<a class="button">Download swatch</a>' });
    await expect.poll(() => I.locator(element).getAttribute('data-state')).toBe(state);

    expect(await tabFromBefore()).toBe('after');
    expect(await anchorIn(element).ariaSnapshot()).toBe('- link "Download swatch" [disabled]');
    expect(await axeViolations(I.page, 'cm-material-download')).toEqual([]);
  });

  it('an enabled link takes focus from Tab, is announced as a link with its URL, and passes axe', async () => {
    await openBetweenButtons();
    const element = await I.add(swatch, { inner: '<a class="button">Download swatch</a>' });
    const { href } = await I.settled(element);
    expect(await tabFromBefore()).toBe('a in cm-material-download');
    expect(await anchorIn(element).ariaSnapshot()).toBe(`- link "Download swatch":\n  - /url: ${href}`);
    expect(await axeViolations(I.page, 'cm-material-download')).toEqual([]);
  });

  /** The anchor's attributes, sorted, as the customer or the element left them. */
  const attributesOf = (element: ElementId) =>
    anchorIn(element).evaluate((anchor) =>
      Object.fromEntries([...anchor.attributes].map((a) => [a.name, a.value]).sort()),
    );

  it.each([
    ['no tabindex or role of its own', '<a class="button primary" data-track="swatch">Download</a>', null],
    ['tabindex="0" and role="button"', '<a class="button" tabindex="0" role="button">Download</a>', 'button'],
    ['tabindex="-1": already out of the tab order', '<a class="button" tabindex="-1">Download</a>', null],
    ['role="link" and tabindex="2"', '<a class="button" role="link" tabindex="2">Download</a>', 'link'],
  ])('an anchor with %s gets exactly its own attributes back when enabled, twice over', async (_, markup, ownRole) => {
    I = await harness.open({ load: false });
    await I.page.evaluate(
      ([attributes, html]) => {
        const host = document.createElement('cm-material-download');
        host.id = 'el-1';
        for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
        host.innerHTML = html;
        document.getElementById('root')!.append(host);
      },
      [{ ...swatch, 'article-id': 'fault-status-500-json' }, markup] as const,
    );
    const element = 'el-1';
    const customers = await attributesOf(element);
    await I.loadElement();

    for (let round = 1; round <= 2; round += 1) {
      await expect.poll(() => I.locator(element).getAttribute('data-state')).toBe('disabled');
      const disabled = await attributesOf(element);
      expect(disabled).toMatchObject({ 'aria-disabled': 'true', tabindex: '-1', role: ownRole ?? 'link' });
      expect(disabled.class!.split(' ')).toEqual([...customers.class!.split(' '), 'disabled']);
      expect(disabled.href).toBeUndefined();

      const { href } = await I.settleAfter(element, () => I.setAttribute(element, 'article-id', 'A-100'));
      expect(await attributesOf(element)).toEqual({ ...customers, href });
      await I.setAttribute(element, 'article-id', 'fault-status-500-json');
    }
  });
});
