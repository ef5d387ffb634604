import { createTransport } from '../api/transport.js';
import { logError } from '../log.js';

// What the page's elements share and the work they defer; CONTRIBUTING.md ("When deferred work runs") tells the order.

const SLICE_BUDGET_MS = 8; // well under a long task's 50 ms: input is never blocked by starts
export const DESTROY_DELAY_MS = 10; // a DOM move reconnects well within it
const ORDER_FROM = 20; // below this many, ordering by distance to the viewport costs a layout read for nothing
const LONGEST_TIMER_MS = 2 ** 31 - 1; // a browser timer holds a signed 32-bit wait; a longer one fires at once
// Timers this close run in one task (a failed request's retries share a batch); under the statechart's 20 ms slack.
const SAME_MOMENT_MS = 16;

function createPage() {
  const transport = createTransport();
  const queued = new Map<Element, () => void>();
  let order: Element[] = [];
  let startsScheduled = false;
  let starting = false;
  let releaseBatchWindows = () => {};
  const whenStartsOver: (() => void)[] = [];
  const destroying = new WeakMap<Element, ReturnType<typeof setTimeout>>();
  const reconnectListeners = new Set<() => void>();
  let listening = false;

  const reconnect = () => [...reconnectListeners].forEach((listener) => listener());
  const clock = createActorClock(() => listenWhileWaiting());
  const onPageShow = (event: Event) => (event as PageTransitionEvent).persisted && clock.wake();
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    clock.wake();
    reconnect();
  };

  /** Only while a timer or an element waits: a quiet page keeps no listener of ours. */
  function listenWhileWaiting(): void {
    const wanted = clock.waiting() || reconnectListeners.size > 0;
    if (wanted === listening) return;
    listening = wanted;
    const method = wanted ? 'addEventListener' : 'removeEventListener';
    window[method]('online', reconnect);
    window[method]('pageshow', onPageShow);
    document[method]('visibilitychange', onVisible);
  }

  async function runStarts(): Promise<void> {
    if (starting || !startsScheduled) return;
    starting = true;
    while (queued.size > 0) {
      if (order.length === 0) order = byDistanceToViewport([...queued.keys()]);
      // Timed from the slice's first start, which for the page's first builds the statechart.
      let sliceEnd = Infinity;
      while (order.length > 0 && performance.now() < sliceEnd) {
        const host = order.shift()!;
        const start = queued.get(host);
        queued.delete(host);
        try {
          start?.();
        } catch (error) {
          logError(`could not start: ${String(error)}`, host);
        }
        if (sliceEnd === Infinity) sliceEnd = performance.now() + SLICE_BUDGET_MS;
      }
      if (queued.size > 0) await yieldToPage();
    }
    starting = startsScheduled = false;
    releaseBatchWindows();
    // On a parsed page nothing else is about to ask: the last lookups need not wait out their window.
    if (document.readyState !== 'loading') transport.flush();
    for (const resolve of whenStartsOver.splice(0)) setTimeout(resolve, 0);
  }

  return {
    transport,
    clock,

    /** Back online or visible again, until the returned stop. */
    whenReconnected(listener: () => void): () => void {
      reconnectListeners.add(listener);
      listenWhileWaiting();
      return () => {
        reconnectListeners.delete(listener);
        listenWhileWaiting();
      };
    },

    /** After the connecting task, where a framework may still bind inputs; once if queued twice. */
    queueStart(host: Element, start: () => void): void {
      queued.set(host, start);
      order = [];
      if (startsScheduled) return;
      startsScheduled = true;
      // Lookups started over several slices share requests as one task's would.
      releaseBatchWindows = transport.holdBatchWindows();
      setTimeout(() => void runStarts(), 0);
    },

    /** On a parsed page, the few elements `define()` upgraded start in its task, after `whenDefined`'s microtasks. */
    startUpgraded(): void {
      // Not so many that ordering them (a layout read) would lengthen define's task, already the longest.
      if (startsScheduled && document.readyState !== 'loading' && queued.size < ORDER_FROM) {
        queueMicrotask(() => void runStarts());
      }
    },

    /** Resolves in a task of its own once no element waits to start: React's code never delays a lookup. */
    startsOver: () =>
      new Promise<void>((resolve) => (startsScheduled ? whenStartsOver.push(resolve) : setTimeout(resolve, 0))),

    destroyLater(host: Element, destroy: () => void): void {
      clearTimeout(destroying.get(host));
      destroying.set(host, setTimeout(destroy, DESTROY_DELAY_MS));
    },

    keep: (host: Element) => clearTimeout(destroying.get(host)),
  };
}

/** XState's timers: longer than a browser's, woken as the page shows again (they sleep hidden or in the bfcache). */
export function createActorClock(changed = () => {}) {
  const timers = new Map<number, { dueAt: number; callback: () => void; handle?: ReturnType<typeof setTimeout> }>();
  let lastId = 0;
  /** In their order, in one task, every timer due by `until`; an earlier callback may clear a later one. */
  const runDue = (until: number) => {
    const due = [...timers].filter(([, timer]) => timer.dueAt <= until).sort(([, a], [, b]) => a.dueAt - b.dueAt);
    for (const [id, timer] of due) {
      if (!timers.delete(id)) continue;
      clearTimeout(timer.handle);
      changed();
      timer.callback();
    }
  };
  const arm = (id: number) => {
    const timer = timers.get(id)!;
    const wait = Math.max(0, timer.dueAt - Date.now());
    const due = () => (wait > LONGEST_TIMER_MS ? arm(id) : runDue(timer.dueAt + SAME_MOMENT_MS));
    timer.handle = setTimeout(due, Math.min(wait, LONGEST_TIMER_MS));
  };
  return {
    setTimeout(callback: () => void, ms: number): number {
      timers.set(++lastId, { dueAt: Date.now() + (Number.isFinite(ms) ? Math.max(0, ms) : 0), callback });
      arm(lastId);
      changed();
      return lastId;
    },
    clearTimeout(id: number): void {
      clearTimeout(timers.get(id)?.handle);
      if (timers.delete(id)) changed();
    },
    /** Runs at once what came due while the page slept; sets the rest anew. */
    wake(): void {
      runDue(Date.now());
      for (const [id, { handle }] of timers) {
        clearTimeout(handle);
        arm(id);
      }
    },
    waiting: () => timers.size > 0,
  };
}

let page: ReturnType<typeof createPage> | undefined;
/** Made on first use: importing the library in Node touches no DOM. */
export const pageWork = () => (page ??= createPage());

/** After parsing (the parser connects an element before its children), else after the tasks queued. Returns a cancel. */
export function afterChildrenArrive(callback: () => void): () => void {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', callback, { once: true });
    return () => document.removeEventListener('DOMContentLoaded', callback);
  }
  const timer = setTimeout(callback, 0);
  return () => clearTimeout(timer);
}

/** Nearest the viewport first, not rendered last; every rectangle read before any write: one layout. */
function byDistanceToViewport(hosts: Element[]): Element[] {
  if (hosts.length < ORDER_FROM) return hosts;
  const viewportHeight = window.innerHeight;
  const distance = new Map<Element, number>();
  for (const host of hosts) {
    const { top, bottom, width, height } = host.getBoundingClientRect();
    distance.set(host, width === 0 && height === 0 ? Infinity : Math.max(0, top - viewportHeight, -bottom));
  }
  return hosts.sort((a, b) => distance.get(a)! - distance.get(b)!);
}

/** `scheduler.yield()` where there is one: the page's input first, the remaining starts before other tasks. */
function yieldToPage(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : new Promise((resume) => setTimeout(resume, 0));
}
