import type { HTTPRequest, Page } from 'puppeteer-core';
import { expect } from 'vitest';
import type { Provider } from '../../../dev/provider/server.js';

export const TAG = 'cm-material-download';

/** The two self-registering builds: every Firefox suite runs against each. */
export const BUILDS = ['cm-material-download.js', 'cm-material-download.lite.js'] as const;
export type Build = (typeof BUILDS)[number];

export type Attributes = Record<string, string>;

export interface LinkChange {
  id: string;
  state: 'enabled' | 'disabled';
  href: string | null;
  error: string | null;
  bubbles: boolean;
  composed: boolean;
}

export interface AnchorSnapshot {
  dataState: string | null;
  href: string | null;
  className: string;
  ariaDisabled: string | null;
}

export interface OpenOptions {
  /** Passed to the element class's static configure() before any element exists. */
  configure?: Record<string, unknown>;
  /** localStorage entries set before the element loads. */
  storage?: Record<string, string>;
  /** Leave the element file unloaded, to see what happens before the element is defined. */
  load?: boolean;
}

/** GraphQL requests held in the browser, in the order the page sent them, until the test lets each go. */
export interface HeldRequests {
  /** Resolves once the page has sent this many. */
  arrived(count: number): Promise<void>;
  /** Lets the request at this index (in sending order) go on to the provider. */
  release(index: number): Promise<void>;
  /** How the request at this index ended, as Firefox reports it; resolves once it has. */
  ended(index: number): Promise<'answered' | 'failed'>;
}

/** The id the page object gave an element; every method below takes it. */
export type ElementId = string;

const POLL = { polling: 20 } as const;
/** For expect.poll, whose default gives up after one second: a busy machine may need longer. */
export const UNTIL = { timeout: 15_000, interval: 20 } as const;

/**
 * A customer's page in Firefox with <cm-material-download> elements: tests
 * say what a customer does and sees; this object knows how the DOM is poked.
 */
export class CustomerPage {
  /** console.error lines, as Firefox prints them (the host logged beside the text shows as a handle). */
  readonly consoleErrors: string[] = [];
  /** Anything thrown into the page, uncaught errors and unhandled rejections alike. */
  readonly pageErrors: string[] = [];
  private nextId = 0;

