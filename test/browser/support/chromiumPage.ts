import type { Page, Route } from 'playwright-core';
import type { Provider } from '../../../dev/provider/server.js';
import { BUILDS, CustomerPage, type Build, type ElementId } from '../../support/customerPage';
import type { DriverPage } from '../../support/driver';

export type {
  AnchorSnapshot,
  Binding,
  ElementId,
  HrefRecorder,
  LinkChange,
  OpenOptions,
  TraceEntry,
  WatchHrefs,
} from '../../support/customerPage';
export { TAG } from '../../support/customerPage';

/** The self-registering file under test: the React build, or the lite build. */
export const BUILD: Build = (process.env.CM_ELEMENT_FILE as Build | undefined) ?? BUILDS[0];
export const ELEMENT_FILE = `/dist/${BUILD}`;

/** What Chromium reported over DevTools about the page, beyond what the page's own recorder hears. */
export interface DevtoolsRecord {
  /** console.error lines, but the browser's own "Failed to load resource". */
  consoleErrors: string[];
  consoleWarnings: string[];
  consoleDebug: string[];
  /**
   * Every console message, of any type and the browser's own included, as `type: text`; but for
   * the browser's ask for a favicon, which the fixture pages have none of: not the element's doing.
   */
  consoleMessages: string[];
  pageErrors: Error[];
  /** Bodies of the GraphQL POSTs the page itself sent (Chromium may silently resend one on a dropped keep-alive socket; the provider's log would count that). */
  graphqlPosts: string[];
  /** Why GraphQL requests failed, as Chromium reports it: an aborted fetch shows up as net::ERR_ABORTED. */
  failedGraphqlRequests: string[];
}

/**
 * The customer page object (test/support/customerPage) on a Playwright page of Chromium, with what
 * only Playwright and DevTools can do beside it: `page` itself, a Locator for an element, requests
 * held at the network, and what DevTools reports about the page. Every operation on the elements is
 * the common page object's, the one the engines' suites run in Firefox and WebKit.
 */
export class ChromiumPage extends CustomerPage {
  readonly devtools: DevtoolsRecord = {
    consoleErrors: [],
    consoleWarnings: [],
    consoleDebug: [],
    consoleMessages: [],
    pageErrors: [],
    graphqlPosts: [],
    failedGraphqlRequests: [],
  };

  constructor(
    readonly page: Page,
    provider: Provider,
  ) {
    super(new PlaywrightDriver(page), provider, BUILD);
    page.on('console', (message) => {
      if (!message.location().url.endsWith('/favicon.ico')) {
        this.devtools.consoleMessages.push(`${message.type()}: ${message.text()}`);
      }
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        this.devtools.consoleErrors.push(message.text());
      }
      if (message.type() === 'warning') this.devtools.consoleWarnings.push(message.text());
      if (message.type() === 'debug') this.devtools.consoleDebug.push(message.text());
    });
    page.on('pageerror', (error) => this.devtools.pageErrors.push(error));
    const isGraphql = (url: string) => new URL(url).pathname === '/graphql';
    page.on('request', (request) => {
      if (request.method() === 'POST' && isGraphql(request.url()))
        this.devtools.graphqlPosts.push(request.postData() ?? '');
    });
    page.on('requestfailed', (request) => {
      if (isGraphql(request.url())) this.devtools.failedGraphqlRequests.push(request.failure()?.errorText ?? 'failed');
    });
  }

  /**
   * Set by the harness's pool: the page shows this URL, loaded after the former test and untouched
   * since, so `open()` starts from it instead of loading it again; null otherwise (see useHarness).
   */
  get pristine(): string | null {
    return this.driver.pristine;
  }

  set pristine(url: string | null) {
    (this.driver as PlaywrightDriver).pristine = url;
  }

  /** Forgets what this page recorded, for the next test that gets the page (see the harness's pool). */
  forget(): void {
    for (const list of Object.values(this.devtools)) list.length = 0;
    this.startOver();
  }

  /** The element with this id, for Playwright's own actions and waits. */
  locator(id: ElementId) {
    return this.page.locator(`#${id}`);
  }

  /**
   * Holds the page's first GraphQL request at the network; every later one goes straight on.
   * Its answer then comes after whatever the test does meanwhile, however slow the machine:
   * the order is the test's, not a race against a delay.
   * `arrived` resolves with its route once it got there, to be continued or aborted.
   */
  async holdFirstRequest(): Promise<{ arrived: Promise<Route> }> {
    let arrive: ((route: Route) => void) | undefined;
    const arrived = new Promise<Route>((resolve) => (arrive = resolve));
    await this.page.route('**/graphql', async (route) => {
      if (!arrive) return route.continue();
      arrive(route);
      arrive = undefined;
    });
    return { arrived };
  }
}

/**
 * Playwright's page beneath the page object. Its pool of pages is the harness's (which cleans a
 * page for reuse, or closes its context): `close` here only closes the page.
 */
class PlaywrightDriver implements DriverPage {
  pristine: string | null = null;

  constructor(private readonly page: Page) {}

  async goto(url: string): Promise<void> {
    this.pristine = null;
    await this.page.goto(url);
  }

  // Playwright passes one argument: the call is sent as source, its arguments as JSON, as WebDriver sends them.
  evaluate: DriverPage['evaluate'] = (fn, ...args) =>
    this.page.evaluate<never>(`(${fn.toString()}).apply(null, ${JSON.stringify(args)})`);

  async setOffline(offline: boolean): Promise<void> {
    await this.page.context().setOffline(offline);
  }

  async throttleCpu(rate: number): Promise<void> {
    // The harness sets the rate back before the page serves another test.
    const devtools = await this.page.context().newCDPSession(this.page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate });
  }

  async setLifecycle(state: 'frozen' | 'active'): Promise<void> {
    const devtools = await this.page.context().newCDPSession(this.page);
    await devtools.send('Page.setWebLifecycleState', { state });
    await devtools.detach();
  }

  async goBack(): Promise<void> {
    await this.page.goBack();
  }

  async close(): Promise<void> {
    await this.page.close();
  }
}
