import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startProvider, type Provider } from '../../dev/provider/server.js';
import { CHROMIUM_FLAGS, findChromium } from '../support/chromium.js';
import { InspectorPanel } from './support/inspectorPanel';
import { ELEMENT_FILE } from './support/chromiumPage';

/**
 * The inspector on examples/plain-html, the page a customer copies: served
 * unchanged but for one script tag for the inspector, placed after the
 * element's (as the README says), before it, or added once the page runs.
 * The element's CDN URL is answered from dist/, with the build under test.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const example = readFileSync(`${root}examples/plain-html/index.html`, 'utf8');
const CDN_SCRIPT = /<script async src="(https:\/\/cdn\.jsdelivr\.net\/[^"]+)"><\/script>/;
const INSPECTOR_PATH = '/dist/cm-material-download.inspector.js';
const INSPECTOR = `<script src="${INSPECTOR_PATH}"></script>`;

type Placement = 'after' | 'before' | 'none';

let provider: Provider;
let browser: Browser;
let problems: string[];
let requests: string[];

beforeAll(async () => {
  provider = await startProvider({ staticDirs: { '/dist/': 'dist', '/fixtures/': 'test/browser/fixtures' } });
  browser = await chromium.launch({ executablePath: findChromium()!, args: CHROMIUM_FLAGS });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await provider?.close();
});
afterEach(() => expect(problems).toEqual([]));

/** The example page with the inspector's script placed as asked; every request and problem recorded. */
async function openExample(placement: Placement): Promise<{ page: Page; panel: InspectorPanel }> {
  provider.clearRequests();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  problems = [];
  requests = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
  const [cdnTag, cdnUrl] = CDN_SCRIPT.exec(example)!;
  const html =
    placement === 'none'
      ? example
      : example.replace(cdnTag, placement === 'after' ? `${cdnTag}\n${INSPECTOR}` : `${INSPECTOR}\n${cdnTag}`);
  await page.route(`${provider.origin}/`, (route) => route.fulfill({ body: html, contentType: 'text/html' }));
  // The element's script is async: placed after the inspector's, it comes after it only if it arrives later.
  const inspectorArrived = placement === 'before' ? page.waitForResponse(`**${INSPECTOR_PATH}`) : null;
  await page.route(cdnUrl!, async (route) => {
    await inspectorArrived;
    await route.fulfill({ path: `${root}${ELEMENT_FILE.slice(1)}`, contentType: 'text/javascript' });
  });
  await page.goto(`${provider.origin}/`);
  return { page, panel: new InspectorPanel(page) };
}

const settled = (page: Page) => page.locator('cm-material-download[data-state="enabled"]').count();

/** What the provider was asked, in order: the element's requests are the same with or without the panel. */
const operations = () =>
  provider.requests.flatMap((request) =>
    request.operations.map(({ operationName, variables }) => `${operationName} ${JSON.stringify(variables)}`),
  );

/** Both elements settle, then the swatch's dimensions change and it settles again. */
async function changeSwatch(page: Page): Promise<void> {
  await expect.poll(() => settled(page)).toBe(2);
  const swatch = page.locator('#swatch > a');
  const before = await swatch.getAttribute('href');
  await page.locator('#swatch').evaluate((host) => host.setAttribute('dimensions', '30x30cm'));
  await expect.poll(() => swatch.getAttribute('href')).not.toBe(before);
  await expect.poll(() => settled(page)).toBe(2);
}

