import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProvider, type Provider } from '../../dev/provider/server.js';
import { ELEMENT_FILE, TAG, type ChromiumPage } from '../browser/support/chromiumPage';
import { useHarness } from '../browser/support/useHarness';
import { PREFIX, expectA100Link, expectClearMessage, swatch } from './support/probes';

/**
 * Customer pages are not clean rooms: they wrap fetch, define Node-ish
 * globals, load the bundle twice or beside another version. The element
 * works in all of them and throws into none.
 */

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { version: VERSION } = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
  version: string;
};

const harness = useHarness();
let I: ChromiumPage;

/** The customer page, with `prepare` run before the element's script loads (unless told not to load it). */
async function openWith(prepare: () => void = () => {}, { load = true } = {}): Promise<void> {
  I = await harness.open({ load: false });
  await I.page.evaluate(prepare);
  if (load) await I.loadElement();
}

async function expectWorkingLink(): Promise<void> {
  const element = await I.add(swatch);
  await expectA100Link(I, element, await I.settled(element));
}

describe('globals a page may define before the element loads', () => {
  it.each([
    [
      'window.process with a development NODE_ENV',
      () => {
        (window as any).process = { env: { NODE_ENV: 'development' } };
      },
    ],
    [
      'a window.process that throws when touched',
      () => {
        Object.defineProperty(window, 'process', {
          get() {
            throw new Error('the page has no process');
          },
        });
      },
    ],
    [
      'CommonJS globals: module, exports, global and a require that throws',
      () => {
        const w = window as any;
        w.module = { exports: {} };
        w.exports = w.module.exports;
        w.global = window;
        w.require = () => {
          throw new Error('require is not for browsers');
        };
      },
    ],
    [
      'an AMD loader (define.amd)',
      () => {
        (window as any).define = Object.assign(() => ((window as any).__amdDefineCalled = true), { amd: {} });
      },
    ],
    [
      'another React on window',
      () => {
        const broken = () => {
          throw new Error('the page React was used');
        };
        (window as any).React = { version: '18.3.1', createElement: broken, useState: broken };
        (window as any).ReactDOM = { version: '18.3.1', createRoot: broken, render: broken };
      },
    ],
  ] as [string, () => void][])('%s: the element registers itself and works', async (_, prepare) => {
    await openWith(prepare);
    await expectWorkingLink();
    expect(await I.page.evaluate(() => (window as any).__amdDefineCalled ?? false)).toBe(false);
    expect(I.devtools.consoleErrors).toEqual([]);
  });
});

/** A pass-through fetch wrapper that counts the requests it sees. */
function installCountingFetch(): void {
  const w = window as any;
  const original = w.fetch;
  w.__fetchCalls = [];
  w.fetch = function wrapped(input: RequestInfo | URL, init?: RequestInit) {
    w.__fetchCalls.push(String(input instanceof Request ? input.url : input));
    return original.call(this, input, init);
  };
}
const fetchCalls = () => I.page.evaluate(() => (window as any).__fetchCalls as string[]);

describe('a page that wraps fetch', () => {
  it('a wrapper installed before the script loads sees the request, and the link works', async () => {
    await openWith(installCountingFetch);
    await expectWorkingLink();
    expect(await fetchCalls()).toEqual([harness.provider.graphqlUrl]);
  });

  it('a wrapper installed after the script loaded, even after a first link, sees the next request', async () => {
    await openWith();
    const element = await I.add(swatch);
    await I.settled(element);
    await I.page.evaluate(installCountingFetch);
    const change = await I.settleAfter(element, () => I.setAttribute(element, 'article-id', 'A-103'));
    expect(change).toMatchObject({ state: 'enabled', href: expect.stringContaining('/files/org-1/A-103/') });
    expect(await fetchCalls()).toEqual([harness.provider.graphqlUrl]);
  });

  it('a wrapper that drops the abort signal: the superseded answer still arrives, and is never shown', async () => {
    await openWith(() => {
      const w = window as any;
      const original = window.fetch.bind(window);
      w.__answered = 0;
      window.fetch = (input, init) => {
        const response = original(input, { ...init, signal: null });
        response.then(() => (w.__answered += 1)).catch(() => {});
        return response;
      };
    });
    const hrefs = await I.recordHrefWrites();
    // The first request is held at the network until the element wants A-103: its answer can only come late.
    const first = await I.holdFirstRequest();
    const element = await I.add(swatch);
    const held = await first.arrived;
    const change = await I.settleAfter(element, () => I.setAttribute(element, 'article-id', 'A-103'));
    await held.continue();
    await I.page.waitForFunction(() => (window as any).__answered === 2);
    // The late answer was read to the end: it is what a new element for A-100 now gets, with no request.
    const witness = await I.add(swatch);
    await expectA100Link(I, witness, await I.settled(witness));
    expect(harness.provider.requests).toHaveLength(2);

    expect(await hrefs.shown(element)).toEqual([change.href]);
    expect((await I.anchorOf(element)).href).toBe(change.href);
    expect((await I.linkChanges()).filter((c) => c.id === change.id)).toEqual([change]);
  });

  it.each([
    [
      'throws',
      () => {
        (window as any).fetch = () => {
          throw new TypeError('blocked by the page');
        };
      },
    ],
    [
      'rejects',
      () => {
        (window as any).fetch = () => Promise.reject(new TypeError('blocked by the page'));
      },
    ],
    [
      'resolves to nothing',
      () => {
        (window as any).fetch = () => Promise.resolve(undefined);
      },
    ],
  ] as [string, () => void][])(
    'a wrapper that %s: the link is disabled with one clear error, nothing thrown',
    async (_, prepare) => {
      await openWith(prepare);
      // A fetch that fails reads as the network failing, which is tried again: quickly here, where only
      // the end counts (one error however many tries).
      await I.configure({ retry: { baseDelayMs: 10 } });
      const element = await I.add(swatch);
      const change = await I.settled(element);
      expect(change).toMatchObject({ state: 'disabled', href: null });
      expectClearMessage(change.error, /\w/);
      expect(I.devtools.consoleErrors).toEqual([expect.stringContaining(`${PREFIX} ${change.error}`)]);
    },
  );
});

