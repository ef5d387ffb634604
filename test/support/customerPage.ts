import type { HeldRequests } from '../../dev/provider/hold.js';
import type { Provider } from '../../dev/provider/server.js';
import type { HeldPages } from '../../dev/provider/streamed.js';
import { addElements, anchorSnapshot, type AnchorSnapshot, type Binding, type NewElement } from './pageFunctions';
import type { DecodedTransition } from '../../src/debug/debugging';
import type { DriverPage, PageFunction } from './driver';

export type { AnchorSnapshot, Binding };

export const TAG = 'cm-material-download';

/** The page every test opens (fixtures/customer.html): its recorder hears the page from its start. */
export const CUSTOMER_PAGE = '/engines/customer.html';

/** The two self-registering builds: every engine's suite runs against each. */
export const BUILDS = ['cm-material-download.js', 'cm-material-download.lite.js'] as const;
export type Build = (typeof BUILDS)[number];

export type Attributes = Record<string, string>;

export interface LinkChange {
  id: string;
  state: 'enabled' | 'disabled';
  href: string | null;
  error: string | null;
  reason: string | null;
  bubbles: boolean;
  composed: boolean;
}

export interface OpenOptions {
  /** Passed to the element class's static configure() before any element exists. */
  configure?: Record<string, unknown>;
  /** localStorage entries set before the element loads. */
  storage?: Record<string, string>;
  /** Leave the element file unloaded, to see what happens before the element is defined. */
  load?: boolean;
  /** The visitor's clock runs this far ahead of the true time (behind, where negative), from before the element loads. */
  clockOffsetMs?: number;
  /** Record every transition the machine takes (as the inspect hook decodes it), for tests that must see transient states. */
  trace?: boolean;
  /**
   * A page of the site's own (a path on the provider's origin) opened in place of the customer page, once the
   * visitor's storage is set: its HTML carries its elements and the script that defines the element.
   */
  page?: string;
}

/** Every href write on the anchors of a page, from the moment the recorder was installed. */
export interface HrefRecorder {
  /** Each write in order: the value set (even one replaced within the same task), or null where href was removed. */
  writes(id?: ElementId): Promise<(string | null)[]>;
  /** Every distinct href ever set, in the order first shown. */
  shown(id?: ElementId): Promise<string[]>;
}

/** One change of what an element shows: the attribute (the anchor's `href` or `aria-disabled`, the host's `data-state`) and the value it got (null: removed). */
export interface ShownChange {
  name: string;
  value: string | null;
}

/** What another tab of the site does to the origin's localStorage: sets items, removes one, or clears it. */
export type StorageChange = { set: Record<string, string> } | { remove: string } | 'clear';

/** One transition of the element with this id, as `decodeTransition` names it (`from -> trigger[index] -> to`). */
export interface TraceEntry extends Pick<DecodedTransition, 'from' | 'to' | 'edge'> {
  id: string;
}

/** Calls `onWrite` with each href written on an anchor in `target` (null: removed), until disconnected. */
export type WatchHrefs = (target: Node, onWrite: (value: string | null, anchor: Element) => void) => MutationObserver;

/** An anchor of a streamed page as it arrived, and its element then (fixtures/arrivals.js). */
export interface AnchorArrival {
  id: ElementId;
  /** The element was defined (upgraded). */
  defined: boolean;
  connected: boolean;
  /** The document was still being parsed. */
  loading: boolean;
  dataState: string | null;
}

/** What a streamed page wrote down as it arrived. */
export interface StreamedArrivals {
  /** The document, and the elements still without an anchor, when the element was defined; null if it never was. */
  defined: { loading: boolean; withoutAnchor: ElementId[] } | null;
  anchors: AnchorArrival[];
}

/** A page on its way from the provider, in pieces: every pause held until the test sends what comes after it. */
interface Streaming {
  pauses: HeldPages;
  /** Pauses the test has sent the page past. */
  passed: number;
  /** The driver's navigation, over once the page has loaded. */
  loaded: Promise<void>;
}

