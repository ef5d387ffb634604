import { chromium, type BrowserContext, type BrowserContextOptions, type CDPSession, type Page } from 'playwright-core';
import { startProvider, type Provider } from '../../../dev/provider/server.js';
import { CHROMIUM_FLAGS, findChromium } from '../../support/chromium.js';
import { oncePerWorker } from '../../support/perWorker';
import { CUSTOMER_PAGE } from '../../support/customerPage';
import { ChromiumPage } from './chromiumPage';

export interface Harness {
  provider: Provider;
  /**
   * A page object on a page no other test is using: a fresh context where the
   * options ask for one, otherwise a former test's page handed back clean.
   */
  newPage(context?: BrowserContextOptions): Promise<ChromiumPage>;
  /** Done with this page: cleaned and kept for a later test, or closed where a test left something behind. */
  release(page: ChromiumPage): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Whether the local provider accepts JSON-array batches. @default true */
  batching?: boolean;
  /** The provider's time, for signing links (epoch ms): a suite that moves its pages' clocks moves it with them. @default Date.now */
  providerClock?: () => number;
}

/**
 * What a test may do to a page or its context that a navigation does not
 * undo: a page that did any of it is closed after the test, never reused.
 * (Routes are not here: `unrouteAll` removes them. Nor are listeners: a
 * test's own is found by counting, since Playwright's waits add and remove
 * theirs. Nor is a DevTools session that only throttled the CPU: the
 * cleaning sets the rate back, see UNDOABLE_DEVTOOLS.)
 */
const LASTING = {
  page: [
    'addInitScript',
    'exposeFunction',
    'exposeBinding',
    'setExtraHTTPHeaders',
    'setViewportSize',
    'emulateMedia',
    'routeFromHAR',
    'routeWebSocket',
    'setDefaultTimeout',
    'setDefaultNavigationTimeout',
  ],
  context: [
    'addInitScript',
    'exposeFunction',
    'exposeBinding',
    'setExtraHTTPHeaders',
    'setHTTPCredentials',
    'setOffline',
    'setGeolocation',
    'grantPermissions',
    'addCookies',
    'newPage',
    'route',
    'routeFromHAR',
    'routeWebSocket',
  ],
  /** A fake clock is installed for the whole context, and stays. */
  clock: ['install', 'setFixedTime', 'setSystemTime'],
} as const;

/**
 * The one DevTools command a page is cleaned of rather than closed for: a test at a phone's CPU
 * speed is common (slices, retries, batching), and a new context costs about a second of CPU.
 */
const UNDOABLE_DEVTOOLS = 'Emulation.setCPUThrottlingRate';

/** Playwright's pages and contexts are Node-style emitters; its types declare only on, once and off. */
type Emitter = { eventNames(): (string | symbol)[]; listenerCount(event: string | symbol): number };
const asEmitter = (target: Page | BrowserContext) => target as unknown as Emitter;

const listenersOf = (target: Page | BrowserContext) => {
  const emitter = asEmitter(target);
  return new Map(emitter.eventNames().map((event) => [event, emitter.listenerCount(event)]));
};

/** Whether the page or context has a listener it did not have when `before` was taken. */
const gainedListener = (target: Page | BrowserContext, before: Map<string | symbol, number>) => {
  const emitter = asEmitter(target);
  return emitter.eventNames().some((event) => emitter.listenerCount(event) > (before.get(event) ?? 0));
};

interface LastingChanges {
  /** Whether the page can no longer be trusted clean. */
  readonly changed: boolean;
  /** Sets the CPU back to full speed and closes the DevTools sessions that slowed it. */
  undoThrottling(): Promise<void>;
}

/**
 * Tells whether a test changed the page in a way a navigation does not undo:
 * called one of the LASTING methods on it or its context, sent a DevTools
 * command other than the CPU throttle, or left a listener.
 */
