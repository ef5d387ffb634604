import { createTransport, type Transport } from '../api/transport.js';
import { logError } from '../log.js';
import { createRunTime, createSharedClock, type ActorClock, type SharedClock } from './sharedClock.js';

/** Runs `job` once the current script is over, before the next task. */
export function afterThisScript(job: () => void): void {
  queueMicrotask(job);
}

/**
 * Every piece of work the elements defer, and the one order it runs in.
 *
 * 1. A task connects elements (the parser, a framework). Each element asks
 *    to start (`queueStart`); nothing starts in that task, because
 *    frameworks insert an element first and bind its inputs after (Angular
 *    does both in one task for a root template), and an element that read
 *    its inputs when connected would report them missing.
 * 2. Attribute writes of one script are one change (`afterThisScript`, a
 *    microtask): `type` and `dimensions` often change together.
 * 3. After that task, elements start in slices of at most `SLICE_BUDGET_MS`
 *    that yield to the page (`scheduler.yield()`, else a task of our own),
 *    nearest the viewport first: on a phone, starting a catalogue page's
 *    hundreds of elements in one task blocks the visitor's taps for a
 *    second. Once the last has started on a parsed page, what their lookups
 *    queued goes at once (`transport.flush()`), without waiting for its window.
 * 4. Once no element waits to start, the React build's anchor binding loads
 *    in a task of its own (`afterStarts`): a page's first lookups never wait
 *    for React's code, and its evaluation never lengthens a slice. It renders
 *    the bindings of one task in a microtask, a few dozen per commit, and
 *    lets the page's queued tasks run between two commits (`afterPageTasks`).
 *    The lite build has nothing to load: each element is bound inside its
 *    start's slice.
 * 5. An element with no anchor yet looks again once its children can have
 *    arrived (`afterChildrenArrive`): after parsing while the document loads,
 *    otherwise after the tasks already queued (a framework appends children
 *    after inserting the parent).
 * 6. The actors' timers (retries, a signed link's refresh) run on one clock
 *    (`clock`, in `sharedClock.ts`): timers due at the same millisecond fire
 *    in one task, so retries due together share their batch however busy
 *    the page is, and so do the refreshes of links that arrived together.
 *    Their waits are counted from one reading of the time per script run
 *    (`timeOfThisRun`, forgotten after the run's microtasks).
 * 7. A removed element is destroyed `DESTROY_DELAY_MS` later (`destroyLater`),
 *    unless it came back: a DOM move disconnects and reconnects in one task.
 * 8. When the page is shown again (`pageshow` from the back/forward cache, a
 *    hidden tab made visible), the clock catches up (`wakeWhenShown`): its
 *    timers slept or were throttled meanwhile, and what came due (a link's
 *    refresh, its expiry) runs at once. One pair of listeners for the page, and
 *    only while a timer waits.
 * 9. An element whose lookup failed on the wire waits for the browser to be
 *    back online or the page visible again (`whenReconnected`): one pair of
 *    listeners for the page, and only while an element waits.
 *
 * The lookups defer on their own (src/api: a batch window's timer, a
 * request's timeout, a microtask after this script). The slices (3) and the
 * binding's load (4) wait on `scheduler.yield()` or on a task of our own
 * (`nextTask`), a message rather than a timer, since
 * `setTimeout(0)` is clamped to 4 ms once nested and throttled to once a
 * second in a background tab. Only work that must come after the page's own
 * queued tasks waits on a timer (`afterPageTasks`).
 */

/** How long one slice may start elements before it yields; a task under 50 ms does not block input. */
export const SLICE_BUDGET_MS = 8;
/** Grace period after removal: a DOM move reconnects well within it. */
export const DESTROY_DELAY_MS = 10;
/** Below this many, ordering starts by distance to the viewport costs a layout read for nothing. */
const ORDER_FROM = 20;

export interface SavedAnchorAttributes {
  role: string | null;
  tabindex: string | null;
}

/** An element waiting to start (3). */
export interface Startable {
  /** Makes and starts its actor, unless it no longer should. */
  start(): void;
  /** Makes ahead what its start needs the first time (the statechart): a slice's budget counts starts only. */
  prepare(): void;
}

