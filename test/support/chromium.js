// @ts-check
// Where Chromium is, and how to start it here: Playwright's own browser
// download cannot work on these machines, Debian's chromium does.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/** `$CHROME_PATH`, else the first Chromium on the PATH; null when there is none. */
export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of CANDIDATES) {
      const candidate = join(dir, name);
      if (dir && existsSync(candidate)) return candidate;
    }
  }
  return null;
}
