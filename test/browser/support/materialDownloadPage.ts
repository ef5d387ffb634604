import type { Locator, Page, Route } from 'playwright-core';
import type { Provider } from '../../../dev/provider/server.js';
import type { DecodedTransition } from '../../../src/machine/decodeTransition';
import { addElements, anchorSnapshot, type AnchorSnapshot } from '../../support/pageFunctions';

export type { AnchorSnapshot };

export const TAG = 'cm-material-download';

/** The page `open()` loads unless told another: nothing but a `<main id="root">`. */
export const BLANK_FIXTURE = '/fixtures/blank.html';

/** The self-registering file under test: the React build, or the lite (Preact) build. */
export const ELEMENT_FILE = `/dist/${process.env.CM_ELEMENT_FILE ?? 'cm-material-download.js'}`;

export interface LinkChange {
  id: string;
  state: 'enabled' | 'disabled';
  href: string | null;
  error: string | null;
}

/** Every href write on the anchors of a page, from the moment the recorder was installed. */
export interface HrefRecorder {
  /** Each write in order: the value set (even one replaced within the same task), or null where href was removed. */
  writes(element?: Locator): Promise<(string | null)[]>;
  /** Every distinct href ever set, in the order first shown. */
  shown(element?: Locator): Promise<string[]>;
}

export interface OpenOptions {
  /** Passed to the element class's static configure() before any element exists. */
  configure?: Record<string, unknown>;
  /** localStorage entries set before the element loads. */
  storage?: Record<string, string>;
  /** Record every transition the machine takes (as the inspect hook decodes it), for tests that must see transient states. */
  trace?: boolean;
  /** Page path under the provider; the default is a blank fixture page. */
  path?: string;
  /** Leave dist/cm-material-download.js unloaded, to test what happens before the element is defined. */
  load?: boolean;
}

/**
 * Page object for a customer page with <cm-material-download> elements:
 * tests say what a customer does and sees, not how the DOM is poked.
 */
export class MaterialDownloadPage {
  readonly consoleErrors: string[] = [];
  readonly consoleWarnings: string[] = [];
  readonly consoleDebug: string[] = [];
  /**
   * Every console message, of any type and the browser's own included, as `type: text`; but for
   * the browser's ask for a favicon, which the fixture pages have none of: not the element's doing.
   */
  readonly consoleMessages: string[] = [];
  readonly pageErrors: Error[] = [];
  /** Bodies of the GraphQL POSTs the page itself sent (Chromium may silently resend one on a dropped keep-alive socket; the provider's log would count that). */
  readonly graphqlPosts: string[] = [];
  /** Why GraphQL requests failed, as Chromium reports it: an aborted fetch shows up as net::ERR_ABORTED. */
  readonly failedGraphqlRequests: string[] = [];
  private nextId = 0;
  private togetherCount = 0;