interface PageWork {
  /** Elements waiting to start. */
  queued: Map<Element, Startable>;
  /** The queued elements in the order they start; made anew when more arrive. */
  order: Element[];
  next: number;
  arrivedSinceOrdered: boolean;
  slicing: boolean;
  /** Work waiting for the starts to be over. */
  afterStarts: (() => void)[];
  /** Tasks of our own, run one per message. */
  tasks: (() => void)[];
  channel: MessageChannel | null;
  /** Stops a removed element's destruction (7). */
  stopDestroying: WeakMap<Element, () => void>;
  clock: SharedClock;
  /** The time of the current script run (6), which the clock and the machines' waits count from. */
  timeOfThisRun: () => number;
  /** The customer's own `role` and `tabindex` of each disabled anchor, kept while the element overrides them. */
  anchorsOverridden: WeakMap<HTMLAnchorElement, SavedAnchorAttributes>;
  /** Elements waiting for the connection to come back (9). */
  reconnectListeners: Set<() => void>;
  /**
   * The lookups' transport: its cache, shared operations, batch queues and
   * provider's clock. Made with this object rather than by an accessor of
   * src/api with a variable of its own: src/api then keeps no state, the
   * page's lives in this one object, and the slices (3), which hold the
   * transport's batch windows, reach the transport of their own page.
   */
  transport: Transport;
}

/** The page's deferred work and its transport: one object for one bundle, made when the first element needs it. */
let page: PageWork | null = null;

function pageWork(): PageWork {
  if (page) return page;
  const timeOfThisRun = createRunTime();
  const clock: SharedClock = createSharedClock(timeOfThisRun, () => wakeWhenShown(() => clock.wake()));
  page = {
    queued: new Map(),
    order: [],
    next: 0,
    arrivedSinceOrdered: false,
    slicing: false,
    afterStarts: [],
    tasks: [],
    channel: null,
    stopDestroying: new WeakMap(),
    clock,
    timeOfThisRun,
    reconnectListeners: new Set(),
    anchorsOverridden: new WeakMap(),
    transport: createTransport(),
  };
  return page;
}

/** (8) Only while a timer waits: a page where nothing waits keeps no listener of ours. */
function wakeWhenShown(wake: () => void): () => void {
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) wake();
  };
  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') wake();
  };
  window.addEventListener('pageshow', onPageShow);
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    window.removeEventListener('pageshow', onPageShow);
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}

/**
 * (9) Calls `listener` when the browser is back online or the page visible
 * again, until the returned function is called. One pair of listeners for the
 * page, and only while an element waits.
 */
export function whenReconnected(listener: () => void): () => void {
  const { reconnectListeners: listeners } = pageWork();
  if (listeners.size === 0) {
    window.addEventListener('online', reconnected);
    document.addEventListener('visibilitychange', reconnectedIfVisible);
  }
  listeners.add(listener);
  return () => {
    if (!listeners.delete(listener) || listeners.size > 0) return;
    window.removeEventListener('online', reconnected);
    document.removeEventListener('visibilitychange', reconnectedIfVisible);
  };
}

function reconnected(): void {
  for (const listener of [...pageWork().reconnectListeners]) listener();
}

function reconnectedIfVisible(): void {
  if (document.visibilityState === 'visible') reconnected();
}

/** The customer's own attributes of the anchors a disabled link overrides, to restore once enabled. */
export function anchorsOverridden(): WeakMap<HTMLAnchorElement, SavedAnchorAttributes> {
  return pageWork().anchorsOverridden;
}

/** The time of this script run, by which every element's waits are counted (6). */
export function pageTime(): number {
  return pageWork().timeOfThisRun();
}

/** The clock every element's actor runs on (6). */
export function actorClock(): ActorClock {
  return pageWork().clock;
}

/** The transport every element's lookups go through. */
export function pageTransport(): Transport {
  return pageWork().transport;
}

/**
 * Queues `host`'s start (1, 3); queuing it again before it ran (a DOM move)
 * keeps one. `element` checks for itself whether it still should start.
 */
export function queueStart(host: Element, element: Startable): void {
  const work = pageWork();
  work.queued.set(host, element);
  work.arrivedSinceOrdered = true;
  if (work.slicing) return;
  work.slicing = true;
  nextTask(() => void runSlices(work));
}

/** Runs `job` in a task of its own once no element waits to start (4). */
export function afterStarts(job: () => void): void {
  const work = pageWork();
  work.afterStarts.push(job);
  if (!work.slicing) nextTask(() => runAfterStarts(work));
}

