import type { InspectionEvent } from 'xstate';
import { LOG_PREFIX } from '../log';

/**
 * A debugging hook: receives XState's inspection events (including the
 * microsteps through the transient `validating`) with the element they
 * belong to. The Stately inspector's `inspect` fits it as it is.
 */
export type MaterialDownloadInspector = (event: InspectionEvent, host: HTMLElement) => void;

let inspector: MaterialDownloadInspector | null = null;

/** Takes effect at once, for elements that already exist too. */
export function setInspector(next: MaterialDownloadInspector | null): void {
  inspector = next;
}

/** One transition as a readable line, for the `debug` attribute. */
export function describeTransition(
  host: Pick<HTMLElement, 'id' | 'getAttribute'>,
  transition: { from: string; to: string; event: string; href: string | null; error: string | null },
): string {
  const name = host.id
    ? `#${host.id}`
    : ` ${host.getAttribute('article-id') ?? '?'}/${host.getAttribute('type') ?? '?'}`;
  const outcome = transition.error ? `error: ${transition.error}` : `href: ${transition.href ?? 'none'}`;
  return `${LOG_PREFIX.slice(0, -1)}${name}: ${transition.from} → ${transition.to} on ${transition.event} (${outcome})`;
}

interface Microstep {
  actorRef: unknown;
  event: { type: string };
  snapshot: { value: unknown; context?: { href?: string | null; error?: string | null } };
  _transitions: { eventType: string; source: { key: string; parent?: unknown } }[];
}

/**
 * The element's inspection callback: forwards to the hook when one is set,
 * and logs transitions when the host has a `debug` attribute. Both are read
 * per event, so switching them on later works; unused, each event costs a
 * null check and an attribute lookup.
 */
export function inspectorFor(host: HTMLElement): (event: InspectionEvent) => void {
  let state = 'validating';
  return (event) => {
    if (inspector) {
      try {
        inspector(event, host);
      } catch {
        // A broken debugging hook must not break the element it watches.
      }
    }
    if (event.type !== '@xstate.microstep') return;
    const step = event as unknown as Microstep;
    const [transition] = step._transitions;
    // XState reports an event that enabled nothing as a microstep without transitions.
    if (!transition) return;
    const from = transition.source.parent ? transition.source.key : state;
    state = String(step.snapshot.value);
    if (!host.hasAttribute('debug')) return;
    const { href = null, error = null } = step.snapshot.context ?? {};
    console.debug(describeTransition(host, { from, to: state, event: transition.eventType || 'always', href, error }));
  };
}