/** The id the page object gave an element; every method below takes it. */
export type ElementId = string;

/** For expect.poll, whose default gives up after one second: a busy machine may need longer. */
export const UNTIL = { timeout: 15_000, interval: 20 } as const;
/** How long a wait in the page goes on before it fails, naming what it waited for. */
const WAIT_MS = 15_000;

/** What the page's recorder (fixtures/recorder.js) keeps from the page's start. */
interface Recorded {
  errors: string[];
  warnings: string[];
  thrown: string[];
  linkChanges: LinkChange[];
}

/**
 * In the page: runs `source` with `args` in a task of its own. A customer's
 * script runs in a task; WebKit's classic Execute Script does not, and runs
 * microtasks after each custom-element reaction, so two writes sent in one
 * script would reach the element as two changes.
 */
const runInTask = (source: string, args: unknown[]) =>
  new Promise((resolve, reject) =>
    setTimeout(() => {
      try {
        // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page object's own function, sent as source
        resolve((new Function(`return (${source})`)() as (...given: unknown[]) => unknown)(...args));
      } catch (error) {
        reject(error);
      }
    }),
  );

/** In the page: resolves once `source` called with `args` returns something truthy, polling. */
const pollInPage = (source: string, args: unknown[], timeoutMs: number) =>
  new Promise((resolve, reject) => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page object's own function, sent as source
    const predicate = new Function(`return (${source})`)() as (...given: unknown[]) => unknown;
    const giveUpAt = performance.now() + timeoutMs;
    const check = () => {
      try {
        if (predicate(...args)) return resolve(true);
      } catch (error) {
        return reject(error);
      }
      if (performance.now() > giveUpAt) reject(new Error(`waited ${timeoutMs} ms in vain for ${source}`));
      else setTimeout(check, 20);
    };
    check();
  });

/**
 * In the customer page, beside its recorder (fixtures/recorder.js), once `open()` loaded it: the
 * one href recorder (`__watchHrefs`, for the page object and for tests that record from inside
 * the page), and the trace, whose inspect hook `__installTrace` sets once the element is defined.
 */
function installHelpers(withTrace: boolean): boolean {
  const w = window as any;
  w.__trace = [];
  w.__hrefLogs = [];
  w.__watchHrefs = ((target, onWrite) => {
    // A record's written value is the next record's old value on that anchor; the last one's is the attribute now.
    const observer = new MutationObserver((records) =>
      records.forEach((record, index) => {
        const anchor = record.target as Element;
        const next = records.slice(index + 1).find((later) => later.target === anchor);
        onWrite(next ? next.oldValue : anchor.getAttribute('href'), anchor);
      }),
    );
    observer.observe(target, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['href'] });
    return observer;
  }) satisfies WatchHrefs;
  // The element's inspect hook hands over each step decoded (decodeTransition): the trace keeps its edge.
  w.__installTrace = () => {
    if (!withTrace) return;
    // The hook sees only elements connected after it is set.
    if (document.querySelector('cm-material-download')) throw new Error('trace installed after elements exist');
    (customElements.get('cm-material-download') as any).configure({
      inspect(_event: unknown, host: HTMLElement, transition: DecodedTransition | null) {
        if (!transition) return;
        const { from, to, edge } = transition;
        w.__trace.push({ id: host.id, from, to, edge });
      },
    });
  };
  return true;
}

/**
 * A customer's page with <cm-material-download> elements, in any engine:
 * tests say what a customer does and sees; this object knows how the DOM is
 * poked, and the driver under it how to reach the page.
 */
export class CustomerPage {
  private nextId = 0;
  /** Whether a test opened this page already: its storage is then the visitor's own (see open). */
  private visited = false;
  private held: HeldRequests | undefined;
  private streaming: Streaming | undefined;

  constructor(
    protected readonly driver: DriverPage,
    readonly provider: Provider,
    readonly build: Build,
  ) {}

  get origin(): string {
    return this.provider.origin;
  }