  constructor(
    readonly page: Page,
    readonly provider: Provider,
  ) {
    page.on('console', (message) => {
      if (!message.location().url.endsWith('/favicon.ico')) {
        this.consoleMessages.push(`${message.type()}: ${message.text()}`);
      }
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        this.consoleErrors.push(message.text());
      }
      if (message.type() === 'warning') this.consoleWarnings.push(message.text());
      if (message.type() === 'debug') this.consoleDebug.push(message.text());
    });
    page.on('pageerror', (error) => this.pageErrors.push(error));
    const isGraphql = (url: string) => new URL(url).pathname === '/graphql';
    page.on('request', (request) => {
      if (request.method() === 'POST' && isGraphql(request.url())) this.graphqlPosts.push(request.postData() ?? '');
    });
    page.on('requestfailed', (request) => {
      if (isGraphql(request.url())) this.failedGraphqlRequests.push(request.failure()?.errorText ?? 'failed');
    });
  }

  /**
   * Set by the harness's pool: the page shows the blank fixture, loaded after the former test and
   * untouched since. `open()` then starts from it instead of loading it again; anything else that
   * gets the page clears this first (see useHarness).
   */
  pristine = false;

  /** Forgets what this page recorded, for the next test that gets the page (see the harness's pool). */
  forget(): void {
    for (const list of [
      this.consoleErrors,
      this.consoleWarnings,
      this.consoleDebug,
      this.consoleMessages,
      this.pageErrors,
      this.graphqlPosts,
      this.failedGraphqlRequests,
    ])
      list.length = 0;
    this.nextId = 0;
    this.togetherCount = 0;
  }

  get origin(): string {
    return this.provider.origin;
  }

  /** Opens the blank page, sets storage, loads dist/cm-material-download.js and configures it. */
  async open(options: OpenOptions = {}): Promise<void> {
    const path = options.path ?? BLANK_FIXTURE;
    if (!(this.pristine && path === BLANK_FIXTURE)) await this.page.goto(`${this.origin}${path}`);
    this.pristine = false;
    if (options.storage) {
      await this.page.evaluate((items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, options.storage);
    }
    await this.installRecorders(options.trace ?? false);
    if (options.load === false) return;
    await this.loadElement();
    if (options.configure) await this.configure(options.configure);
    // After the element file defined the element, before any element exists: the trace sees every element.
    if (options.trace) await this.page.evaluate(() => (window as unknown as TestWindow).__installTrace());
  }

  async loadElement(url = ELEMENT_FILE): Promise<void> {
    await this.page.addScriptTag({ type: 'module', url });
    await this.page.evaluate((tag) => customElements.whenDefined(tag), TAG);
  }

  async configure(options: Record<string, unknown>): Promise<void> {
    await this.page.evaluate(
      ([tag, opts]) =>
        (customElements.get(tag as string) as unknown as { configure(o: unknown): void }).configure(opts),
      [TAG, options] as const,
    );
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

  /** Slows the page's CPU down by this factor through DevTools, as on a slower customer device. */
  async throttleCpu(rate: number): Promise<void> {
    const devtools = await this.page.context().newCDPSession(this.page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate });
  }

  /**
   * Every cm-link-change that reaches the document, with the id of its
   * element; and `__watchHrefs`, the one href recorder, for the page object
   * and for tests that record from inside the page.
   */
  private async installRecorders(trace: boolean): Promise<void> {
    await this.page.evaluate((withTrace) => {
      const w = window as unknown as TestWindow;
      w.__linkChanges = [];
      w.__trace = [];
      w.__hrefLogs = [];
      w.__watchHrefs = (target, onWrite) => {
        // A record's written value is the next record's old value on that anchor; the last one's is the attribute now.
        const observer = new MutationObserver((records) =>
          records.forEach((record, index) => {
            const anchor = record.target as Element;
            const next = records.slice(index + 1).find((later) => later.target === anchor);
            onWrite(next ? next.oldValue : anchor.getAttribute('href'), anchor);
          }),
        );
        observer.observe(target, {
          subtree: true,
          attributes: true,
          attributeOldValue: true,
          attributeFilter: ['href'],
        });
        return observer;
      };
      document.addEventListener('cm-link-change', (event) => {
        const { detail } = event as CustomEvent<Omit<LinkChange, 'id'>>;
        w.__linkChanges.push({ id: (event.target as HTMLElement).id, ...detail });
      });
      // The element's inspect hook hands over each step decoded (decodeTransition): the trace keeps its edge.
      w.__installTrace = () => {
        if (!withTrace) return;
        // The hook sees only elements connected after it is set.
        if (document.querySelector('cm-material-download')) throw new Error('trace installed after elements exist');
        const elementClass = customElements.get('cm-material-download') as unknown as { configure(o: unknown): void };
        elementClass.configure({
          inspect(_event: unknown, host: HTMLElement, transition: DecodedTransition | null) {
            if (!transition) return;
            const { from, to, edge } = transition;
            w.__trace.push({ id: host.id, from, to, edge });
          },
        });
      };
    }, trace);
  }

  /**
   * Adds an element with these attributes (and an anchor unless `inner` says
   * otherwise), and, where given, properties set before it is connected.
   */
  async add(
    attributes: Record<string, string>,
    inner = '<a class="button">Download</a>',
    properties: Record<string, string> = {},
  ): Promise<Locator> {
    const id = `el-${++this.nextId}`;
    await this.page.evaluate(addElements, { tag: TAG, elements: [{ id, attributes, inner, properties }] });
    return this.page.locator(`#${id}`);
  }

  /** Adds several elements from one script task, so that their lookups fall into one batch window. */
  async addTogether(list: Record<string, string>[]): Promise<Locator[]> {
    const ids = list.map(() => `together-${++this.togetherCount}`);
    const elements = ids.map((id, index) => ({ id, attributes: list[index] }));
    await this.page.evaluate(addElements, { tag: TAG, elements });
    return ids.map((id) => this.page.locator(`#${id}`));
  }

  /** Runs `change` and resolves with the element's next cm-link-change. */
  async settleAfter(element: Locator, change: () => Promise<unknown> = async () => {}): Promise<LinkChange> {
    const id = (await element.getAttribute('id'))!;
    const before = await this.linkChangeCount(id);
    await change();
    await this.page.waitForFunction(
      ([elementId, count]) =>
        (window as unknown as TestWindow).__linkChanges.filter((c) => c.id === elementId).length > count,
      [id, before] as const,
    );
    return (await this.linkChanges(id)).at(-1)!;
  }

  /** The element's first settling (added with `add`), waited for. */
  async settled(element: Locator): Promise<LinkChange> {
    const id = (await element.getAttribute('id'))!;
    await this.page.waitForFunction(
      (elementId) => (window as unknown as TestWindow).__linkChanges.some((c) => c.id === elementId),
      id,
    );
    return (await this.linkChanges(id)).at(-1)!;
  }

  /** The first settling of every one of these elements, waited for together. */
  async settledAll(elements: Locator[]): Promise<LinkChange[]> {
    const ids = await Promise.all(elements.map(async (element) => (await element.getAttribute('id'))!));
    await this.page.waitForFunction((elementIds) => {
      const settled = new Set((window as unknown as TestWindow).__linkChanges.map((change) => change.id));
      return elementIds.every((id) => settled.has(id));
    }, ids);
    const all = await this.linkChanges();
    return ids.map((id) => all.filter((change) => change.id === id).at(-1)!);
  }

  async linkChanges(id?: string): Promise<LinkChange[]> {
    const all = await this.page.evaluate(() => (window as unknown as TestWindow).__linkChanges);
    return id ? all.filter((change) => change.id === id) : all;
  }

  private async linkChangeCount(id: string): Promise<number> {
    return (await this.linkChanges(id)).length;
  }

  async trace(id?: string): Promise<TraceEntry[]> {
    const all = await this.page.evaluate(() => (window as unknown as TestWindow).__trace);
    return id ? all.filter((entry) => entry.id === id) : all;
  }

  async clearTrace(): Promise<void> {
    await this.page.evaluate(() => ((window as unknown as TestWindow).__trace.length = 0));
  }

  /**
   * Records every href write on every anchor in the page from now on, removals
   * included: install it before the change it is to watch.
   */
  async recordHrefWrites(): Promise<HrefRecorder> {
    const log = await this.page.evaluate(() => {
      const w = window as unknown as TestWindow;
      const writes: HrefWrite[] = [];
      w.__watchHrefs(document, (value, anchor) => writes.push({ id: anchor.parentElement?.id ?? '', value }));
      return w.__hrefLogs.push(writes) - 1;
    });
    const writes = async (element?: Locator) => {
      const id = element ? await element.getAttribute('id') : null;
      const all = await this.page.evaluate((index) => (window as unknown as TestWindow).__hrefLogs[index]!, log);
      return all.filter((write) => id === null || write.id === id).map((write) => write.value);
    };
    return {
      writes,
      async shown(element) {
        return [...new Set((await writes(element)).filter((value) => value !== null))];
      },
    };
  }

  /** What the customer's anchor and the host show right now. */
  async anchorOf(element: Locator): Promise<AnchorSnapshot> {
    return element.evaluate(anchorSnapshot);
  }

  async setAttribute(element: Locator, name: string, value: string): Promise<void> {
    await element.evaluate((host, [n, v]) => host.setAttribute(n!, v!), [name, value]);
  }

  async removeAttribute(element: Locator, name: string): Promise<void> {
    await element.evaluate((host, n) => host.removeAttribute(n), name);
  }

  async setProperty(element: Locator, name: string, value: unknown): Promise<void> {
    await element.evaluate((host, [n, v]) => ((host as unknown as Record<string, unknown>)[n] = v), [
      name,
      value,
    ] as const);
  }

  /** Operations the provider received, flattened across (batched) HTTP requests. */
  operations() {
    return this.provider.requests.flatMap((request) => request.operations);
  }
}

/** One transition of the element with this id, as `decodeTransition` names it (`from -> trigger[index] -> to`). */
export interface TraceEntry extends Pick<DecodedTransition, 'from' | 'to' | 'edge'> {
  id: string;
}

interface HrefWrite {
  /** The id of the anchor's host element. */
  id: string;
  value: string | null;
}

/** Calls `onWrite` with each href written on an anchor in `target` (null: removed), until disconnected. */
export type WatchHrefs = (target: Node, onWrite: (value: string | null, anchor: Element) => void) => MutationObserver;

interface TestWindow {
  __linkChanges: LinkChange[];
  __trace: TraceEntry[];
  __hrefLogs: HrefWrite[][];
  __watchHrefs: WatchHrefs;
  __installTrace(): void;
}