function watchLastingChanges(page: Page): LastingChanges {
  const listeners = { page: listenersOf(page), context: listenersOf(page.context()) };
  let called = false;
  const throttling = new Set<CDPSession>();
  const wrap = (target: object, names: readonly string[]) => {
    for (const name of names) {
      const methods = target as Record<string, (...args: unknown[]) => unknown>;
      const original = methods[name]!.bind(target);
      methods[name] = (...args) => {
        called = true;
        return original(...args);
      };
    }
  };
  wrap(page, LASTING.page);
  wrap(page.context(), LASTING.context);
  wrap(page.clock, LASTING.clock);
  const context = page.context();
  const newSession = context.newCDPSession.bind(context);
  context.newCDPSession = async (target) => {
    const session = await newSession(target);
    const send = session.send.bind(session);
    session.send = (method, params) => {
      if (method === UNDOABLE_DEVTOOLS && target === page) throttling.add(session);
      else called = true;
      return send(method, params);
    };
    return session;
  };
  return {
    get changed() {
      return called || gainedListener(page, listeners.page) || gainedListener(context, listeners.context);
    },
    async undoThrottling() {
      for (const session of throttling) {
        await session.send(UNDOABLE_DEVTOOLS, { rate: 1 });
        await session.detach();
      }
      throttling.clear();
    },
  };
}

/**
 * One Chromium for every suite a test worker runs: a launch costs about 1.4 s
 * of CPU and twice that in wall time on two busy cores, more than most files'
 * tests. Each suite has contexts of its own and closes only them.
 */
const chromiumOfThisWorker = oncePerWorker(async (forget) => {
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('No Chromium found: run `npm test` (its pretest installs one) or set CHROME_PATH.');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  browser.on('disconnected', forget);
  return browser;
});

/**
 * The real local provider over HTTP plus Debian's Chromium: no fetch mocks.
 * Serves dist/ (the built element) and the test fixtures.
 *
 * A new page costs Chromium a renderer process: about a second on two
 * cores, against a third of that for a test's whole page load. So a page
 * goes back to a pool after its test, its routes, storage and cookies gone,
 * its page object's records emptied, and on a fresh document of the customer
 * page: that navigation ends the test's requests and timers, and is the
 * one the next test's `open()` would make (it skips its own, see
 * `ChromiumPage.pristine`). A page a test changed in a lasting way
 * is closed instead.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const provider = await startProvider({
    batching: options.batching ?? true,
    ...(options.providerClock ? { clock: options.providerClock } : {}),
    staticDirs: { '/dist/': 'dist', '/fixtures/': 'test/browser/fixtures', '/engines/': 'test/engines/fixtures' },
  });
  const browser = await chromiumOfThisWorker();
  const contexts = new Set<BrowserContext>();
  const spare: ChromiumPage[] = [];
  const lasting = new WeakMap<ChromiumPage, LastingChanges>();

  const closeContext = async (context: BrowserContext) => {
    contexts.delete(context);
    await context.close().catch(() => {});
  };

  /** Cleans a page for the next test; false where it cannot be trusted clean. */
  const clean = async (I: ChromiumPage): Promise<boolean> => {
    const { page } = I;
    const changes = lasting.get(I);
    if (page.isClosed() || !changes || changes.changed) return false;
    await changes.undoThrottling();
    const url = page.url();
    // Only the provider's origin has storage the cleaning below reaches.
    if (url !== 'about:blank' && new URL(url).origin !== provider.origin) return false;
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    if (url !== 'about:blank') {
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    }
    await page.context().clearCookies();
    await page.goto(`${provider.origin}${CUSTOMER_PAGE}`);
    I.forget();
    I.pristine = page.url();
    return true;
  };

  return {
    provider,
    async newPage(contextOptions) {
      const reused = contextOptions ? undefined : spare.pop();
      if (reused) return reused;
      const context = await browser.newContext(contextOptions);
      contexts.add(context);
      const I = new ChromiumPage(await context.newPage(), provider);
      if (!contextOptions) lasting.set(I, watchLastingChanges(I.page));
      return I;
    },
    async release(I) {
      const reusable = lasting.has(I) && (await clean(I).catch(() => false));
      if (reusable) spare.push(I);
      else await closeContext(I.page.context());
    },
    async close() {
      await Promise.all([...contexts].map(closeContext));
      await provider.close();
    },
  };
}
