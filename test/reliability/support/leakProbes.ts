import type { CDPSession, Page } from 'playwright-core';

/**
 * What a page has left running: live timers, live event listeners, running
 * statechart actors and open requests. Installed before the element's script
 * loads. The probes hold nothing strongly (no callbacks, targets or actors),
 * so they neither keep garbage alive nor grow the heap they help to measure.
 */
export interface LeftRunning {
  timers: number;
  /** Live timers by delay, e.g. { "30000": 12 }: says whose they are. */
  timersByDelay: Record<string, number>;
  listeners: number;
  /** Live listeners by the kind of target and event, e.g. { "AbortSignal abort": 3 }. */
  listenersByTarget: Record<string, number>;
  actorsStarted: number;
  actorsStopped: number;
  /** Started, never seen stopping, and still reachable. */
  actorsRunning: number;
  openRequests: number;
}

/** Runs in the page, before the element's script: wraps timers, listeners and fetch. */
export function installLeakProbes(): void {
  const w = window as any;
  const timers = new Map<number, number>();
  const setTimer = window.setTimeout.bind(window);
  const clearTimer = window.clearTimeout.bind(window);
  const setRepeat = window.setInterval.bind(window);
  const clearRepeat = window.clearInterval.bind(window);
  window.setTimeout = function (handler: TimerHandler, delay?: number, ...args: unknown[]) {
    const id: number = setTimer(
      (...callArgs: unknown[]) => {
        timers.delete(id);
        return typeof handler === 'function' ? handler(...callArgs) : undefined;
      },
      delay,
      ...args,
    );
    timers.set(id, Number(delay) || 0);
    return id;
  } as typeof setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) timers.delete(id);
    clearTimer(id);
  }) as typeof clearTimeout;
  window.setInterval = function (handler: TimerHandler, delay?: number, ...args: unknown[]) {
    const id: number = setRepeat(handler, delay, ...args);
    timers.set(id, Number(delay) || 0);
    return id;
  } as typeof setInterval;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) timers.delete(id);
    clearRepeat(id);
  }) as typeof clearInterval;

  // Listeners: bookkeeping rides on the target itself (no global table to grow), and a target that
  // is collected takes its listeners along. The bookkeeping holds listeners weakly: a listener's
  // closure may well hold its target, and the finalization registry must not keep that alive.
  let liveListeners = 0;
  const byTarget: Record<string, number> = {};
  type Registered = { kind: string; counts: Map<string, number>; flags: Map<string, WeakMap<object, number>> };
  const PROBE = Symbol('leak-probe');
  const collected = new FinalizationRegistry<Registered>((state) => {
    for (const [type, n] of state.counts) count(state, type, -n);
  });
  const count = (state: Registered, type: string, delta: number) => {
    liveListeners += delta;
    state.counts.set(type, (state.counts.get(type) ?? 0) + delta);
    const label = `${state.kind} ${type}`;
    byTarget[label] = (byTarget[label] ?? 0) + delta;
  };
  const captureFlag = (options?: boolean | EventListenerOptions) =>
    (typeof options === 'boolean' ? options : Boolean(options?.capture)) ? 2 : 1;
  const forget = (state: Registered, type: string, listener: object, flag: number) => {
    const listeners = state.flags.get(type);
    const flags = listeners?.get(listener) ?? 0;
    if (!(flags & flag)) return;
    listeners!.set(listener, flags & ~flag);
    count(state, type, -1);
  };
  // eslint-disable-next-line @typescript-eslint/unbound-method -- unbound on purpose: each wrapper calls them on its own target (`add.call(this, …)`)
  const { addEventListener: add, removeEventListener: remove } = EventTarget.prototype;
  EventTarget.prototype.addEventListener = function (this: any, type, listener, options) {
    add.call(this, type, listener, options);
    if (!listener || (typeof options === 'object' && options?.signal?.aborted)) return;
    let state: Registered | undefined = this[PROBE];
    if (!state) {
      state = { kind: this.constructor?.name ?? 'EventTarget', counts: new Map(), flags: new Map() };
      Object.defineProperty(this, PROBE, { value: state });
      collected.register(this, state);
    }
    const flag = captureFlag(options);
    let listeners = state.flags.get(type);
    if (!listeners) state.flags.set(type, (listeners = new WeakMap()));
    const flags = listeners.get(listener) ?? 0;
    if (flags & flag) return;
    listeners.set(listener, flags | flag);
    count(state, type, 1);
    const held = state;
    const drop = () => forget(held, type, listener, flag);
    if (typeof options === 'object' && options?.once) add.call(this, type, drop, { once: true });
    if (typeof options === 'object' && options?.signal) add.call(options.signal, 'abort', drop, { once: true });
  };
  EventTarget.prototype.removeEventListener = function (this: any, type, listener, options) {
    remove.call(this, type, listener, options);
    const state: Registered | undefined = this[PROBE];
    if (state && listener) forget(state, type, listener, captureFlag(options));
  };

  let openRequests = 0;
  const originalFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    openRequests += 1;
    const response = originalFetch(input, init);
    response.then(
      () => (openRequests -= 1),
      () => (openRequests -= 1),
    );
    return response;
  };

  // Actors, as the element's inspection hook reports them; configured once the element is defined.
  let actorsStarted = 0;
  let actorsStopped = 0;
  let collectedWhileRunning = 0;
  const running = new FinalizationRegistry<{ running: boolean }>((held) => {
    if (held.running) collectedWhileRunning += 1;
  });
  w.__leakInspect = (event: any) => {
    if (event.type === '@xstate.actor') {
      actorsStarted += 1;
      const held = { running: true };
      Object.defineProperty(event.actorRef, PROBE, { value: held });
      running.register(event.actorRef, held);
      return;
    }
    const held: { running: boolean } | undefined = event.actorRef?.[PROBE];
    if (event.type !== '@xstate.snapshot' || !held?.running) return;
    if (event.event?.type === 'xstate.stop' || event.snapshot?.status !== 'active') {
      held.running = false;
      actorsStopped += 1;
    }
  };

  w.__leftRunning = () => {
    const timersByDelay: Record<string, number> = {};
    for (const delay of timers.values()) timersByDelay[delay] = (timersByDelay[delay] ?? 0) + 1;
    return {
      timers: timers.size,
      timersByDelay,
      listeners: liveListeners,
      listenersByTarget: Object.fromEntries(Object.entries(byTarget).filter(([, n]) => n !== 0)),
      actorsStarted,
      actorsStopped,
      actorsRunning: actorsStarted - actorsStopped - collectedWhileRunning,
      openRequests,
    };
  };
}

/** Hooks the probes to the element's inspection events; call once the element is defined, before any exists. */
export function watchActors(): void {
  const w = window as any;
  (customElements.get('cm-material-download') as any).configure({
    inspect: (event: unknown) => w.__leakInspect(event),
  });
}

/**
 * Forces full garbage collection until the probes' finalizers have caught up:
 * they run in tasks after a collection and free the probes' own bookkeeping,
 * which would otherwise be counted as the element's heap.
 */
export async function collectGarbage(page: Page, devtools: CDPSession): Promise<void> {
  let previous = -1;
  for (let round = 0; round < 20; round += 1) {
    await devtools.send('HeapProfiler.collectGarbage');
    const listeners = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          setTimeout(() => resolve((window as any).__leftRunning?.().listeners ?? 0), 50),
        ),
    );
    if (listeners === previous) return;
    previous = listeners;
  }
}

export async function heapUsed(page: Page, devtools: CDPSession): Promise<number> {
  await collectGarbage(page, devtools);
  return (await devtools.send('Runtime.getHeapUsage')).usedSize;
}

export async function leftRunning(page: Page, devtools: CDPSession): Promise<LeftRunning> {
  await collectGarbage(page, devtools);
  return page.evaluate(() => (window as any).__leftRunning());
}
