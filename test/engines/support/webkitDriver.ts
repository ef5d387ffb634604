import type { ChildProcess } from 'node:child_process';
import { findWebKit, startWebKitDriver, startXvfb, type WebKitPaths } from '../../support/webkit.js';
import type { DriverBrowser, DriverPage } from '../../support/driver';

/**
 * WebKitGTK's MiniBrowser, driven over classic WebDriver: a dozen lines of
 * fetch cover the four commands the model needs (a client library would add
 * a dependency and start no faster). A session has one window, so each page
 * open at once gets a window of its own: its own Xvfb, WebKitWebDriver and
 * session, started when every other is in use and kept for later pages. All
 * stop by PID when the worker exits.
 */
export async function launchWebKit(): Promise<DriverBrowser> {
  const paths = findWebKit();
  if (!paths) {
    throw new Error('No WebKit found: run `npm test` (its pretest installs webkit2gtk-driver and xvfb).');
  }
  const started: ChildProcess[] = [];
  const stopAll = () => {
    for (const child of started.splice(0).reverse()) if (child.exitCode === null) child.kill();
  };
  // The browser lives as long as the test worker (see oncePerWorker): it stops with it.
  process.once('exit', stopAll);
  try {
    const spare = [await startWindow(paths, started)];
    return {
      version: `MiniBrowser (WebKitGTK) ${spare[0]!.session.browserVersion}`,
      async newPage() {
        const window = spare.pop() ?? (await startWindow(paths, started));
        return pageDriver(window, () => spare.push(window));
      },
    };
  } catch (error) {
    stopAll();
    throw error;
  }
}

/**
 * A window on an X display of its own: MiniBrowser windows that share one are visible and keep
 * their timers, but only the newest has focus (`document.hasFocus()`), which a visitor's page has.
 */
async function startWindow(paths: WebKitPaths, started: ChildProcess[]): Promise<SessionWindow> {
  const xvfb = await startXvfb(paths.xvfb);
  started.push(xvfb.process);
  const driver = await startWebKitDriver(paths.driver, xvfb.display);
  started.push(driver.process);
  return { session: await Session.start(driver.url, paths.miniBrowser), pristine: null };
}

/** What a classic WebDriver endpoint answers: `value`, or `value.error` with a message. */
interface Answer {
  value: unknown;
}

class Session {
  private constructor(
    private readonly url: string,
    readonly browserVersion: string,
  ) {}

  static async start(driverUrl: string, miniBrowser: string): Promise<Session> {
    const { sessionId, capabilities } = (await command(`${driverUrl}/session`, 'POST', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          // Without --automation MiniBrowser never hands the session a page.
          'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] },
        },
      },
    })) as { sessionId: string; capabilities: { browserVersion: string } };
    const session = new Session(`${driverUrl}/session/${sessionId}`, capabilities.browserVersion);
    // The model's own waits give up at 20 s and say what they waited for; this is only a backstop.
    await session.send('POST', '/timeouts', { script: 60_000 });
    return session;
  }

  send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    return command(`${this.url}${path}`, method, body);
  }
}

async function command(url: string, method: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const { value } = (await response.json()) as Answer;
  if (!response.ok) {
    const { error, message } = value as { error: string; message: string };
    throw new Error(`WebDriver ${method} ${new URL(url).pathname}: ${error}: ${message}`);
  }
  return value;
}

/** A session's one window, and what it shows between tests: the page a former test's close() loaded, untouched since. */
interface SessionWindow {
  session: Session;
  pristine: string | null;
}

function pageDriver(window: SessionWindow, release: () => void): DriverPage {
  const { session } = window;
  return {
    get pristine() {
      return window.pristine;
    },
    async goto(url) {
      window.pristine = null;
      await session.send('POST', '/url', { url });
    },
    // Execute Script awaits a promise the body returns; `undefined` comes back as null.
    evaluate: async (fn, ...args) =>
      (await session.send('POST', '/execute/sync', {
        script: `return (${fn.toString()}).apply(null, arguments)`,
        args,
      })) as never,
    setOffline: () => Promise.reject(new Error('classic WebDriver has no command to take a page offline')),
    throttleCpu: () => Promise.reject(new Error('classic WebDriver has no command to throttle the CPU')),
    setLifecycle: () => Promise.reject(new Error('classic WebDriver has no command to hide or freeze a page')),
    goBack: async () => void (await session.send('POST', '/back', {})),
    // The window stays for a later page: loading a page ends this one's requests and timers.
    // A window whose page would not load is not handed out again.
    async close(next) {
      window.pristine = null;
      await session.send('POST', '/url', { url: next ?? 'about:blank' });
      window.pristine = next ?? null;
      release();
    },
  };
}