/** Destroys `host` (`destroy`) after the grace period, unless `keep` is called first (7). */
export function destroyLater(host: Element, destroy: () => void): void {
  keep(host);
  const timer = setTimeout(destroy, DESTROY_DELAY_MS);
  pageWork().stopDestroying.set(host, () => clearTimeout(timer));
}

/** `host` is back on the page: its destruction, if one was due, is off. */
export function keep(host: Element): void {
  page?.stopDestroying.get(host)?.();
}

/**
 * Calls back when a host's children may have arrived (5): after parsing
 * while the document is still loading (the parser connects an element
 * before its children), otherwise after the current task (frameworks append
 * children after inserting the parent). Returns a cancel function.
 */
export function afterChildrenArrive(callback: () => void): () => void {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', callback, { once: true });
    return () => document.removeEventListener('DOMContentLoaded', callback);
  }
  return afterPageTasks(callback);
}

/**
 * After the tasks the page has queued already: a timer, not a message, so
 * it comes after a framework's own queued work (React's scheduler posts
 * messages) and after the page's input.
 */
export function afterPageTasks(job: () => void): () => void {
  const timer = setTimeout(job, 0);
  return () => clearTimeout(timer);
}

/** A task of its own: a message, not a timer (see above). */
function nextTask(job: () => void): void {
  const work = pageWork();
  if (!work.channel) {
    work.channel = new MessageChannel();
    work.channel.port1.onmessage = () => work.tasks.shift()?.();
  }
  work.tasks.push(job);
  work.channel.port2.postMessage(null);
}

async function runSlices(work: PageWork): Promise<void> {
  while (work.queued.size > 0) {
    if (work.arrivedSinceOrdered) orderQueued(work);
    // Built once for the page's first start, it would fill that slice alone; the elements next
    // in line would start a task later, possibly after the lookups they were to join had settled.
    const first = work.order[work.next];
    if (first) guarded(first, () => work.queued.get(first)?.prepare());
    const sliceEnd = performance.now() + SLICE_BUDGET_MS;
    while (work.next < work.order.length && performance.now() < sliceEnd) startQueued(work, work.order[work.next++]!);
    if (work.queued.size > 0) await yieldToPage();
  }
  work.order = [];
  work.slicing = false;
  // The page's starts are over: what they queued need not wait for its window.
  if (document.readyState !== 'loading') work.transport.flush();
  if (work.afterStarts.length > 0) nextTask(() => runAfterStarts(work));
}

/** (3) The queued elements in the order they start. */
function orderQueued(work: PageWork): void {
  work.order = byDistanceToViewport([...work.queued.keys()]);
  work.next = 0;
  work.arrivedSinceOrdered = false;
}

function startQueued(work: PageWork, host: Element): void {
  const element = work.queued.get(host);
  if (!element) return;
  work.queued.delete(host);
  guarded(host, () => element.start());
}

/** Nothing is thrown into the customer's page; the elements after this one still start. */
function guarded(host: Element, job: () => void): void {
  try {
    job();
  } catch (error) {
    logError(`could not start: ${String(error)}`, host);
  }
}

function runAfterStarts(work: PageWork): void {
  if (work.slicing) return;
  for (const job of work.afterStarts.splice(0)) job();
}

/**
 * Nearest first: in view (0), then by how far below or above it. Every
 * rectangle is read before any element starts (and writes), so the page is
 * laid out once.
 */
function byDistanceToViewport(hosts: Element[]): Element[] {
  if (hosts.length < ORDER_FROM) return hosts;
  const viewportHeight = window.innerHeight;
  const distance = new Map<Element, number>();
  for (const host of hosts) {
    const { top, bottom, width, height } = host.getBoundingClientRect();
    // Not rendered (hidden, display: none): nothing shows it, so it can wait.
    if (width === 0 && height === 0) distance.set(host, Number.POSITIVE_INFINITY);
    else distance.set(host, top > viewportHeight ? top - viewportHeight : bottom < 0 ? -bottom : 0);
  }
  return hosts.sort((a, b) => distance.get(a)! - distance.get(b)!);
}

interface BrowserScheduler {
  yield?: () => Promise<void>;
}

/** `scheduler.yield()` where the browser has it: the page's input goes first, our remaining starts before other tasks. */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: BrowserScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resume) => nextTask(resume));
}