  /**
   * Opens the customer's page, loads the build under test and configures it. The page object's first
   * open is a new visitor's, with nothing in the origin's storage but `storage`.
   */
  async open({
    configure,
    storage = {},
    load = true,
    clockOffsetMs,
    trace = false,
    page,
  }: OpenOptions = {}): Promise<void> {
    // The page a former test's close() loaded, if that is what the driver kept: nothing ran in it since.
    if (this.driver.pristine !== this.customerUrl) await this.driver.goto(this.customerUrl);
    // A test's later open() is the same visitor's next page load in the tab: what the page stored stays.
    const firstVisit = !this.visited;
    this.visited = true;
    await this.driver.evaluate(
      (items, forget) => {
        // A page a driver kept from a former test (each does) keeps the origin's storage and cookies.
        if (forget) {
          for (const store of ['localStorage', 'sessionStorage'] as const) {
            try {
              window[store].clear();
            } catch {
              // A test may have broken the page's storage on purpose, before it opens the page.
            }
          }
          for (const cookie of document.cookie.split(';')) {
            const name = cookie.split('=')[0]!.trim();
            if (name) document.cookie = `${name}=; path=/; max-age=0`;
          }
        }
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      },
      storage,
      firstVisit,
    );
    if (page) {
      await this.driver.goto(`${this.origin}${page}`);
      await this.driver.evaluate(installHelpers, false);
      await this.driver.evaluate((tag) => customElements.whenDefined(tag).then(() => true), TAG);
      return;
    }
    await this.driver.evaluate(installHelpers, trace);
    if (clockOffsetMs !== undefined) await this.setVisitorClock(clockOffsetMs);
    if (!load) return;
    await this.loadElement();
    if (configure) await this.configure(configure);
    // After the element file defined the element, before any element exists: the trace sees every element.
    if (trace) await this.act(() => (window as any).__installTrace());
  }

  /** Loads the build under test, or another script file of the provider's, as a module, and waits for the element's definition. */
  async loadElement(src = `/dist/${this.build}`): Promise<void> {
    await this.act(
      (src) =>
        new Promise((resolve, reject) => {
          const script = Object.assign(document.createElement('script'), { type: 'module', src });
          script.onload = () => resolve(true);
          script.onerror = () => reject(new Error(`could not load ${src}`));
          document.head.append(script);
        }),
      src,
    );
    await this.driver.evaluate((tag) => customElements.whenDefined(tag).then(() => true), TAG);
  }

  /**
   * The page's clock reads `offsetMs` off the true time from now on, as a
   * visitor's wrong clock does: `Date.now()` and `new Date()` shift,
   * `performance.now()` and dates built from a given moment do not. The true
   * time stays readable as `window.__trueNow()`, for what the test records.
   */
  async setVisitorClock(offsetMs: number): Promise<void> {
    await this.driver.evaluate((offset) => {
      const TrueDate = Date;
      class VisitorDate extends TrueDate {
        constructor(...moment: unknown[]) {
          // @ts-expect-error -- a moment, its parts, or nothing: Date's own overloads
          super(...(moment.length === 0 ? [TrueDate.now() + offset] : moment));
        }
        static override now(): number {
          return TrueDate.now() + offset;
        }
      }
      (window as any).__trueNow = () => TrueDate.now();
      window.Date = VisitorDate as DateConstructor;
      return true;
    }, offsetMs);
  }

  /**
   * Starts loading the customer's page streamed in pieces, as servers that flush early send it
   * (fixtures/streamed.html, its build the one under test, included as such a page includes it: an
   * async module script). Resolves once the provider has sent its first piece; every pause after
   * a piece lasts until `sendNextPiece()`. Nothing else may be sent to the page before
   * `streamedPageLoaded()`: classic WebDriver runs nothing in a page that is still loading.
   */
  async startStreamedPage(): Promise<void> {
    const pauses = this.provider.holdPages();
    const loaded = this.driver.goto(`${this.origin}/engines/streamed.html?streamed&build=${this.build}`);
    // Awaited by the waits below; a failed load must not go unhandled meanwhile.
    loaded.catch(() => {});
    this.streaming = { pauses, passed: 0, loaded };
    await this.piecesSent();
  }

