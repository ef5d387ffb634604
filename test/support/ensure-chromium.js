// @ts-check
// `pretest`: make sure the browser suites have a Chromium. Installs Debian's
// when running as root on a machine without one; otherwise says what to do.
import { execSync } from 'node:child_process';
import { findChromium } from './chromium.js';

const found = findChromium();
if (found) {
  console.log(`Chromium for the browser tests: ${found}`);
  process.exit(0);
}
if (process.env.CHROME_PATH) {
  console.error(`CHROME_PATH is set to "${process.env.CHROME_PATH}", but there is no file there.`);
  process.exit(1);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    "The browser tests need Chromium. Install Debian's: sudo apt-get update && sudo apt-get install -y chromium\n" +
      'or point CHROME_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}
console.log("No Chromium found: installing Debian's chromium (apt-get)…");
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
const installed = findChromium();
if (!installed) {
  console.error('apt-get finished but no chromium is on the PATH.');
  process.exit(1);
}
console.log(`Chromium for the browser tests: ${installed}`);
