import { expect, it } from 'vitest';
import { readLink, toOperation } from '../../src/api/operation';
import { validateInputs } from '../../src/machine/inputs';
import { readLinkExpiry } from '../../src/machine/linkExpiry';
import { UNTIL, type Attributes, type Build, type CustomerPage, type ElementId } from '../support/customerPage';
import { engine } from './support/engine';
import { signedEndpoint } from './support/linkTimeline';
import { describeEachBuild } from './support/useEngine';

/**
 * Links the page's server resolved: the element arrives in the HTML as a server sends it, with
 * `resolved` on the host and the link on its anchor, before the script that defines the element.
 * Such a link is shown from the first frame and asks nothing; a signed one is refreshed before it
 * expires, one that expired before the page came is looked up at once; a clone, a later change,
 * invalid inputs or an anchor whose href is no http(s) URL look up (or not) as always. A recorder
 * in the page's head hears every write on the elements from before they are parsed.
 */

const A100_PBR: Attributes = { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr' };
const A103_PBR: Attributes = { 'organization-id': 'org-1', 'article-id': 'A-103', type: 'pbr' };
const A101_TILE: Attributes = { 'organization-id': 'org-1', 'article-id': 'A-101', type: 'tile' };

/** One write on an element (its host's or its anchor's attribute), as the page's recorder heard it. */
interface Written {
  id: string;
  name: string;
  /** What the attribute became: null where it was removed. */
  value: string | null;
  at: number;
}

/**
 * In the page's head, before any element is parsed: every write of what an element shows, its
 * mark and its state. The parser's own attributes make no record; a write of the same value does.
 */
function recordWritesFromStart(): void {
  const written: Written[] = [];
  (window as any).__written = written;
  new MutationObserver((records) =>
    records.forEach((record, index) => {
      const target = record.target as Element;
      const name = record.attributeName!;
      // A record's new value is the next record's old value of that attribute; the last one's is the attribute now.
      const next = records.slice(index + 1).find((later) => later.target === target && later.attributeName === name);
      const host = target.localName === 'a' ? target.parentElement : target;
      written.push({
        id: host?.id ?? '',
        name,
        value: next ? next.oldValue : target.getAttribute(name),
        at: Date.now(),
      });
    }),
  ).observe(document, {
    subtree: true,
    attributes: true,
    attributeOldValue: true,
    attributeFilter: ['href', 'aria-disabled', 'data-state', 'resolved'],
  });
}

/** An element as the server writes it: its inputs, `resolved` or not, and its anchor's href, if any. */
interface ServerElement {
  id: string;
  attributes: Attributes;
  resolved?: boolean;
  href?: string;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function elementHtml({ id, attributes, resolved = false, href }: ServerElement): string {
  const attrs = Object.entries({ id, ...attributes })
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  const link = href === undefined ? '' : ` href="${escapeAttribute(href)}"`;
  return `<cm-material-download${attrs}${resolved ? ' resolved' : ''}><a class="button"${link}>Download</a></cm-material-download>`;
}

/**
 * The page as the site's server sends it: the recorders first, the build under test as a module script
 * (which runs once the page is parsed), the elements, then `inlineScript` (a script of the page's own,
 * run as the parser reaches it: before the element is defined).
 */
function serverPage(build: Build, elements: ServerElement[], inlineScript = ''): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>A page whose server resolved its links</title>
    <script src="/engines/recorder.js"></script>
    <script>(${recordWritesFromStart.toString()})();</script>
    <script type="module" src="/dist/${build}"></script>
  </head>
  <body>
    <main id="root">
      ${elements.map(elementHtml).join('\n      ')}
    </main>
    ${inlineScript && `<script>${inlineScript}</script>`}
  </body>
</html>
`;
}

const untilPast = async (moment: number) => {
  while (Date.now() <= moment) await new Promise((resume) => setTimeout(resume, moment - Date.now() + 1));
};

describeEachBuild(`%s in ${engine.name}: links the page's server resolved`, (build, browser) => {
  /** What the site's server does before it sends the page: looks the link up as the element would, over HTTP. */
  async function resolveOnServer(attributes: Attributes, endpoint = browser.provider.graphqlUrl): Promise<string> {
    const validation = validateInputs({
      organizationId: attributes['organization-id'],
      articleId: attributes['article-id'],
      type: attributes.type,
    });
    if (!validation.ok) throw new Error(validation.error);
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(toOperation(validation.request)),
    });
    const href = readLink(validation.request.kind, (await response.json()) as object);
    if (!href) throw new Error(`the provider has no link for ${JSON.stringify(attributes)}`);
    return href;
  }

  /** The provider's link for these inputs, unsigned as the suite's provider hands it out. */
  const fileOf = (attributes: Attributes) =>
    `${browser.provider.origin}/files/${attributes['organization-id']}/${attributes['article-id']}/${attributes.type}-DONE_DEFAULT-MEDIUM-EXR.zip`;

  let I: CustomerPage;

  async function openServerPage(elements: ServerElement[], inlineScript = ''): Promise<void> {
    const page = await browser.servePage(serverPage(build, elements, inlineScript));
    I = await browser.open(build, { page });
  }

  /** What the page's recorder heard of this element, from before the page was parsed. */
  async function writesOn(id: ElementId): Promise<Written[]> {
    const all = await I.runAsSent(() => (window as any).__written as Written[], null);
    return all.filter((write) => write.id === id);
  }
  const valuesOf = (writes: Written[], name: string) =>
    writes.filter((write) => write.name === name).map((write) => write.value);

  /**
   * Adds an element that looks its link up and waits for that link: a lookup of the elements already on
   * the page would have gone out before it, or with it.
   */
  async function askedOnceSettled(): Promise<string[]> {
    const sentinel = await I.add(A101_TILE);
    await I.settled(sentinel);
    return I.asked().filter((asked) => asked !== 'A-101/GetMaterialDownloadLink');
  }

  it('is shown from the first frame and asks nothing: the anchor is never written, one cm-link-change, the mark removed', async () => {
    const href = await resolveOnServer(A100_PBR);
    await openServerPage([{ id: 'server', attributes: A100_PBR, resolved: true, href }]);

    expect(await I.settled('server')).toMatchObject({ state: 'enabled', href, error: null, reason: null });
    expect(await askedOnceSettled()).toEqual([]);
    expect(await I.linkChanges('server')).toHaveLength(1);
    const writes = await writesOn('server');
    // The anchor as the server wrote it, from the first paint: its href never removed nor rewritten, never disabled.
    expect(valuesOf(writes, 'href')).toEqual([]);
    expect(valuesOf(writes, 'aria-disabled')).toEqual([]);
    expect(new Set(valuesOf(writes, 'data-state'))).toEqual(new Set(['enabled']));
    expect(valuesOf(writes, 'resolved')).toEqual([null]);
    expect(await I.anchorOf('server')).toMatchObject({ dataState: 'enabled', href, ariaDisabled: null });
    expect(await I.attribute('server', 'resolved')).toBeNull();
    expect(await I.download(href)).toBe(200);
    expect(await I.consoleErrors()).toEqual([]);
    expect(await I.consoleWarnings()).toEqual([]);
  });

  it('a signed one is refreshed before it expires: one lookup, the link replaced, never disabled on the way', async () => {
    // Long enough that the refresh, at 80% of what is left when the page shows it, comes back in time on a busy machine.
    const lifetimeMs = 8000;
    const endpoint = signedEndpoint(browser.provider, 'azure', lifetimeMs);
    const attributes = { ...A100_PBR, endpoint };
    const href = await resolveOnServer(attributes, endpoint);
    const expiresAt = readLinkExpiry(href)!;
    await openServerPage([{ id: 'server', attributes, resolved: true, href }]);

    await expect.poll(async () => (await I.linkChanges('server')).length, { ...UNTIL, timeout: 20_000 }).toBe(2);
    const [first, refreshed] = await I.linkChanges('server');
    expect(first).toMatchObject({ state: 'enabled', href, reason: null });
    expect(refreshed).toMatchObject({ state: 'enabled', reason: null });
    expect(refreshed!.href).not.toBe(href);
    // The refresh, and nothing before it: the server's link was shown as it came.
    expect(I.asked()).toEqual(['A-100/GetPbrMaterialDownloadLink']);
    const writes = await writesOn('server');
    // Replaced in one write, before the server's link expired.
    expect(valuesOf(writes, 'href')).toEqual([refreshed!.href]);
    expect(writes.find((write) => write.name === 'href')!.at).toBeLessThan(expiresAt);
    expect(valuesOf(writes, 'aria-disabled')).toEqual([]);
    expect(await I.download(refreshed!.href!)).toBe(200);
  });

  it('one that expired before the page came (served from a cache) is never shown: looked up at once, the fresh link comes', async () => {
    const stale = await resolveOnServer(A100_PBR, signedEndpoint(browser.provider, 'azure', 1000));
    await untilPast(readLinkExpiry(stale)!);
    const attributes = { ...A100_PBR, endpoint: signedEndpoint(browser.provider, 'azure', 60_000) };
    await openServerPage([{ id: 'server', attributes, resolved: true, href: stale }]);

    const fresh = await I.settled('server');
    expect(fresh).toMatchObject({ state: 'enabled', error: null, reason: null });
    expect(fresh.href).not.toBe(stale);
    expect(await I.linkChanges('server')).toHaveLength(1);
    expect(I.asked()).toEqual(['A-100/GetPbrMaterialDownloadLink']);
    const writes = await writesOn('server');
    // Taken off the anchor at the element's start, the fresh link in its place once it came.
    expect(valuesOf(writes, 'href')).toEqual([null, fresh.href]);
    expect(valuesOf(writes, 'aria-disabled')).toEqual(['true', null]);
    // Never enabled while the stale link was on it.
    const staleWhile = writes.slice(
      0,
      writes.findIndex((write) => write.name === 'href'),
    );
    expect(valuesOf(staleWhile, 'data-state')).not.toContain('enabled');
    expect(await I.download(fresh.href!)).toBe(200);
  });

  it('the mark is read once: a clone of the started element and a later input change each look up, once', async () => {
    const href = await resolveOnServer(A100_PBR);
    await openServerPage([{ id: 'server', attributes: A100_PBR, resolved: true, href }]);
    await I.settled('server');

    const clone = await I.runInTask(() => {
      const copy = document.getElementById('server')!.cloneNode(true) as HTMLElement;
      copy.id = 'clone';
      document.getElementById('root')!.append(copy);
      return copy.id;
    }, null);
    expect(await I.settled(clone)).toMatchObject({ state: 'enabled', href: fileOf(A100_PBR) });
    expect(I.asked()).toEqual(['A-100/GetPbrMaterialDownloadLink']);

    const changed = await I.settleAfter('server', () => I.setAttribute('server', 'article-id', 'A-103'));
    expect(changed).toMatchObject({ state: 'enabled', href: fileOf(A103_PBR) });
    expect(I.asked()).toEqual(['A-100/GetPbrMaterialDownloadLink', 'A-103/GetPbrMaterialDownloadLink']);
  });

  it("a clone the page's script made before the element was defined carries the server's mark: shown as it came, nothing asked", async () => {
    const href = await resolveOnServer(A100_PBR);
    const cloneBeforeDefinition = `
      const copy = document.getElementById('server').cloneNode(true);
      copy.id = 'early-clone';
      document.getElementById('root').append(copy);`;
    await openServerPage([{ id: 'server', attributes: A100_PBR, resolved: true, href }], cloneBeforeDefinition);

    const changes = await I.settledAll(['server', 'early-clone']);
    for (const change of changes) expect(change).toMatchObject({ state: 'enabled', href });
    expect(await askedOnceSettled()).toEqual([]);
    expect(valuesOf(await writesOn('early-clone'), 'href')).toEqual([]);
  });

  it('with invalid inputs the mark is ignored: invalid-input, nothing asked, the link taken off', async () => {
    const href = await resolveOnServer(A100_PBR);
    await openServerPage([{ id: 'server', attributes: { ...A100_PBR, type: 'bogus' }, resolved: true, href }]);

    expect(await I.settled('server')).toMatchObject({ state: 'disabled', href: null, reason: 'invalid-input' });
    expect(await askedOnceSettled()).toEqual([]);
    const writes = await writesOn('server');
    expect(valuesOf(writes, 'data-state')).not.toContain('enabled');
    expect(valuesOf(writes, 'href')).toEqual([null]);
    expect(await I.anchorOf('server')).toMatchObject({ href: null, ariaDisabled: 'true' });
    expect(await I.attribute('server', 'resolved')).toBeNull();
    // The element says what is wrong with its inputs, as without the mark.
    expect(await I.elementErrors()).toHaveLength(1);
  });

  it('an anchor whose href is no absolute http(s) URL is never shown: looked up as always', async () => {
    const hrefs = { relative: '/files/org-1/A-100/pbr-DONE_DEFAULT-MEDIUM-EXR.zip', script: 'javascript:void 0' };
    await openServerPage([
      { id: 'relative', attributes: A100_PBR, resolved: true, href: hrefs.relative },
      { id: 'script', attributes: A103_PBR, resolved: true, href: hrefs.script },
    ]);

    const changes = await I.settledAll(['relative', 'script']);
    expect(changes[0]).toMatchObject({ state: 'enabled', href: fileOf(A100_PBR) });
    expect(changes[1]).toMatchObject({ state: 'enabled', href: fileOf(A103_PBR) });
    expect(I.asked().sort()).toEqual(['A-100/GetPbrMaterialDownloadLink', 'A-103/GetPbrMaterialDownloadLink']);
    for (const id of ['relative', 'script']) {
      const writes = await writesOn(id);
      // Taken off at the start, the provider's link in its place: enabled only with that.
      expect(valuesOf(writes, 'href')).toEqual([null, (await I.linkChanges(id))[0]!.href]);
      expect(valuesOf(writes, 'aria-disabled')[0]).toBe('true');
      expect(await I.linkChanges(id)).toHaveLength(1);
    }
  });

  it('a host a script adds after the element was defined, its mark not to be honoured, is disabled as it connects', async () => {
    const href = await resolveOnServer(A100_PBR);
    await openServerPage([]);
    // In the task that connects them, before any start: what a visitor could click meanwhile.
    const shownAtConnect = await I.runInTask(
      ([markup]) => {
        const root = document.getElementById('root')!;
        root.insertAdjacentHTML('beforeend', markup);
        return [...root.querySelectorAll('a')].map((anchor) => ({
          id: anchor.parentElement!.id,
          href: anchor.getAttribute('href'),
          ariaDisabled: anchor.getAttribute('aria-disabled'),
        }));
      },
      [
        [
          elementHtml({ id: 'script', attributes: A100_PBR, resolved: true, href: 'javascript:void 0' }),
          elementHtml({ id: 'invalid', attributes: { ...A100_PBR, type: 'bogus' }, resolved: true, href }),
          elementHtml({ id: 'kept', attributes: A103_PBR, resolved: true, href: fileOf(A103_PBR) }),
        ].join(''),
      ] as const,
    );
    expect(shownAtConnect).toEqual([
      { id: 'script', href: null, ariaDisabled: 'true' },
      { id: 'invalid', href: null, ariaDisabled: 'true' },
      { id: 'kept', href: fileOf(A103_PBR), ariaDisabled: null },
    ]);
    const changes = await I.settledAll(['script', 'invalid', 'kept']);
    expect(changes.map(({ state, href: shown }) => [state, shown])).toEqual([
      ['enabled', fileOf(A100_PBR)],
      ['disabled', null],
      ['enabled', fileOf(A103_PBR)],
    ]);
    expect(I.asked()).toEqual(['A-100/GetPbrMaterialDownloadLink']);
  });
});