describe('the bundle loaded twice', () => {
  it.each([
    ['as a module under two URLs', [`${ELEMENT_FILE}?copy=1`, `${ELEMENT_FILE}?copy=2`], 'module'],
    ['as a module, then as a classic script', [`${ELEMENT_FILE}?copy=1`, `${ELEMENT_FILE}?copy=2`], 'classic'],
  ] as const)('%s: no throw, no warning, one definition that works', async (_, [first, second], secondAs) => {
    await openWith(() => {}, { load: false });
    await I.loadElement(first);
    const before = await I.page.evaluate(
      (tag) => ((window as any).__first = customElements.get(tag)) !== undefined,
      TAG,
    );
    await I.page.addScriptTag(secondAs === 'module' ? { type: 'module', url: second } : { url: second });
    // Both copies ran: the second one's IIFE had its chance to redefine.
    expect(before).toBe(true);
    expect(await I.page.evaluate((tag) => customElements.get(tag) === (window as any).__first, TAG)).toBe(true);
    await expectWorkingLink();
    expect(I.devtools.consoleWarnings).toEqual([]);
    expect(I.devtools.consoleErrors).toEqual([]);
  });
});

describe('another version already defined under the same tag', () => {
  let otherVersionDir: string;
  let elsewhere: Provider;
  const OTHER_VERSION = '9.9.9-reliability';

  beforeAll(async () => {
    const bundle = readFileSync(join(PACKAGE_ROOT, 'dist', 'cm-material-download.js'), 'utf8');
    const stamp = `\`${VERSION}\``;
    // The minifier may inline the stamp more than once: every copy changes, so this stands for another release.
    expect(bundle.split(stamp).length).toBeGreaterThan(1);
    otherVersionDir = mkdtempSync(join(tmpdir(), 'cm-other-version-'));
    writeFileSync(join(otherVersionDir, 'cm-material-download.js'), bundle.replaceAll(stamp, `\`${OTHER_VERSION}\``));
    elsewhere = await startProvider({ staticDirs: { '/other/': otherVersionDir } });
  });
  afterAll(async () => {
    await elsewhere?.close();
    if (otherVersionDir) rmSync(otherVersionDir, { recursive: true, force: true });
  });

  it('the later copy warns, throws nothing, and the first definition keeps working', async () => {
    await openWith();
    const early = await I.add(swatch);
    await I.settled(early);
    // A classic script: the stand-in's static files send no CORS headers for a cross-origin module.
    await I.page.addScriptTag({ url: `${elsewhere.origin}/other/cm-material-download.js` });
    await expect
      .poll(() => I.devtools.consoleWarnings)
      .toEqual([
        expect.stringMatching(
          new RegExp(
            `^${PREFIX} <${TAG}> is already defined by version ${VERSION.replace(/\./g, '\\.')}; keeping it, not ${OTHER_VERSION.replace(/\./g, '\\.')}`,
          ),
        ),
      ]);
    expect(
      await I.page.evaluate((tag) => (customElements.get(tag) as unknown as { version: string }).version, TAG),
    ).toBe(VERSION);

    const change = await I.settleAfter(early, () => I.setAttribute(early, 'article-id', 'A-103'));
    expect(change).toMatchObject({ state: 'enabled', href: expect.stringContaining('/files/org-1/A-103/') });
    await expectWorkingLink();
    expect(I.devtools.consoleErrors).toEqual([]);
  });
});

describe('a page that changes its configuration', () => {
  it('turning the answer cache off (cacheTtlMs: 0) stops answers cached before from being reused', async () => {
    // Download links may be signed and expire: a page that switches the cache off wants fresh ones.
    await openWith();
    await I.settled(await I.add(swatch));
    await I.configure({ cacheTtlMs: 0 });
    harness.provider.clearRequests();
    await I.settled(await I.add(swatch));
    expect(I.operations().map((operation) => operation.variables.articleId)).toEqual(['A-100']);
  });
});

describe('the library entry in Node, with no DOM', () => {
  it('imports without throwing, and defineMaterialDownload() returns undefined', () => {
    const script = `
      const lib = await import(${JSON.stringify(pathToFileURL(join(PACKAGE_ROOT, 'dist', 'lib', 'index.js')).href)});
      const defined = lib.defineMaterialDownload();
      console.log(JSON.stringify({
        dom: typeof document + ' ' + typeof HTMLElement + ' ' + typeof customElements,
        defined: defined === undefined ? 'undefined' : typeof defined,
        configure: typeof lib.configure,
        endpoint: lib.configure({ timeoutMs: 1000 }).endpoint,
      }));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: PACKAGE_ROOT,
      encoding: 'utf8',
    });
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual({
      dom: 'undefined undefined undefined',
      defined: 'undefined',
      configure: 'function',
      endpoint: '/graphql',
    });
  });
});
