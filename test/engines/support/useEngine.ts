import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { startProvider, type Provider } from '../../../dev/provider/server.js';
import { BUILDS, CustomerPage, type Build, type OpenOptions } from '../../support/customerPage';
import type { DriverBrowser } from '../../support/driver';
import { oncePerWorker } from '../../support/perWorker';
import { engine } from './engine';

export interface EngineSuite {
  readonly provider: Provider;
  /** A second provider on another origin (the same host, another port), for an element's own `endpoint`. */
  readonly elsewhere: Provider;
  /** The browser's name and version, as its driver reports them. */
  readonly version: string;
  /** A page for this test on this build, the provider's request log emptied, then opened. */
  open(build: Build, options?: OpenOptions): Promise<CustomerPage>;
  /**
   * Has the provider serve this HTML as a page of the site's own, byte for byte as a server sends it;
   * resolves with its path, for `open`'s `page`.
   */
  servePage(html: string): Promise<string>;
}

/** How many suites of a file run side by side: Vitest's `maxConcurrency` (its default, 5). */
const SUITES_AT_ONCE = 5;

/** Where the provider serves the pages a test wrote (`servePage`). */
const SERVED = '/served/';

/**
 * The browser of this run's engine, one per test worker: a start (Firefox's,
 * or WebKit's Xvfb, driver and MiniBrowser) costs more than most files' tests.
 */
const browserOfThisWorker = oncePerWorker(() => engine.launch());

/**
 * One local provider over HTTP for the file and the worker's browser of this
 * run's engine (no fetch mocks), a page per test, and the check every test
 * shares: nothing was thrown into the customer's page.
 */
export function useEngine(): EngineSuite {
  let provider: Provider | undefined;
  let elsewhere: Provider | undefined;
  let browser: DriverBrowser | undefined;
  const pages: CustomerPage[] = [];
  let servedDir: string | undefined;
  let served = 0;

  beforeAll(async () => {
    servedDir = await mkdtemp(path.join(tmpdir(), 'cm-served-pages-'));
    provider = await startProvider({
      staticDirs: { '/dist/': 'dist', '/engines/': 'test/engines/fixtures', [SERVED]: servedDir },
    });
    elsewhere = await startProvider();
    browser = await browserOfThisWorker();
  });
  afterAll(async () => {
    await provider?.close();
    await elsewhere?.close();
    if (servedDir) await rm(servedDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    provider?.setLatency(0);
    for (const page of pages.splice(0)) {
      let thrown: string[];
      try {
        thrown = await page.thrown();
      } finally {
        await page.close();
      }
      expect(thrown).toEqual([]);
    }
  });

  return {
    get provider() {
      return provider!;
    },
    get elsewhere() {
      return elsewhere!;
    },
    get version() {
      return browser!.version;
    },
    async open(build, options) {
      const page = new CustomerPage(await browser!.newPage(), provider!, build);
      pages.push(page);
      provider!.clearRequests();
      elsewhere!.clearRequests();
      await page.open(options);
      return page;
    },
    async servePage(html) {
      const name = `page-${++served}.html`;
      await writeFile(path.join(servedDir!, name), html);
      return `${SERVED}${name}`;
    },
  };
}

/**
 * A suite for each case (`title(item)` names it), each on providers of its own (`useEngine`) and its
 * tests one after another. Where the engine's driver drives pages side by side, the suites run side
 * by side: suites that mostly wait for links to age or clocks to run wait together, not in turn.
 * Each suite's provider logs, holds and clears the requests of its own pages only.
 */
export function describeSideBySide<T>(
  cases: readonly T[],
  title: (item: T) => string,
  tests: (item: T, browser: EngineSuite) => void,
): void {
  const suite = engine.pagesSideBySide ? describe.concurrent : describe.sequential;
  // A page each for the suites that run at once, made before any test: a page may start a browser
  // window (WebKit's), which would take a running test's CPU and its timeout.
  beforeAll(async () => {
    const browser = await browserOfThisWorker();
    const atOnce = engine.pagesSideBySide ? Math.min(cases.length, SUITES_AT_ONCE) : 1;
    const pages = await Promise.all(Array.from({ length: atOnce }, () => browser.newPage()));
    await Promise.all(pages.map((page) => page.close()));
  });
  for (const item of cases) {
    suite(title(item), () => {
      describe.sequential('one test at a time, on providers of its own', () => tests(item, useEngine()));
    });
  }
}

/** A suite for each build (`title` names it, `%s` the build): see describeSideBySide. */
export function describeEachBuild(title: string, tests: (build: Build, browser: EngineSuite) => void): void {
  describeSideBySide(BUILDS, (build) => title.replace('%s', build), tests);
}
