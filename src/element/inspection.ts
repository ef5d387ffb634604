import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { DecodedTransition, Debugging } from '../debug/debugging.js';
import { tried } from '../api/wire.js';
import { logWarning } from '../log.js';
import { pageWork } from './page.js';

/**
 * A debugging hook: XState's inspection events with their element and, for each step between states (the transient
 * `validating` included), that step decoded. Fits the Stately inspector.
 * @example `configure({ inspect: (event, host, step) => step && console.log(host.id, step.edge) });`
 */
export type MaterialDownloadInspector = (
  event: InspectionEvent,
  host: HTMLElement,
  transition: DecodedTransition | null,
) => void;

type Observe = (event: InspectionEvent) => void;

/** Where the element's files, their copies and the inspector's file, which cannot import each other, meet. */
export interface PageInspection {
  hook: MaterialDownloadInspector | null;
  /** Each element alive now, with its actor: an inspector that loads late finds them here. */
  readonly live: Map<HTMLElement, AnyActorRef>;
  /** Set by the inspector: its observer for the actor `host` is about to create, if it wants one. */
  observe?: ((host: HTMLElement) => Observe | undefined) | undefined;
  /** Null if it could not load; `waiting` holds what waits for it meanwhile, oldest first. */
  debugging?: Debugging | null;
  waiting?: ((debugging: Debugging | null) => void)[] | undefined;
  /** The elements whose actor has its own observer: it is added once. */
  readonly observed: WeakSet<HTMLElement>;
}

// On `globalThis`: every copy of the package shares this shape, so add to it, never change it.
const PAGE_INSPECTION = Symbol.for('cm-material-download.inspection');

export function pageInspection(): PageInspection {
  const global = globalThis as { [PAGE_INSPECTION]?: PageInspection };
  return (global[PAGE_INSPECTION] ??= { hook: null, live: new Map(), observed: new WeakSet() });
}

/** For elements connected from now on; loading now, the decoding is there before their steps. */
export function setInspector(next: MaterialDownloadInspector | null): void {
  pageInspection().hook = next;
  if (next) withDebugging(() => {});
}

/** None when nothing inspects `host`: XState builds no inspection events then, so most pages pay nothing. */
export function observerFor(host: HTMLElement): Observe | undefined {
  const page = pageInspection();
  const own = page.hook || host.hasAttribute('debug') ? ownObserver(host) : undefined;
  const inspector = page.observe?.(host);
  if (!inspector) return own;
  return (event) => {
    own?.(event);
    // A broken inspector must not break the element it watches.
    tried(() => inspector(event));
  };
}

/** Once however often `debug` is added to a running element. */
export function debugAttributeAdded(host: HTMLElement, actor: AnyActorRef): void {
  if (!pageInspection().observed.has(host)) actor.system.inspect(ownObserver(host));
}

/** The moment is read now, the event decoded once the debugging code is there. */
function ownObserver(host: HTMLElement): Observe {
  pageInspection().observed.add(host);
  withDebugging(() => {});
  return (event) => {
    const { hook } = pageInspection();
    const debug = host.hasAttribute('debug');
    if (!hook && !debug) return;
    // None while the actor is made: XState's development build throws then.
    const held =
      event.type === '@xstate.microstep' ? tried(() => event.actorRef.getSnapshot() as { value: unknown }) : undefined;
    const moment = { hook, debug, held, now: Date.now(), aheadBy: debug ? pageWork().transport.clock.aheadBy() : null };
    // A copy of an earlier version may have loaded debugging code without `report`: that copy's log stays silent.
    withDebugging((debugging) => debugging?.report?.(host, event, moment));
  };
}

/** At once if the debugging code is there, else once it is, after the jobs that waited before. */
function withDebugging(job: (debugging: Debugging | null) => void): void {
  const page = pageInspection();
  if (page.debugging !== undefined) return job(page.debugging);
  if (page.waiting) return void page.waiting.push(job);
  page.waiting = [job];
  const install = (debugging: Debugging | null) => {
    const { waiting = [] } = page;
    Object.assign(page, { debugging, waiting: undefined });
    for (const waited of waiting) waited(debugging);
  };
  // A chunk of the library; for the self-registering files, the file beside theirs (dev/build.js).
  import('../debug/debugging.js').then(
    (loaded) => install(loaded.debugging),
    (error: unknown) => {
      logWarning('the debugging code did not load: no debug log, no inspect hook', error);
      install(null);
    },
  );
}

/** While the debugging code loads, its arrival: a lookup's answer waits for it, so the log tells each step first. */
export function debuggingArrival(): Promise<void> | undefined {
  const { waiting } = pageInspection();
  return waiting && new Promise((resolve) => waiting.push(() => resolve()));
}