  constructor(
    readonly page: Page,
    readonly provider: Provider,
    readonly build: Build,
  ) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => this.pageErrors.push(String(error)));
  }

  get origin(): string {
    return this.provider.origin;
  }

  /** Opens a blank page, sets storage, loads the build under test and configures it. */
  async open({ configure, storage, load = true }: OpenOptions = {}): Promise<void> {
    await this.page.goto(`${this.origin}/fixtures/blank.html`);
    if (storage) {
      await this.page.evaluate((items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, storage);
    }
    await this.page.evaluate(() => {
      const w = window as any;
      w.__linkChanges = [];
      // A listener on the document hears only events that bubble, and from a shadow root only composed ones.
      document.addEventListener('cm-link-change', (event) => {
        const { detail, bubbles, composed } = event as CustomEvent;
        // The element itself, where the document sees only the shadow root's host.
        const element = event.composedPath()[0] as HTMLElement;
        w.__linkChanges.push({ id: element.id, ...detail, bubbles, composed });
      });
    });
    if (!load) return;
    await this.loadElement();
    if (configure) await this.configure(configure);
  }

  async loadElement(): Promise<void> {
    await this.page.addScriptTag({ type: 'module', url: `/dist/${this.build}` });
    await this.page.evaluate((tag) => customElements.whenDefined(tag), TAG);
  }

  async configure(options: Record<string, unknown>): Promise<void> {
    await this.page.evaluate((tag, opts) => (customElements.get(tag) as any).configure(opts), TAG, options);
  }

  /**
   * Adds an element with these attributes and an anchor (unless `inner` says
   * otherwise), under `parent` (the page's root unless given), with
   * properties set before it is connected.
   */
  async add(
    attributes: Attributes,
    { inner = '<a class="button">Download</a>', properties = {}, parent = '#root' } = {},
  ): Promise<ElementId> {
    const id = `el-${++this.nextId}`;
    await this.page.evaluate(
      (tag, elementId, attrs, html, props, parentSelector) => {
        const element = document.createElement(tag);
        element.id = elementId;
        for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
        Object.assign(element, props);
        element.innerHTML = html;
        document.querySelector(parentSelector)!.append(element);
      },
      TAG,
      id,
      attributes,
      inner,
      properties,
      parent,
    );
    return id;
  }

  /**
   * Inserts an element with an anchor and no inputs, then binds these
   * properties as a framework does: in the same script (Angular's root
   * template), or in a task after a rendered frame (a routed view).
   * Resolves once they are bound.
   */
  async insertThenBind(properties: Record<string, string>, when: 'same script' | 'a frame later'): Promise<ElementId> {
    const id = `el-${++this.nextId}`;
    await this.page.evaluate(
      async (tag, elementId, props, later) => {
        const element = document.createElement(tag);
        element.id = elementId;
        element.innerHTML = '<a class="button">Download</a>';
        document.getElementById('root')!.append(element);
        if (later) await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
        Object.assign(element, props);
      },
      TAG,
      id,
      properties,
      when === 'a frame later',
    );
    return id;
  }

  /** Adds several elements in one script task, so that their lookups fall into one batch window. */
  async addTogether(list: Attributes[]): Promise<ElementId[]> {
    const ids = list.map(() => `el-${++this.nextId}`);
    await this.page.evaluate(
      (tag, elementIds, attributeList) => {
        attributeList.forEach((attributes, index) => {
          const element = document.createElement(tag);
          element.id = elementIds[index]!;
          for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
          element.innerHTML = '<a class="button">Download</a>';
          document.getElementById('root')!.append(element);
        });
      },
      TAG,
      ids,
      list,
    );
    return ids;
  }

  /**
   * Moves the element into another container and, in the same task, adds an
   * eager element for `sentinel`, then waits until the sentinel has settled.
   * A request the move caused would go out in the sentinel's batch.
   */
  async moveBesideSentinel(id: ElementId, sentinel: Attributes): Promise<ElementId> {
    return this.besideSentinel(id, sentinel, (element) => {
      const elsewhere =
        document.getElementById('elsewhere') ?? document.body.appendChild(document.createElement('section'));
      elsewhere.id = 'elsewhere';
      elsewhere.append(element);
    });
  }

  /** As moveBesideSentinel, for an attribute set on an element `removeForGood` took out of the page. */
  async changeRemovedBesideSentinel(
    id: ElementId,
    name: string,
    value: string,
    sentinel: Attributes,
  ): Promise<ElementId> {
    return this.besideSentinel(id, sentinel, (element, n, v) => element.setAttribute(n, v), name, value);
  }

  private async besideSentinel(
    id: ElementId,
    sentinel: Attributes,
    change: (element: HTMLElement, name: string, value: string) => void,
    name = '',
    value = '',
  ): Promise<ElementId> {
    const sentinelId = `el-${++this.nextId}`;
    await this.page.evaluate(
      (tag, elementId, newId, attributes, changeSource, n, v) => {
        const element = document.getElementById(elementId) ?? (window as any).__removed[elementId];
        // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page object's own change, sent as source
        (new Function(`return ${changeSource}`)() as typeof change)(element, n, v);
        const added = document.createElement(tag);
        added.id = newId;
        for (const [attribute, text] of Object.entries(attributes)) added.setAttribute(attribute, text);
        added.innerHTML = '<a class="button">Download</a>';
        document.getElementById('root')!.append(added);
      },
      TAG,
      id,
      sentinelId,
      sentinel,
      change.toString(),
      name,
      value,
    );
    await this.settled(sentinelId);
    return sentinelId;
  }

  /** Runs `change` and resolves with the element's next cm-link-change. */
  async settleAfter(id: ElementId, change: () => Promise<unknown>): Promise<LinkChange> {
    const before = (await this.linkChanges(id)).length;
    await change();
    await this.page.waitForFunction(
      (elementId, count) => (window as any).__linkChanges.filter((c: LinkChange) => c.id === elementId).length > count,
      POLL,
      id,
      before,
    );
    return (await this.linkChanges(id)).at(-1)!;
  }

  /** The element's latest cm-link-change, once it has settled at least once. */
  async settled(id: ElementId): Promise<LinkChange> {
    return (await this.settledAll([id]))[0]!;
  }

  async settledAll(ids: ElementId[]): Promise<LinkChange[]> {
    await this.page.waitForFunction(
      (elementIds) => {
        const settled = new Set((window as any).__linkChanges.map((change: LinkChange) => change.id));
        return elementIds.every((id) => settled.has(id));
      },
      POLL,
      ids,
    );
    const all = await this.linkChanges();
    return ids.map((id) => all.filter((change) => change.id === id).at(-1)!);
  }

  async linkChanges(id?: ElementId): Promise<LinkChange[]> {
    const all = await this.page.evaluate(() => (window as any).__linkChanges as LinkChange[]);
    return id === undefined ? all : all.filter((change) => change.id === id);
  }

  /** Resolves once the host shows this `data-state`. */
  async untilState(id: ElementId, state: string): Promise<void> {
    await this.page.waitForFunction(
      (elementId, wanted) => document.getElementById(elementId)?.getAttribute('data-state') === wanted,
      POLL,
      id,
      state,
    );
  }

  /** What the customer's anchor and the host show right now. */
  async anchorOf(id: ElementId): Promise<AnchorSnapshot> {
    return this.page.evaluate((elementId) => {
      const host = document.getElementById(elementId)!;
      const anchor = host.firstElementChild!;
      return {
        dataState: host.getAttribute('data-state'),
        href: anchor.getAttribute('href'),
        className: anchor.className,
        ariaDisabled: anchor.getAttribute('aria-disabled'),
      };
    }, id);
  }

  async attribute(id: ElementId, name: string): Promise<string | null> {
    return this.page.evaluate((elementId, n) => document.getElementById(elementId)!.getAttribute(n), id, name);
  }

  async setAttribute(id: ElementId, name: string, value: string): Promise<void> {
    await this.page.evaluate(
      (elementId, n, v) => document.getElementById(elementId)!.setAttribute(n, v),
      id,
      name,
      value,
    );
  }

  async removeAttribute(id: ElementId, name: string): Promise<void> {
    await this.page.evaluate((elementId, n) => document.getElementById(elementId)!.removeAttribute(n), id, name);
  }

  async setProperty(id: ElementId, name: string, value: unknown): Promise<void> {
    await this.page.evaluate(
      (elementId, n, v) => ((document.getElementById(elementId) as any)[n] = v),
      id,
      name,
      value,
    );
  }

  /**
   * Marks each element's anchor node, so that `sameAnchors` can tell whether
   * the element kept the customer's node or made another.
   */
  async markAnchors(ids: ElementId[]): Promise<void> {
    await this.page.evaluate((elementIds) => {
      for (const id of elementIds) (document.getElementById(id)!.firstElementChild as any).__customerMark = id;
    }, ids);
  }

  async sameAnchors(ids: ElementId[]): Promise<boolean> {
    return this.page.evaluate(
      (elementIds) =>
        elementIds.every((id) => (document.getElementById(id)!.firstElementChild as any)?.__customerMark === id),
      ids,
    );
  }

  /**
   * Removes the element from the page and resolves once its destruction
   * (a 10 ms timer in the page) has had its turn. Page timers run in order
   * of due time, so one due later runs after it, however busy the machine.
   */
  async removeForGood(id: ElementId): Promise<void> {
    await this.page.evaluate(async (elementId) => {
      const element = document.getElementById(elementId)!;
      (window as any).__removed ??= {};
      (window as any).__removed[elementId] = element;
      element.remove();
      await new Promise((resolve) => setTimeout(resolve, 30));
    }, id);
  }

  /** Every href written on the anchors from now on, removals as null; install before the change it is to watch. */
  async recordHrefWrites(): Promise<(id: ElementId) => Promise<(string | null)[]>> {
    await this.page.evaluate(() => {
      const writes: { id: string; value: string | null }[] = ((window as any).__hrefWrites = []);
      new MutationObserver((records) =>
        records.forEach((record, index) => {
          const anchor = record.target as Element;
          // A record's written value is the next record's old value on that anchor; the last one's is the attribute now.
          const next = records.slice(index + 1).find((later) => later.target === anchor);
          writes.push({
            id: anchor.parentElement?.id ?? '',
            value: next ? next.oldValue : anchor.getAttribute('href'),
          });
        }),
      ).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['href'] });
    });
    return async (id) => {
      const all = await this.page.evaluate(
        () => (window as any).__hrefWrites as { id: string; value: string | null }[],
      );
      return all.filter((write) => write.id === id).map((write) => write.value);
    };
  }

  /**
   * Holds every GraphQL request in the browser from now on, before it
   * reaches the network: its answer comes whenever the test says, however
   * slow the machine is meanwhile.
   */
  async holdGraphql(): Promise<HeldRequests> {
    const held: HTTPRequest[] = [];
    const endings = new Map<HTTPRequest, 'answered' | 'failed'>();
    await this.page.setRequestInterception(true);
    this.page.on('request', (request) => {
      if (request.isInterceptResolutionHandled()) return;
      if (new URL(request.url()).pathname === '/graphql') held.push(request);
      else void request.continue();
    });
    this.page.on('requestfinished', (request) => endings.set(request, 'answered'));
    this.page.on('requestfailed', (request) => endings.set(request, 'failed'));
    return {
      arrived: (count) => expect.poll(() => held.length, UNTIL).toBeGreaterThanOrEqual(count),
      // A request the page has aborted meanwhile cannot go on; that is the point of some tests.
      release: (index) => held[index]!.continue().catch(() => {}),
      async ended(index) {
        await expect.poll(() => endings.has(held[index]!), UNTIL).toBe(true);
        return endings.get(held[index]!)!;
      },
    };
  }

  /** Operations the provider received, flattened across (batched) HTTP requests. */
  operations() {
    return this.provider.requests.flatMap((request) => request.operations);
  }

  /** `articleId/operationName` of every operation the provider received, in order. */
  asked(): string[] {
    return this.operations().map((operation) => `${String(operation.variables.articleId)}/${operation.operationName}`);
  }

  /** The element's console.error lines. */
  elementErrors(): string[] {
    return this.consoleErrors.filter((line) => line.startsWith(`${TAG}:`));
  }

  async close(): Promise<void> {
    await this.page.browserContext().close();
  }
}
