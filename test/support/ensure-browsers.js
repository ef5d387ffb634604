// @ts-check
// `pretest`: make sure the browser suites have their three engines: Chromium,
// Firefox ESR, and WebKitGTK (its WebDriver, MiniBrowser and Xvfb). Installs
// Debian's packages for whatever is missing when running as root; otherwise
// says what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium.js';
import { findFirefox } from './firefox.js';
import { findWebKit } from './webkit.js';

/**
 * @typedef {object} Browser
 * @property {string} name
 * @property {string} envVar where a path overrides the lookup on the PATH
 * @property {string[]} debianPackages
 * @property {() => string | null} find
 */

/** @type {Browser[]} */
const BROWSERS = [
  { name: 'Chromium', envVar: 'CHROME_PATH', debianPackages: ['chromium'], find: findChromium },
  { name: 'Firefox', envVar: 'FIREFOX_PATH', debianPackages: ['firefox-esr'], find: findFirefox },
  {
    name: 'WebKit',
    // MiniBrowser comes with libwebkit2gtk-4.1, which webkit2gtk-driver depends on.
    envVar: 'WEBKIT_WEBDRIVER_PATH',
    debianPackages: ['webkit2gtk-driver', 'xvfb'],
    find: () => {
      const found = findWebKit();
      return found && `${found.driver} driving ${found.miniBrowser} under ${found.xvfb}`;
    },
  },
];

/** @type {Browser[]} */
const missing = [];
for (const browser of BROWSERS) {
  const found = browser.find();
  if (found) {
    console.log(`${browser.name} for the browser tests: ${found}`);
    continue;
  }
  const pointedAt = process.env[browser.envVar];
  if (pointedAt && !existsSync(pointedAt)) {
    console.error(`${browser.envVar} is set to "${pointedAt}", but there is no file there.`);
    process.exit(1);
  }
  missing.push(browser);
}
if (missing.length === 0) process.exit(0);

const packages = missing.flatMap((browser) => browser.debianPackages).join(' ');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  const names = missing.map((browser) => browser.name).join(' and ');
  const overrides = missing.map((browser) => `${browser.envVar} at a ${browser.name} binary`).join(', or ');
  console.error(
    `The browser tests need ${names}. Install Debian's: sudo apt-get update && sudo apt-get install -y ${packages}\n` +
      `or point ${overrides}.`,
  );
  process.exit(1);
}
console.log(`Installing Debian's ${packages} (apt-get)…`);
execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
  stdio: 'inherit',
});
for (const browser of missing) {
  const installed = browser.find();
  if (!installed) {
    console.error(`apt-get finished but ${browser.name} is still missing (${browser.debianPackages.join(', ')}).`);
    process.exit(1);
  }
  console.log(`${browser.name} for the browser tests: ${installed}`);
}
