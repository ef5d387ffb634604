// @ts-check
// Where WebKit is, and how to start it here. Playwright drives only its own
// patched WebKit builds; Debian's WebKitGTK comes with WebKitWebDriver, a
// classic WebDriver server (no BiDi), and MiniBrowser, which has no headless
// mode and so gets an X server of its own, Xvfb.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/**
 * @typedef {object} WebKitPaths
 * @property {string} driver WebKitWebDriver
 * @property {string} miniBrowser the browser it starts
 * @property {string} xvfb the X server MiniBrowser draws into
 */

/** @param {string} name @returns {string | null} */
function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * `$MINIBROWSER_PATH`, else where Debian's libwebkit2gtk-4.1 puts it (in the
 * architecture's own library folder); null when there is none.
 * @returns {string | null}
 */
function findMiniBrowser() {
  const fromEnv = process.env.MINIBROWSER_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  const libraryDirs = existsSync('/usr/lib') ? readdirSync('/usr/lib').map((dir) => join('/usr/lib', dir)) : [];
  for (const dir of ['/usr/lib', ...libraryDirs]) {
    const candidate = join(dir, 'webkit2gtk-4.1', 'MiniBrowser');
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** WebKitWebDriver, MiniBrowser and Xvfb, or null where any of them is missing. @returns {WebKitPaths | null} */
export function findWebKit() {
  const driver = process.env.WEBKIT_WEBDRIVER_PATH ?? onPath('WebKitWebDriver');
  const xvfb = onPath('Xvfb');
  const miniBrowser = findMiniBrowser();
  if (!driver || !existsSync(driver) || !xvfb || !miniBrowser) return null;
  return { driver, miniBrowser, xvfb };
}

/**
 * Starts an X server on a display it picks itself (`-displayfd`), so that
 * several run side by side.
 * @param {string} xvfb
 * @returns {Promise<{ process: ChildProcess, display: string }>}
 */
export function startXvfb(xvfb) {
  const child = spawn(xvfb, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let said = '';
    let complaint = '';
    child.stderr?.on('data', (chunk) => (complaint += String(chunk)));
    child.stdio[3]?.on('data', (chunk) => {
      said += String(chunk);
      if (said.includes('\n')) resolve({ process: child, display: `:${said.trim()}` });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it named a display: ${complaint}`)));
  });
}

/** @returns {Promise<number>} a port nothing listens on right now */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts WebKitWebDriver on a free port of the loopback, drawing on `display`,
 * and resolves once it answers its status.
 * @param {string} driver
 * @param {string} display
 * @returns {Promise<{ process: ChildProcess, url: string }>}
 */
export async function startWebKitDriver(driver, display) {
  // Another program may take the port between the probe and the driver's start: then another one.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(driver, [`--port=${port}`, '--host=local'], {
      env: { ...process.env, DISPLAY: display },
      stdio: 'ignore',
    });
    const url = `http://127.0.0.1:${port}`;
    const exited = new Promise((resolve) => {
      child.once('exit', () => resolve('exited'));
      child.once('error', () => resolve('exited'));
    });
    for (let waited = 0; waited < 10_000; waited += 50) {
      const status = await Promise.race([
        fetch(`${url}/status`).then(
          (response) => (response.ok ? 'ready' : 'not yet'),
          () => 'not yet',
        ),
        exited,
      ]);
      if (status === 'ready') return { process: child, url };
      if (status === 'exited') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill();
    if (attempt === 3) throw new Error(`WebKitWebDriver did not start on a free port (${driver}).`);
  }
}