describe('the inspector on the plain-HTML example', () => {
  it('lists both elements with article, type and state, and draws the picked one with its state highlighted', async () => {
    const { page, panel } = await openExample('after');
    await expect
      .poll(() => panel.elements())
      .toEqual(['#swatch | A-100 | thumbnail | enabled', '#pbr | A-100 | pbr | enabled']);
    // The first element is picked until another is.
    expect(await panel.picked()).toBe('#swatch');
    await panel.pick('#pbr');
    expect(await panel.picked()).toBe('#pbr');
    expect(await panel.currentState()).toBe('enabled');
    const { states, highlighted } = await panel.diagram();
    expect(states).toEqual([
      'idle',
      'validating',
      'waiting',
      'fetching',
      'retrying',
      'enabled',
      'refreshing',
      'expired',
      'disabled',
      'destroyed',
    ]);
    expect(highlighted).toEqual(['enabled']);
    // Loaded beside the element's file, it saw each element from its first step.
    expect(await panel.transitions()).toEqual(['fetching->enabled', 'validating->fetching', 'idle->validating']);
    await page.context().close();
  });

  it('logs each transition of an attribute change with its event, payload and context', async () => {
    const { page, panel } = await openExample('after');
    await changeSwatch(page);
    await expect.poll(() => panel.transitions()).toHaveLength(6);
    expect(await panel.transitions()).toEqual([
      'fetching->enabled',
      'validating->fetching',
      'enabled->validating',
      'fetching->enabled',
      'validating->fetching',
      'idle->validating',
    ]);
    const change = await panel.transition(2);
    expect(change.words).toBe('inputs changed');
    expect(change.step).toBe('enabled → validating');
    expect(change.event).toMatch(/^INPUTS\.SET \{"inputs":\{.*"dimensions":"30x30cm"/);
    expect(change.context).toMatchObject({ inputs: { dimensions: '30x30cm' }, href: null, error: null });
    const answer = await panel.transition(0);
    expect(answer.words).toBe('lookup answered');
    expect(answer.event).toMatch(/^xstate\.done\.actor\.lookup /);
    // An eventless step through validating is part of what started it, and says so.
    expect(await panel.words()).toEqual([
      'lookup answered',
      'inputs changed',
      'inputs changed',
      'lookup answered',
      'connected',
      'connected',
    ]);
    expect(answer.context).toMatchObject({ href: await page.locator('#swatch > a').getAttribute('href') });
    expect(await panel.diagram()).toMatchObject({
      highlighted: ['enabled'],
      taken: ['fetching->enabled on xstate.done.actor.lookup'],
    });
    expect(await panel.why()).toEqual({
      why: `link known: ${await page.locator('#swatch > a').getAttribute('href')}`,
      change: 'would change it: an attribute change looks it up again',
    });
    await page.context().close();
  });

  it('opens as a compact bar that lists the elements and covers none of the page, and expands on demand', async () => {
    const { page, panel } = await openExample('after');
    await expect.poll(() => panel.chips()).toEqual(['#swatch enabled', '#pbr enabled']);
    expect(await panel.expanded()).toBe(false);
    expect(await panel.root.getAttribute('collapsed')).toBe('');
    const bar = (await panel.root.boundingBox())!;
    expect(bar.height).toBeLessThan(60);
    for (const control of await page.locator('cm-material-download > a, h1, #status').all()) {
      const box = (await control.boundingBox())!;
      const apart =
        box.x + box.width <= bar.x ||
        bar.x + bar.width <= box.x ||
        box.y + box.height <= bar.y ||
        bar.y + bar.height <= box.y;
      expect(apart).toBe(true);
    }
    await panel.pickFromBar('#pbr');
    expect(await panel.expanded()).toBe(true);
    expect(await panel.pickedName()).toBe('#pbr');
    await panel.toggle();
    expect(await panel.expanded()).toBe(false);
    await panel.toggle();
    expect(await panel.expanded()).toBe(true);
    await page.context().close();
  });

  it('is operable from the keyboard: its buttons take focus, Enter expands, Escape collapses', async () => {
    const { page, panel } = await openExample('after');
    await expect.poll(() => panel.chips()).toHaveLength(2);
    await panel.root.locator('[data-panel="toggle"]').focus();
    await page.keyboard.press('Enter');
    expect(await panel.expanded()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    expect(await panel.expanded()).toBe(false);
    expect(await panel.root.evaluate((host) => host.shadowRoot!.activeElement?.getAttribute('data-panel'))).toBe(
      'toggle',
    );
    await page.context().close();
  });

  it('changes nothing the elements do: the same requests as without it, and nothing else from the network', async () => {
    const without = await openExample('none');
    await changeSwatch(without.page);
    const expected = operations();
    await without.page.context().close();

    const { page } = await openExample('after');
    await changeSwatch(page);
    expect(operations()).toEqual(expected);
    expect(operations()).toHaveLength(3);
    // The page, the element's file, the inspector's file and the lookups; the browser may ask for a favicon.
    expect(new Set(requests.filter((request) => request !== 'GET /favicon.ico'))).toEqual(
      new Set([
        'GET /',
        `GET ${new URL(CDN_SCRIPT.exec(example)![1]!).pathname}`,
        'GET /dist/cm-material-download.inspector.js',
        'POST /graphql',
      ]),
    );
    await page.context().close();
  });

  it('loaded before the element file, sees each element from its first step', async () => {
    const { page, panel } = await openExample('before');
    await expect
      .poll(() => panel.elements())
      .toEqual(['#swatch | A-100 | thumbnail | enabled', '#pbr | A-100 | pbr | enabled']);
    expect(await panel.transitions()).toEqual(['fetching->enabled', 'validating->fetching', 'idle->validating']);
    await page.context().close();
  });

  it('added once the elements have settled, finds them and logs from then on', async () => {
    const { page, panel } = await openExample('none');
    await expect.poll(() => settled(page)).toBe(2);
    await page.addScriptTag({ url: '/dist/cm-material-download.inspector.js' });
    await expect
      .poll(() => panel.elements())
      .toEqual(['#swatch | A-100 | thumbnail | enabled', '#pbr | A-100 | pbr | enabled']);
    expect(await panel.transitions()).toEqual([]);
    expect(await panel.diagram()).toMatchObject({ highlighted: ['enabled'] });
    await changeSwatch(page);
    await expect
      .poll(() => panel.transitions())
      .toEqual(['fetching->enabled', 'validating->fetching', 'enabled->validating']);
    await page.context().close();
  });

  it('drops an element removed from the page from its list', async () => {
    const { page, panel } = await openExample('after');
    await expect.poll(() => panel.elements()).toHaveLength(2);
    await page.locator('#pbr').evaluate((host) => host.remove());
    await expect.poll(() => panel.elements()).toEqual(['#swatch | A-100 | thumbnail | enabled']);
    await page.context().close();
  });

  // One picture, from the React build: both projects writing it would race.
  it.runIf(ELEMENT_FILE.endsWith('/cm-material-download.js'))(
    'is worth a picture: docs/inspector.png, after an attribute change',
    async () => {
      const { page, panel } = await openExample('after');
      await changeSwatch(page);
      await expect.poll(() => panel.transitions()).toHaveLength(6);
      // Opens compact; the picture shows what expanding it gives.
      await panel.pick('#swatch');
      const path = fileURLToPath(new URL('../../docs/inspector.png', import.meta.url));
      await page.screenshot({ path });
      expect(statSync(path).size).toBeGreaterThan(30_000);
      await page.context().close();
    },
  );
});

/** What a strict customer page allows: files of its own origin, no inline style, no string reaching a DOM sink. */
const STRICT_POLICY = "default-src 'self'; style-src 'self'; require-trusted-types-for 'script'; trusted-types 'none'";
/** What the strict page's elements say themselves: an invalid type, and a lookup answered with HTTP 500. */
const EXPECTED_ON_STRICT_PAGE = [/Invalid type "swatch"/, /status of 500/, /HTTP 500/];

/**
 * The strict fixture under STRICT_POLICY, with the inspector beside the
 * element. Every CSP violation is recorded from before the page's first
 * script: Playwright's init script is the browser's own, not the page's.
 */
async function openStrictPage(): Promise<{ page: Page; panel: InspectorPanel; violations: () => Promise<string[]> }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  problems = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !EXPECTED_ON_STRICT_PAGE.some((expected) => expected.test(text)))
      problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  const url = `${provider.origin}/fixtures/strict.html`;
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('/dist/cm-material-download.js', ELEMENT_FILE);
    await route.fulfill({
      response,
      body,
      headers: { ...response.headers(), 'content-security-policy': STRICT_POLICY },
    });
  });
  await page.goto(url);
  // Added once the others settled: its lookup gets a batch of its own, so its failure is its alone.
  await expect
    .poll(() => page.locator('cm-material-download:not([data-state="validating"], [data-state="fetching"])').count())
    .toBe(3);
  await page.evaluate(() => {
    const failing = Object.assign(document.createElement('cm-material-download'), { id: 'failing' });
    for (const [name, value] of Object.entries({
      'organization-id': 'org-1',
      'article-id': 'fault-status-500-json',
      type: 'pbr',
    }))
      failing.setAttribute(name, value);
    failing.append(Object.assign(document.createElement('a'), { textContent: 'Download PBR package' }));
    document.body.append(failing);
  });
  const violations = () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  return { page, panel: new InspectorPanel(page), violations };
}