  /** Sends the streamed page's next piece: resolves once the provider has sent it, or the page has loaded after the last one. */
  async sendNextPiece(): Promise<void> {
    const streaming = this.streaming!;
    streaming.passed += 1;
    streaming.pauses.release();
    await this.piecesSent();
  }

  /**
   * Opens the README's page (fixtures/readme.html): the README's `configure` line in its `<head>`,
   * and the build under test arriving after the page has been parsed, as the README's async script
   * does on a slow network.
   */
  async openReadmePage(): Promise<void> {
    await this.driver.goto(`${this.origin}/engines/readme.html?build=${this.build}`);
  }

  /** On the README's page: whether the first lookup left while the script defining the element was still running. */
  async firstLookupWhileDefining(): Promise<boolean | undefined> {
    return this.driver.evaluate(() => (window as any).__firstLookupWhileDefining as boolean | undefined);
  }

  async streamedPageLoaded(): Promise<void> {
    await this.streaming!.loaded;
  }

  /** When each anchor of the streamed page arrived, and what its element was then. */
  async anchorArrivals(): Promise<StreamedArrivals> {
    return this.driver.evaluate(() => (window as any).__arrivals as StreamedArrivals);
  }

  private async piecesSent(): Promise<void> {
    const { pauses, passed, loaded } = this.streaming!;
    await Promise.race([pauses.reached(passed + 1), loaded]);
  }

  async configure(options: Record<string, unknown>): Promise<void> {
    await this.act((tag, opts) => (customElements.get(tag) as any).configure(opts), TAG, options);
  }

  /**
   * Adds an element with these attributes and an anchor (unless `inner` says
   * otherwise), under the page's root, with properties set before it is connected.
   */
  async add(attributes: Attributes, { inner, properties }: Pick<NewElement, 'inner' | 'properties'> = {}) {
    return (await this.addAll([{ attributes, inner, properties }]))[0]!;
  }

  /** Adds several elements in one task, so that their lookups fall into one batch window. */
  async addTogether(list: Attributes[]): Promise<ElementId[]> {
    return this.addAll(list.map((attributes) => ({ attributes })));
  }

  /** Adds an element inside an open shadow root of a host on the page. */
  async addInShadowRoot(attributes: Attributes): Promise<ElementId> {
    return (await this.addAll([{ attributes, inside: 'shadow root' }]))[0]!;
  }

  /**
   * As a framework renders: creates an element with an anchor, inserts it, and
   * binds what `binding` says right after, all in one task.
   */
  async insert({
    attributes,
    binding,
    then,
  }: Pick<NewElement, 'attributes' | 'binding' | 'then'> = {}): Promise<ElementId> {
    return (await this.addAll([{ attributes, binding, then }]))[0]!;
  }

  private async addAll(elements: Omit<NewElement, 'id'>[]): Promise<ElementId[]> {
    const withIds = elements.map((element) => ({ ...element, id: this.newId() }));
    await this.act(addElements, { tag: TAG, elements: withIds });
    return withIds.map((element) => element.id);
  }

  /** Binds inputs to an element already on the page, in a task of its own. */
  async bind(id: ElementId, binding: Binding): Promise<void> {
    await this.act(
      (elementId, bound) => {
        const element = document.getElementById(elementId)!;
        if ('properties' in bound) Object.assign(element, bound.properties);
        else for (const [name, value] of Object.entries(bound.attributes)) element.setAttribute(name, value);
      },
      id,
      binding,
    );
  }

