import type { InspectionEvent } from 'xstate';
import { LOG_PREFIX } from '../log.js';
import { decodeTransition, type DecodedTransition } from '../machine/decodeTransition.js';

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

let inspector: MaterialDownloadInspector | null = null;

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
  inspector = next;
}

/**
 * Whether an element starting now needs its transitions inspected. Most
 * pages never do, and XState builds no inspection events without an observer.
 */
export function wantsInspection(host: HTMLElement): boolean {
  return inspector !== null || host.hasAttribute('debug');
}

/** One transition as a readable line, for the `debug` attribute. */
export function describeTransition(host: Pick<HTMLElement, 'id' | 'getAttribute'>, step: DecodedTransition): string {
  const name = host.id
    ? `#${host.id}`
    : ` ${host.getAttribute('article-id') ?? '?'}/${host.getAttribute('type') ?? '?'}`;
  const { href, error } = step.context;
  const outcome = error ? `error: ${error}` : `href: ${href ?? 'none'}`;
  return `${LOG_PREFIX.slice(0, -1)}${name}: ${step.from} → ${step.to} on ${step.trigger} (${outcome})`;
}

/**
 * The element's inspection callback: forwards to the hook when one is set,
 * and logs transitions while the host has a `debug` attribute.
 */
export function inspectorFor(host: HTMLElement): (event: InspectionEvent) => void {
  return (event) => {
    const step = decodeTransition(event);
    if (inspector) {
      try {
        inspector(event, host, step);
      } catch {
        // A broken debugging hook must not break the element it watches.
      }
    }
    if (step && step.from !== step.to && host.hasAttribute('debug')) console.debug(describeTransition(host, step));
  };
}