describe('the inspector on a strict page (CSP style-src self, Trusted Types)', () => {
  it('lists the elements in a styled panel, with no CSP violation and nothing thrown', async () => {
    const { page, panel, violations } = await openStrictPage();
    await expect
      .poll(() => panel.elements())
      .toEqual([
        '#found | A-100 | thumbnail | enabled',
        '#invalid | A-100 | swatch | disabled (invalid-input)',
        '#missing | A-199 | thumbnail | disabled (not-found)',
        '#failing | fault-status-500-json | pbr | disabled (request-failed)',
      ]);
    // Its stylesheet applies: the host is fixed to the viewport's corner, not in the page's flow.
    expect(await panel.root.evaluate((host) => getComputedStyle(host).position)).toBe('fixed');
    expect(await panel.diagram()).toMatchObject({ highlighted: ['enabled'] });
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('says why each element is disabled and what would change it, and marks the arrow last taken', async () => {
    const { page, panel, violations } = await openStrictPage();
    await expect
      .poll(() => panel.elements())
      .toContain('#failing | fault-status-500-json | pbr | disabled (request-failed)');

    await panel.pick('#invalid');
    expect(await panel.pickedName()).toBe('#invalid');
    expect(await panel.currentState()).toBe('disabled');
    expect(await panel.root.locator('[data-panel="reason"]').textContent()).toBe(' (invalid-input)');
    expect(await panel.why()).toEqual({
      why: expect.stringMatching(
        /^Invalid type "swatch"\. Valid values: pbr, thumbnail, tile: set the attribute the message names/,
      ),
      change: '',
    });
    expect(await panel.diagram()).toMatchObject({ taken: ['validating->disabled on always'] });

    await panel.pick('#missing');
    expect(await panel.why()).toEqual({
      why: 'the provider has no thumbnail 10x10cm exr for A-199 of org-1',
      change: expect.stringMatching(/^would change it: check the ids, `type` and the size/),
    });
    expect(await panel.diagram()).toMatchObject({ taken: ['fetching->disabled on xstate.done.actor.lookup'] });

    await panel.pick('#failing');
    expect(await panel.why()).toMatchObject({
      why: expect.stringMatching(/HTTP 500.*: read the message: check the endpoint/),
    });
    expect(await panel.diagram()).toMatchObject({ taken: ['fetching->disabled on xstate.error.actor.lookup'] });
    expect(await panel.words()).toContain('lookup failed');
    expect(await violations()).toEqual([]);
    await page.context().close();
  });
});
