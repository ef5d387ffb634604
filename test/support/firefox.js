// @ts-check
// Where Firefox is, and how to start it here: Playwright drives only its own
// patched Firefox, so Debian's firefox-esr is driven by puppeteer-core over
// WebDriver BiDi, which stock Firefox speaks without any extra driver.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import puppeteer from 'puppeteer-core';

const CANDIDATES = ['firefox-esr', 'firefox'];

/**
 * Preferences for an unattended run: nothing phones home or updates while the
 * tests count requests, and a page's timers are not throttled for lack of a
 * visible window, so a test waits on the element, not on the browser.
 */
export const FIREFOX_PREFS = {
  'app.update.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'extensions.update.enabled': false,
  'dom.min_background_timeout_value': 0,
  'dom.timeout.enable_budget_timer_throttling': false,
  'dom.ipc.processCount': 1,
};

/** `$FIREFOX_PATH`, else `firefox-esr`, else `firefox` on the PATH; null when there is none. */
export function findFirefox() {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  for (const name of CANDIDATES) {
    for (const dir of (process.env.PATH ?? '').split(delimiter)) {
      const candidate = join(dir, name);
      if (dir && existsSync(candidate)) return candidate;
    }
  }
  return null;
}

/**
 * Starts a headless Firefox over WebDriver BiDi with a throwaway profile:
 * puppeteer's own, or `userDataDir`, which the caller removes.
 * @param {string} executablePath
 * @param {string} [userDataDir]
 * @returns {Promise<import('puppeteer-core').Browser>}
 */
export function launchFirefox(executablePath, userDataDir) {
  return puppeteer.launch({
    ...(userDataDir ? { userDataDir } : {}),
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath,
    headless: true,
    extraPrefsFirefox: FIREFOX_PREFS,
    // Firefox starts slower than Chromium, and slower still on a busy machine.
    timeout: 60_000,
  });
}
