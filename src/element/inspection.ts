import type { InspectionEvent } from 'xstate';
import { LOG_PREFIX } from '../log';
import { createTransitionDecoder, type DecodedTransition } from '../machine/decodeTransition';

/**
 * A debugging hook: receives XState's inspection events with the element
 * they belong to and, for each step between states (including the passes
 * through the transient `validating`), that step decoded. The Stately
 * inspector's `inspect` fits it as it is.
 */
export type MaterialDownloadInspector = (
  event: InspectionEvent,
  host: HTMLElement,
  transition: DecodedTransition | null,
) => void;

let inspector: MaterialDownloadInspector | null = null;

/** Takes effect at once, for elements that already exist too. */
export function setInspector(next: MaterialDownloadInspector | null): void {
  inspector = next;
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
 * and logs transitions when the host has a `debug` attribute. Both are read
 * per event, so switching them on later works.
 */
export function inspectorFor(host: HTMLElement): (event: InspectionEvent) => void {
  const decode = createTransitionDecoder();
  return (event) => {
    const step = decode(event);
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
