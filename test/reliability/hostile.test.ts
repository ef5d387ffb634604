import { describe, expect, it } from 'vitest';
import { getMaterialDownloadLinkQuery } from '../../src/api/operation';
import type { ChromiumPage } from '../browser/support/chromiumPage';
import { useHarness } from '../browser/support/useHarness';
import { DISABLED_ANCHOR, PREFIX, expectClearMessage } from './support/probes';

/**
 * Hostile answers and hostile input. Whatever the service answers, only an
 * absolute http(s) URL ever becomes an href; whatever the customer's
 * attributes hold, it travels as a GraphQL variable and never becomes query
 * text or markup.
 */

const harness = useHarness();
let I: ChromiumPage;

async function openPage(options: { load?: boolean } = {}): Promise<void> {
  I = await harness.open(options);
}

/** Articles of org-test whose every URL is the given one (dev/provider/seed.js). */
const HOSTILE_URLS: [name: string, articleId: string, shownAs: RegExp][] = [
  ['javascript:', 'hostile-javascript', /"javascript:alert\(1\)"/],
  ['javascript: in mixed case', 'hostile-javascript-mixed-case', /"JaVaScRiPt:alert\(1\)"/],
  // Quoted as JSON: the tab shows as \t and the message stays on one line.
  ['javascript: with a tab inside the scheme', 'hostile-javascript-tab', /"java\\tscript:alert\(1\)"/],
  ['javascript: after a leading space', 'hostile-javascript-space', /" javascript:alert\(1\)"/],
  ['data:', 'hostile-data', /"data:text\/html,hi"/],
  ['vbscript:', 'hostile-vbscript', /"vbscript:msgbox\(1\)"/],
  ['a relative URL', 'hostile-relative', /"\/files\/x\.png"/],
  ['a protocol-relative URL', 'hostile-protocol-relative', /"\/\/evil\.example\/x\.png"/],
  ['an https URL padded with spaces', 'hostile-padded', /"\s+https:\/\/files\.example\/x\.png\s+"/],
  ['an https URL padded with a newline and a tab', 'hostile-newline-padded', /https:\/\/files\.example\/x\.png/],
  ['a 100 KB https URL', 'hostile-long', /"https:\/\/files\.example\/a+…"/],
];

const EVERY_TYPE: Record<string, string>[] = [
  { type: 'thumbnail', dimensions: '10x10cm' },
  { type: 'tile' },
  { type: 'pbr' },
];

describe('a download URL the element must refuse is never set as href', () => {
  it.each(HOSTILE_URLS)('%s: every type stays disabled and says the URL was refused', async (_, articleId, shownAs) => {
    await openPage();
    const hrefs = await I.recordHrefWrites();
    const elements = await I.addTogether(
      EVERY_TYPE.map((kind) => ({ 'organization-id': 'org-test', 'article-id': articleId, ...kind })),
    );
    const changes = await Promise.all(elements.map((element) => I.settled(element)));

    for (const [index, change] of changes.entries()) {
      expect(change).toMatchObject({ state: 'disabled', href: null });
      expectClearMessage(change.error, /^refused download URL /);
      expect(change.error).toMatch(shownAs);
      expect(await I.anchorOf(elements[index]!)).toEqual(DISABLED_ANCHOR);
    }
    expect(await hrefs.shown()).toEqual([]);
    expect(I.devtools.consoleErrors).toHaveLength(EVERY_TYPE.length);
    expect(I.devtools.consoleErrors.every((text) => text.startsWith(`${PREFIX} refused download URL`))).toBe(true);
  });
});

/** Customer input built to break out of a GraphQL string, an HTML attribute or a log line. */
const HOSTILE_VALUES: [name: string, value: string][] = [
  ['quotes', `he said "hi" & 'bye'`],
  ['a <script> tag', '<script>window.__pwned = "script"</script>'],
  ['an <img onerror>', '"><img src=x onerror="window.__pwned = \'img\'">'],
  ['a GraphQL breakout', '") { __typename } materials(where: {}) { id } #'],
  ['a variable reference', '$organizationId'],
  ['newlines', 'line one\nline two\r\nline three'],
  ['non-ASCII', 'Möbel-🪑-家具'],
  ['10 KB', `${'x'.repeat(10 * 1024 - 3)}"<>`],
];

