import { it } from 'vitest';
import type { DriverBrowser } from '../../support/driver';
import { ENGINES, type EngineName } from './engines.js';
import { launchPuppeteer } from './puppeteerDriver';
import { launchWebKit } from './webkitDriver';

/** What a check may need beyond running script in a page. */
export type Need = 'offline' | 'cpuThrottling' | 'pageLifecycle' | 'backForwardCache';

export interface Engine {
  name: EngineName;
  /** The driver and the protocol it speaks. */
  driver: string;
  /** Why this engine's driver cannot express what a check needs. */
  cannot: Partial<Record<Need, string>>;
  /**
   * Whether two pages can run side by side, each as a visitor sees it (visible, its timers on time):
   * puppeteer's have a browser context each (in Firefox a window each, see puppeteerDriver), WebKit's
   * a WebDriver session and an X display each (see webkitDriver).
   */
  pagesSideBySide: boolean;
  launch(): Promise<DriverBrowser>;
}

const ALL: Record<EngineName, Engine> = {
  chromium: {
    name: 'chromium',
    driver: 'puppeteer-core over the DevTools protocol',
    cannot: {},
    pagesSideBySide: true,
    launch: () => launchPuppeteer('chromium'),
  },
  firefox: {
    name: 'firefox',
    driver: 'puppeteer-core over WebDriver BiDi',
    cannot: {
      cpuThrottling: 'WebDriver BiDi has no CPU throttling',
      pageLifecycle: 'WebDriver BiDi cannot freeze or hide a page',
      backForwardCache: 'driven over WebDriver BiDi, Firefox loads the page anew on Back instead of restoring it',
    },
    pagesSideBySide: true,
    launch: () => launchPuppeteer('firefox'),
  },
  webkit: {
    name: 'webkit',
    driver: 'classic WebDriver (WebKitWebDriver)',
    cannot: {
      offline: 'classic WebDriver cannot take a page offline',
      cpuThrottling: 'classic WebDriver has no CPU throttling',
      pageLifecycle: 'classic WebDriver cannot freeze or hide a page',
    },
    pagesSideBySide: true,
    launch: launchWebKit,
  },
};

/** The engine this run is for: each engine's Vitest project sets CM_ENGINE. */
export const engine: Engine = (() => {
  const name = process.env.CM_ENGINE as EngineName | undefined;
  if (!name || !(name in ALL)) throw new Error(`CM_ENGINE must be one of ${ENGINES.join(', ')}, not "${name}".`);
  return ALL[name];
})();

/**
 * A test that needs what this engine's driver may not express: where it
 * cannot, the test is skipped under a name that says why, never passed.
 */
export function itNeeding(need: Need, name: string, fn: () => Promise<void>): void {
  const why = engine.cannot[need];
  it.skipIf(why !== undefined)(why === undefined ? name : `${name} (not expressible in ${engine.name}: ${why})`, fn);
}
