import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { DecodedTransition, Debugging } from '../debug/debugging.js';
import { logWarning } from '../log.js';
import { loadDebugging } from './loadDebugging.js';
import { pageWork } from './page.js';

/**
 * A debugging hook: receives XState's inspection events with the element
 * they belong to and, for each step between states (including the passes
 * through the transient `validating`), that step decoded. The Stately
 * inspector's `inspect` fits it as it is.
 *
 * @example
 * ```ts
 * const logSteps: MaterialDownloadInspector = (event, host, transition) => {
 *   if (transition) console.log(host.getAttribute('article-id'), transition.edge);
 * };
 * configure({ inspect: logSteps });
 * ```
 */
export type MaterialDownloadInspector = (
  event: InspectionEvent,
  host: HTMLElement,
  transition: DecodedTransition | null,
) => void;

type Observe = (event: InspectionEvent) => void;

/** What waits for the debugging code; null if it could not load. */
type Job = (debugging: Debugging | null) => void;

/**
 * Inspection, page-wide: the hook `configure({ inspect })` set, the live
 * elements and the inspector's observer. The element's files, their copies
 * and the inspector's file (`cm-material-download.inspector.js`) load on
 * their own and cannot import each other, so they meet on `globalThis` under
 * a registered symbol. Every copy of the package shares this shape: add to
 * it, never change it.
 */
export interface PageInspection {
  /** What `configure({ inspect })` set. */
  hook: MaterialDownloadInspector | null;
  /** Each element alive now, with its actor: an inspector that loads late finds them here. */
  readonly live: Map<HTMLElement, AnyActorRef>;
  /** Set by the inspector: its observer for the actor `host` is about to create, if it wants one. */
  observe?: ((host: HTMLElement) => Observe | undefined) | undefined;
  /** The decoding and the debug lines once loaded; null if they could not load. */
  debugging?: Debugging | null;
  /** What waits for them meanwhile, oldest first. */
  waiting?: Job[] | undefined;
  /** The elements whose actor has its own observer (the hook and the debug log): it is added once. */
  readonly observed: WeakSet<HTMLElement>;
}

const PAGE_INSPECTION = Symbol.for('cm-material-download.inspection');

/** The page's inspection, made by whichever file gets there first. */
export function pageInspection(): PageInspection {
  const global = globalThis as { [PAGE_INSPECTION]?: PageInspection };
  return (global[PAGE_INSPECTION] ??= { hook: null, live: new Map(), observed: new WeakSet() });
}

/**
 * Sets the debugging hook (what `configure({ inspect })` sets) for elements connected from
 * now on; set it before the elements load to see them all. `null` switches it off.
 *
 * @param next - The hook, or null for none.
 *
 * @example
 * ```ts
 * import { createBrowserInspector } from '@statelyai/inspect';
 *
 * const stately = createBrowserInspector();
 * setInspector((event) => stately.inspect.next?.(event));
 * defineMaterialDownload();
 * ```
 */
export function setInspector(next: MaterialDownloadInspector | null): void {
  pageInspection().hook = next;
  // Loading now, the decoding is likely there before the first elements' steps.
  if (next) withDebugging(() => {});
}

/**
 * The observer for the actor `host` is about to create, or none when nothing
 * inspects it: XState builds no inspection events without one, so most pages
 * pay nothing.
 */
export function observerFor(host: HTMLElement): Observe | undefined {
  const page = pageInspection();
  const own = page.hook || host.hasAttribute('debug') ? ownObserver(host) : undefined;
  const observe = page.observe?.(host);
  const inspector: Observe | undefined =
    observe &&
    ((event) => {
      try {
        observe(event);
      } catch {
        // A broken inspector must not break the element it watches.
      }
    });
  if (!own || !inspector) return own ?? inspector;
  return (event) => {
    own(event);
    inspector(event);
  };
}

/** The element's actor has started: an inspector that loads later finds it. */
export function inspectionStarted(host: HTMLElement, actor: AnyActorRef): void {
  pageInspection().live.set(host, actor);
}

/** A destroyed element leaves: the page's inspection holds no element the page let go of. */
export function inspectionStopped(host: HTMLElement): void {
  pageInspection().live.delete(host);
}

/** `debug` added to a running element: its transitions from now on, once however often it is added. */
export function debugAttributeAdded(host: HTMLElement, actor: AnyActorRef): void {
  if (pageInspection().observed.has(host)) return;
  actor.system.inspect(ownObserver(host));
}

/**
 * The element's own observer: hands each event to the hook when one is set,
 * and logs transitions while the host has a `debug` attribute. Both need the
 * debugging code, which may still be loading: what the event says of the
 * moment (the actor's snapshot, the time, the provider's clock) is taken
 * now, and the event is decoded once the code is there, in order.
 */
function ownObserver(host: HTMLElement): Observe {
  pageInspection().observed.add(host);
  // On its way from now: the element's first steps come next.
  withDebugging(() => {});
  return (event) => {
    const { hook } = pageInspection();
    const debug = host.hasAttribute('debug');
    if (!hook && !debug) return;
    const held = heldSnapshot(event);
    const now = Date.now();
    const aheadBy = debug ? pageWork().transport.clock.aheadBy() : null;
    withDebugging((debugging) => {
      if (!debugging) return;
      const step = debugging.decodeTransition(event, held);
      if (hook) {
        try {
          hook(event, host, step);
        } catch {
          // A broken debugging hook must not break the element it watches.
        }
      }
      const line = debug && debugging.debugLine(host, event, step, now, aheadBy);
      if (line) console.debug(line);
    });
  };
}

/**
 * The snapshot a step leaves, for a decoding that may come later; none while
 * the actor is made (XState's development build throws then).
 */
function heldSnapshot(event: InspectionEvent): { value: unknown } | undefined {
  if (event.type !== '@xstate.microstep') return undefined;
  try {
    return event.actorRef.getSnapshot() as { value: unknown } | undefined;
  } catch {
    return undefined;
  }
}

/** Runs `job` with the debugging code: at once if it is there, else once it is, after those waiting before. */
function withDebugging(job: Job): void {
  const page = pageInspection();
  if (page.debugging !== undefined) return job(page.debugging);
  if (page.waiting) return void page.waiting.push(job);
  page.waiting = [job];
  loadDebugging().then(installDebugging, (error: unknown) => {
    logWarning('the debugging code did not load: no debug log, no inspect hook', error);
    installDebugging(null);
  });
}

/** Puts the debugging code on the page and runs what waited for it. */
function installDebugging(debugging: Debugging | null): void {
  const page = pageInspection();
  page.debugging = debugging;
  const waiting = page.waiting ?? [];
  page.waiting = undefined;
  for (const job of waiting) job(page.debugging);
}

/**
 * While the debugging code is on its way, its arrival, once what waited
 * before has run; else nothing. An element's lookup hands its answer over
 * then, so that the log and the hook tell each step before the page sees it.
 */
export function debuggingArrival(): Promise<void> | undefined {
  const { waiting } = pageInspection();
  return waiting && new Promise((resolve) => waiting.push(() => resolve()));
}