/** The host's markup minus what the element owns: data-state and data-reason on the host; href, aria and focus attributes and the disabled class on the anchor. */
function customerMarkup(): Promise<Record<string, string>> {
  return I.page.evaluate(() => {
    const markup: Record<string, string> = {};
    for (const host of document.querySelectorAll('cm-material-download')) {
      const copy = host.cloneNode(true) as HTMLElement;
      copy.removeAttribute('data-state');
      copy.removeAttribute('data-reason');
      const anchor = copy.querySelector(':scope > a');
      if (anchor) {
        for (const owned of ['href', 'aria-disabled', 'role', 'tabindex']) anchor.removeAttribute(owned);
        anchor.classList.remove('disabled');
      }
      markup[host.id] = copy.outerHTML;
    }
    return markup;
  });
}

/** Anything a successful injection would leave behind. */
const injectionTraces = () =>
  I.page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
    scripts: document.querySelectorAll('script').length,
    images: document.querySelectorAll('img').length,
  }));

describe('hostile attribute values travel as GraphQL variables only', () => {
  it('each value reaches the provider verbatim in variables, the query text is the constant, and no markup changes', async () => {
    await openPage({ load: false });
    await I.page.evaluate((values) => {
      const root = document.getElementById('root')!;
      values.forEach(([, value], index) => {
        const host = document.createElement('cm-material-download');
        host.id = `hostile-${index}`;
        // One value as the article, the next as the organization: both are sent.
        host.setAttribute('organization-id', index % 2 ? value : 'org-1');
        host.setAttribute('article-id', index % 2 ? 'A-100' : value);
        host.setAttribute('type', 'thumbnail');
        host.setAttribute('dimensions', '10x10cm');
        host.innerHTML = '<a class="button" data-track="x">Download <b>it</b></a>';
        root.append(host);
      });
    }, HOSTILE_VALUES);
    const before = await customerMarkup();
    const tracesBefore = await injectionTraces();
    const scriptsAddedByLoading = 1;

    await I.loadElement();
    const elements = HOSTILE_VALUES.map((_, index) => `hostile-${index}`);
    const changes = await Promise.all(elements.map((element) => I.settled(element)));

    // Nothing matches these made-up ids: disabled, but not an error.
    expect(changes.map((change) => change.state)).toEqual(HOSTILE_VALUES.map(() => 'disabled'));
    expect(I.devtools.consoleErrors).toEqual([]);
    const operations = I.operations();
    expect(operations).toHaveLength(HOSTILE_VALUES.length);
    HOSTILE_VALUES.forEach(([, value], index) => {
      const key = index % 2 ? 'organizationId' : 'articleId';
      const sent = operations.filter((operation) => operation.variables[key] === value);
      expect(sent, `${key} ${JSON.stringify(value).slice(0, 40)}`).toHaveLength(1);
    });
    for (const operation of operations) expect(operation.query).toBe(getMaterialDownloadLinkQuery);
    expect(await customerMarkup()).toEqual(before);
    expect(await injectionTraces()).toEqual({ ...tracesBefore, scripts: tracesBefore.scripts + scriptsAddedByLoading });
  });

  it('the same values set one after another as a property are each sent verbatim', async () => {
    await openPage();
    const element = await I.add({ 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr' });
    await I.settled(element);
    harness.provider.clearRequests();
    for (const [, value] of HOSTILE_VALUES)
      await I.settleAfter(element, () => I.setProperty(element, 'articleId', value));
    expect(I.operations().map((operation) => operation.variables.articleId)).toEqual(
      HOSTILE_VALUES.map(([, value]) => value),
    );
    expect((await injectionTraces()).pwned).toBeNull();
  });

  it.each([
    ['type', '<script>window.__pwned = 1</script>', /^Invalid type "<script>/],
    ['dimensions', '"><img src=x onerror="window.__pwned = 1">', /^Invalid dimensions ""><img/],
    ['endpoint', 'javascript:window.__pwned = 1', /^invalid endpoint "javascript:/],
  ])('a hostile %s is refused without a request and without running anything', async (attribute, value, says) => {
    await openPage();
    harness.provider.clearRequests();
    const base = { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'thumbnail', dimensions: '10x10cm' };
    const element = await I.add({ ...base, [attribute]: value });
    const change = await I.settled(element);
    expect(change).toMatchObject({ state: 'disabled', href: null });
    expect(change.error).toMatch(says);
    expect(harness.provider.requests).toEqual([]);
    expect((await injectionTraces()).pwned).toBeNull();
  });
});