  /** Resolves after a rendered frame and the task after it, in the page. */
  async aFrameLater(): Promise<void> {
    await this.driver.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(true)))));
  }

  /** Lets `ms` of the page's time pass: page timers due before then run first, however busy the machine. */
  async passTime(ms: number): Promise<void> {
    await this.driver.evaluate((wait) => new Promise((done) => setTimeout(() => done(true), wait)), ms);
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
    const sentinelId = this.newId();
    await this.act(
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
  async settleAfter(id: ElementId, change: () => Promise<unknown> = async () => {}): Promise<LinkChange> {
    const before = (await this.linkChanges(id)).length;
    await change();
    await this.waitFor(
      (elementId, count) =>
        (window as any).__page.linkChanges.filter((c: LinkChange) => c.id === elementId).length > count,
      id,
      before,
    );
    return (await this.linkChanges(id)).at(-1)!;
  }

  /** Runs `change` and resolves with the elements' next cm-link-change each (their latest, once each has one more). */
  async settleAllAfter(ids: ElementId[], change: () => Promise<unknown>): Promise<LinkChange[]> {
    const before = await this.linkChanges();
    const counts = ids.map((id) => before.filter((entry) => entry.id === id).length);
    await change();
    await this.waitFor(
      (elementIds, known) =>
        elementIds.every(
          (id, index) =>
            (window as any).__page.linkChanges.filter((c: LinkChange) => c.id === id).length > known[index]!,
        ),
      ids,
      counts,
    );
    const all = await this.linkChanges();
    return ids.map((id) => all.filter((entry) => entry.id === id).at(-1)!);
  }

  /** The element's latest cm-link-change, once it has settled at least once. */
  async settled(id: ElementId): Promise<LinkChange> {
    return (await this.settledAll([id]))[0]!;
  }

  async settledAll(ids: ElementId[]): Promise<LinkChange[]> {
    await this.waitFor((elementIds) => {
      const settled = new Set((window as any).__page.linkChanges.map((change: LinkChange) => change.id));
      return elementIds.every((id) => settled.has(id));
    }, ids);
    const all = await this.linkChanges();
    return ids.map((id) => all.filter((change) => change.id === id).at(-1)!);
  }

  async linkChanges(id?: ElementId): Promise<LinkChange[]> {
    const all = (await this.recorded()).linkChanges;
    return id === undefined ? all : all.filter((change) => change.id === id);
  }

  /** What the customer's anchor and the host show right now. */
  async anchorOf(id: ElementId): Promise<AnchorSnapshot> {
    return this.driver.evaluate(anchorSnapshot, id);
  }

  /** The text of the element's anchor. */
  async anchorText(id: ElementId): Promise<string | null> {
    return this.driver.evaluate((elementId) => document.getElementById(elementId)!.firstElementChild!.textContent, id);
  }

  /** The element's children, as markup. */
  async childrenOf(id: ElementId): Promise<string> {
    return this.driver.evaluate((elementId) => document.getElementById(elementId)!.innerHTML, id);
  }

  /** The element as markup, on the page or taken out of it by `removeForGood`. */
  async markupOf(id: ElementId): Promise<string> {
    return this.driver.evaluate(
      (elementId) => (document.getElementById(elementId) ?? (window as any).__removed[elementId]).outerHTML as string,
      id,
    );
  }

  /** Replaces the element's children with this markup, as a page's own script would. */
  async setChildren(id: ElementId, markup: string): Promise<void> {
    await this.act((elementId, html) => (document.getElementById(elementId)!.innerHTML = html), id, markup);
  }

  async attribute(id: ElementId, name: string): Promise<string | null> {
    return this.driver.evaluate((elementId, n) => document.getElementById(elementId)!.getAttribute(n), id, name);
  }

  async setAttribute(id: ElementId, name: string, value: string): Promise<void> {
    await this.act((elementId, n, v) => document.getElementById(elementId)!.setAttribute(n, v), id, name, value);
  }

  async removeAttribute(id: ElementId, name: string): Promise<void> {
    await this.act((elementId, n) => document.getElementById(elementId)!.removeAttribute(n), id, name);
  }

  async setProperty(id: ElementId, name: string, value: unknown): Promise<void> {
    await this.act((elementId, n, v) => ((document.getElementById(elementId) as any)[n] = v), id, name, value);
  }

  /** From now on the page's own scripts keep its main thread busy: a task of `ms` every time it is free. */
  async keepBusy(ms: number): Promise<void> {
    await this.act((busyMs) => {
      const spin = () => {
        const until = performance.now() + busyMs;
        while (performance.now() < until);
        (window as any).__busy = setTimeout(spin, 0);
      };
      (window as any).__busy = setTimeout(spin, 0);
    }, ms);
  }

  /** Sets a cookie from the page's script, as `document.cookie` does. */
  async setCookie(cookie: string): Promise<void> {
    await this.act((text) => void (document.cookie = text), cookie);
  }

  /** Scrolls the element into the viewport, as a visitor would. */
  async scrollTo(id: ElementId): Promise<void> {
    await this.act((elementId) => document.getElementById(elementId)!.scrollIntoView(), id);
  }

  /** Makes the page as tall as this below what is there, so that what comes after starts out of sight. */
  async addSpace(height: number): Promise<void> {
    await this.act((px) => {
      document
        .getElementById('root')!
        .append(Object.assign(document.createElement('div'), { style: `height: ${px}px` }));
    }, height);
  }

  /** What a visitor's click would download: the HTTP status of a GET of `href` from the page. */
  async download(href: string): Promise<number> {
    return this.driver.evaluate((url) => fetch(url).then((response) => response.status), href);
  }

  /**
   * Marks each element's anchor node, so that `sameAnchors` can tell whether
   * the element kept the customer's node or made another.
   */
  async markAnchors(ids: ElementId[]): Promise<void> {
    await this.act((elementIds) => {
      for (const id of elementIds) (document.getElementById(id)!.firstElementChild as any).__customerMark = id;
    }, ids);
  }

  async sameAnchors(ids: ElementId[]): Promise<boolean> {
    return this.driver.evaluate(
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
    await this.act((elementId) => {
      const element = document.getElementById(elementId)!;
      (window as any).__removed ??= {};
      (window as any).__removed[elementId] = element;
      element.remove();
    }, id);
    await this.passTime(30);
  }

  /**
   * Records every href write on every anchor in the page from now on, removals
   * included: install it before the change it is to watch.
   */
  async recordHrefWrites(): Promise<HrefRecorder> {
    const log = await this.act(() => {
      const w = window as any;
      const writes: { id: string; value: string | null }[] = [];
      (w.__watchHrefs as WatchHrefs)(document, (value, anchor) =>
        writes.push({ id: anchor.parentElement?.id ?? '', value }),
      );
      return (w.__hrefLogs.push(writes) as number) - 1;
    });
    const writes = async (id?: ElementId) => {
      const all = await this.driver.evaluate(
        (index) => (window as any).__hrefLogs[index] as { id: string; value: string | null }[],
        log,
      );
      return all.filter((write) => id === undefined || write.id === id).map((write) => write.value);
    };
    return {
      writes,
      async shown(id) {
        return [...new Set((await writes(id)).filter((value) => value !== null))];
      },
    };
  }

  /**
   * Records, in the page, every change of the element's anchor (`href`, `aria-disabled`) and host
   * (`data-state`) from now on, each with the value it got: a driver's round trip would miss one
   * that lasted a moment.
   */
  async recordShownChanges(id: ElementId): Promise<() => Promise<ShownChange[]>> {
    const log = await this.act((elementId) => {
      const w = window as any;
      const changes: ShownChange[] = [];
      const host = document.getElementById(elementId)!;
      // A record's new value is the next record's old value of that attribute; the last one's is the attribute now.
      new MutationObserver((records) =>
        records.forEach((record, index) => {
          const target = record.target as Element;
          const name = record.attributeName!;
          const next = records
            .slice(index + 1)
            .find((later) => later.target === target && later.attributeName === name);
          changes.push({ name, value: next ? next.oldValue : target.getAttribute(name) });
        }),
      ).observe(host, {
        subtree: true,
        attributes: true,
        attributeOldValue: true,
        attributeFilter: ['href', 'aria-disabled', 'data-state'],
      });
      return ((w.__shownLogs ??= []).push(changes) as number) - 1;
    }, id);
    return () => this.driver.evaluate((index) => (window as any).__shownLogs[index] as ShownChange[], log);
  }

  /** Every element looks its link up again: the element class's static `refresh()`, as a page's script calls it. */
  async refresh(): Promise<void> {
    await this.act((tag) => void (customElements.get(tag) as any).refresh(), TAG);
  }

  /**
   * The page signs the visitor in itself: it stores their token where the element reads it and,
   * unless told not to, calls `refresh()` in the same task, as a page's sign-in script would.
   */
  async signInHere(token: string, { refresh = true } = {}): Promise<void> {
    await this.act(
      (tag, value, andRefresh) => {
        localStorage.setItem('cm-user-token', value);
        if (andRefresh) (customElements.get(tag) as any).refresh();
      },
      TAG,
      token,
      refresh,
    );
  }

  /**
   * Opens another tab of the site, as far as this page can tell: a frame of the same origin, whose
   * writes to localStorage reach this page as `storage` events, in every engine (a driver's second
   * window would not be the same in each).
   */
  async openAnotherTab(): Promise<void> {
    await this.act(
      (src) =>
        new Promise((resolve, reject) => {
          const frame = Object.assign(document.createElement('iframe'), { id: 'another-tab', src });
          frame.onload = () => resolve(true);
          frame.onerror = () => reject(new Error(`could not load ${src}`));
          document.body.append(frame);
        }),
      '/engines/elsewhere.html',
    );
  }

  /** In the tab `openAnotherTab` opened: the visitor signs in or out there. */
  async inAnotherTab(change: StorageChange): Promise<void> {
    await this.act((what) => {
      const storage = (document.getElementById('another-tab') as HTMLIFrameElement).contentWindow!.localStorage;
      if (what === 'clear') storage.clear();
      else if ('remove' in what) storage.removeItem(what.remove);
      else for (const [key, value] of Object.entries(what.set)) storage.setItem(key, value);
    }, change);
  }

  /** The machine's transitions since `open({ trace: true })`, of every element or of one. */
  async trace(id?: ElementId): Promise<TraceEntry[]> {
    const all = await this.driver.evaluate(() => (window as any).__trace as TraceEntry[]);
    return id === undefined ? all : all.filter((entry) => entry.id === id);
  }

  async clearTrace(): Promise<void> {
    await this.driver.evaluate(() => void ((window as any).__trace.length = 0));
  }

  /**
   * Holds every GraphQL request from now on at the provider, unanswered: its
   * answer comes whenever the test says, however slow the machine is meanwhile.
   */
  holdGraphql(): HeldRequests {
    this.held = this.provider.hold();
    return this.held;
  }

  async goOffline(): Promise<void> {
    await this.driver.setOffline(true);
  }

  async goOnline(): Promise<void> {
    await this.driver.setOffline(false);
  }

  /**
   * From now on the page's next `count` requests to the provider fail as a
   * dropped connection does; resolves with a function that says how many did.
   */
  async failRequests(count: number): Promise<() => Promise<number>> {
    const key = `__failing${++this.nextId}`;
    await this.act(
      ([name, failures]) => {
        const original = window.fetch.bind(window);
        const state = ((window as any)[name] = { left: failures ?? Infinity, failed: 0 });
        window.fetch = (input, init) => {
          const url = input instanceof Request ? input.url : String(input);
          if (state.left > 0 && new URL(url, location.href).pathname === '/graphql') {
            state.left -= 1;
            state.failed += 1;
            return Promise.reject(new TypeError('Failed to fetch'));
          }
          return original(input, init);
        };
      },
      // JSON has no Infinity: null stands for it.
      [key, Number.isFinite(count) ? count : null] as const,
    );
    return () => this.driver.evaluate((name) => (window as any)[name].failed as number, key);
  }

  /** Freezes the page, as a browser freezes a tab hidden for a while: its timers stop. */
  async freeze(): Promise<void> {
    await this.driver.setLifecycle('frozen');
  }

  /** Wakes a frozen page, as showing the tab again does. */
  async wake(): Promise<void> {
    await this.driver.setLifecycle('active');
  }

  /** Leaves for another page of the site, as a visitor following a link does. */
  async visitAnotherPage(): Promise<void> {
    await this.driver.goto(`${this.origin}/engines/elsewhere.html`);
  }

  /** The Back button. From another page of the site, the browser may restore this one from its back/forward cache. */
  async comeBack(): Promise<void> {
    await this.driver.goBack();
  }

  /** Each `pageshow` the page has seen so far, as its `persisted`: true when it came back from the back/forward cache. */
  async pageShows(): Promise<boolean[]> {
    return this.driver.evaluate(() => (window as any).__page.pageShows as boolean[]);
  }

  /** Slows the page's CPU down by this factor, as on a slower customer device. */
  async throttleCpu(rate: number): Promise<void> {
    await this.driver.throttleCpu(rate);
  }

  /** Operations the provider received, flattened across (batched) HTTP requests. */
  operations() {
    return this.provider.requests.flatMap((request) => request.operations);
  }

  /** `articleId/operationName` of every operation the provider received, in order. */
  asked(): string[] {
    return this.operations().map((operation) => `${String(operation.variables.articleId)}/${operation.operationName}`);
  }

  /** Every console.error line of the page (an element logged beside the text shows as `<tag#id>`). */
  async consoleErrors(): Promise<string[]> {
    return (await this.recorded()).errors;
  }

  async consoleWarnings(): Promise<string[]> {
    return (await this.recorded()).warnings;
  }

  /** The element's console.error lines. */
  async elementErrors(): Promise<string[]> {
    return (await this.consoleErrors()).filter((line) => line.startsWith(`${TAG}:`));
  }

  /** Anything thrown into the page: uncaught errors and unhandled rejections alike. */
  async thrown(): Promise<string[]> {
    return (await this.recorded()).thrown;
  }

  /** What was thrown into the page so far, forgotten: for a test that throws on purpose. */
  async takeThrown(): Promise<string[]> {
    return this.driver.evaluate(() => (window as any).__page.thrown.splice(0) as string[]);
  }

  /** Runs `fn` in the page as the driver sends a script, outside any task of the page: for tests of the driver itself. */
  runAsSent<A, R>(fn: PageFunction<[A], R>, arg: A): Promise<Awaited<R>> {
    return this.driver.evaluate(fn, arg);
  }

  /** Runs `fn` in a task of the page's own, as every action of this page object does. */
  runInTask<A, R>(fn: PageFunction<[A], R>, arg: A): Promise<Awaited<R>> {
    return this.act(fn, arg);
  }

  async close(): Promise<void> {
    this.held?.end();
    this.streaming?.pauses.end();
    // Its pauses over, a streamed page finishes loading: a test that failed halfway leaves its navigation
    // under way, and the next one must not start before it ends.
    await this.streaming?.loaded.catch(() => {});
    await this.driver.close(this.customerUrl);
  }

  /** The customer's page on the provider's origin: what every test opens first. */
  get customerUrl(): string {
    return `${this.origin}${CUSTOMER_PAGE}`;
  }

  private recorded(): Promise<Recorded> {
    return this.driver.evaluate(() => (window as any).__page as Recorded);
  }

  /** Starts over as a new visitor's page, for a later test that gets this page (see the browser harness's pool). */
  protected startOver(): void {
    this.nextId = 0;
    this.visited = false;
  }

  private newId(): ElementId {
    return `el-${++this.nextId}`;
  }

  /** Runs `fn` in the page in a task of its own, as a customer's script runs (see runInTask). */
  private act<A extends unknown[], R>(fn: PageFunction<A, R>, ...args: A): Promise<Awaited<R>> {
    return this.driver.evaluate(runInTask, fn.toString(), args) as Promise<Awaited<R>>;
  }

  private async waitFor<A extends unknown[]>(predicate: PageFunction<A, unknown>, ...args: A): Promise<void> {
    await this.driver.evaluate(pollInPage, predicate.toString(), args, WAIT_MS);
  }
}
