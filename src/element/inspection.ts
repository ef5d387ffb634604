import type { InspectionEvent } from 'xstate';
import { LOG_PREFIX } from '../log.js';
import { ATTRIBUTES } from '../machine/attributes.js';
import { decodeTransition, type DecodedTransition } from '../machine/decodeTransition.js';
import { durationWords } from '../machine/durationWords.js';
import { describeRequest } from '../machine/reasons.js';
import { REQUIRED_INPUTS } from '../machine/inputs.js';
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

/** Page-wide, like the options (src/api/config.ts): `configure({ inspect })` from any copy reaches every element. */
const PAGE_INSPECTOR = Symbol.for('cm-material-download.inspector');
type PageInspector = { [PAGE_INSPECTOR]?: MaterialDownloadInspector | null };

function pageInspector(): MaterialDownloadInspector | null {
  return (globalThis as PageInspector)[PAGE_INSPECTOR] ?? null;
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
  (globalThis as PageInspector)[PAGE_INSPECTOR] = next;
}

/**
 * Whether an element starting now needs its transitions inspected. Most
 * pages never do, and XState builds no inspection events without an observer.
 */
export function wantsInspection(host: HTMLElement): boolean {
  return pageInspector() !== null || host.hasAttribute('debug');
}

type DescribedHost = Pick<HTMLElement, 'id' | 'getAttribute'>;

/** `cm-material-download#swatch` or `cm-material-download A-100/pbr`: which element a debug line is about. */
function debugName(host: DescribedHost): string {
  const name = host.id
    ? `#${host.id}`
    : ` ${host.getAttribute('article-id') ?? '?'}/${host.getAttribute('type') ?? '?'}`;
  return `${LOG_PREFIX.slice(0, -1)}${name}`;
}

/** One transition as a readable line, for the `debug` attribute; `now` dates a signed link's life. */
export function describeTransition(host: DescribedHost, step: DecodedTransition, now = Date.now()): string {
  return `${debugName(host)}: ${step.from} → ${step.to} on ${step.trigger} (${outcomeOf(step, now)})`;
}

function outcomeOf({ from, to, trigger, event, context }: DecodedTransition, now: number): string {
  const { href, reason, expiresAt, renewAt } = context;
  if (reason) return reasonLine(context);
  const expiresIn = expiresAt === null ? null : durationWords(expiresAt - now) + clockNote();
  if (to === 'refreshing') return `refreshing the link, it expires in ${expiresIn}`;
  if (from === 'refreshing' && to === 'enabled' && trigger.startsWith('xstate.error.')) {
    const failure = (event.error as { message?: unknown } | undefined)?.message;
    const retryIn = renewAt === null ? '' : `, trying again in ${durationWords(renewAt - now)}`;
    return `refresh failed (${String(failure)}), the link still works for ${expiresIn}${retryIn}`;
  }
  if (from === 'refreshing' && to === 'enabled') return `link refreshed, expires in ${expiresIn}: ${href}`;
  return expiresIn === null ? `href: ${href ?? 'none'}` : `href: ${href}, expires in ${expiresIn}`;
}

/**
 * The reason and the element's own words for it: its message, what was asked
 * for a link the provider has not, or that a signed link ran out. What fixes
 * it is for the inspector and the README's troubleshooting table to say: their
 * sentences stay out of the element's files.
 */
function reasonLine({ reason, error, request }: DecodedTransition['context']): string {
  if (reason === 'not-found' && request) return `not-found: the provider has no ${describeRequest(request)}`;
  if (reason === 'expired') return 'expired: the link ran out before a fresh one came';
  return error === null ? `${reason}` : `${reason}: ${error}`;
}

/**
 * A visitor's clock this far off the provider's is worth a word: it is why a
 * link's life reads other than the URL's dates do on this device.
 */
const NOTABLE_CLOCK_OFFSET_MS = 60_000;

/** ` by the provider's clock, 2 h behind this device's`, where the two are notably apart. */
function clockNote(): string {
  const ahead = pageWork().transport.clock.aheadBy();
  if (ahead === null || Math.abs(ahead) < NOTABLE_CLOCK_OFFSET_MS) return '';
  return ` by the provider's clock, ${durationWords(Math.abs(ahead))} ${ahead < 0 ? 'behind' : 'ahead of'} this device's`;
}

const REQUIRED_ATTRIBUTES = REQUIRED_INPUTS.map((name) => ATTRIBUTES[name].attribute).join(', ');

/** The line for an element that starts `idle`: it takes no step until an input arrives, so no transition says so. */
export function describeWaitingForInputs(host: DescribedHost): string {
  return `${debugName(host)}: idle, waiting for its inputs (none of ${REQUIRED_ATTRIBUTES} is set yet)`;
}

/** The actor's first snapshot, when it stays `idle`: the element waits for its inputs. */
function startsIdle(event: InspectionEvent): boolean {
  return (
    event.type === '@xstate.snapshot' &&
    event.event.type === 'xstate.init' &&
    (event.snapshot as { value?: unknown }).value === 'idle'
  );
}

/**
 * The element's inspection callback: forwards to the hook when one is set,
 * and logs transitions while the host has a `debug` attribute.
 */
export function inspectorFor(host: HTMLElement): (event: InspectionEvent) => void {
  return (event) => {
    const step = decodeTransition(event);
    const inspector = pageInspector();
    if (inspector) {
      try {
        inspector(event, host, step);
      } catch {
        // A broken debugging hook must not break the element it watches.
      }
    }
    if (!host.hasAttribute('debug')) return;
    if (step && step.from !== step.to) console.debug(describeTransition(host, step));
    else if (startsIdle(event)) console.debug(describeWaitingForInputs(host));
  };
}

// Interim: the element's interface to inspection.
import type { AnyActorRef } from 'xstate';
import { channelObserver, enterChannel, leaveChannel } from './inspectorChannel.js';

export function observerFor(host: HTMLElement): ((event: InspectionEvent) => void) | undefined {
  const own = wantsInspection(host) ? inspectorFor(host) : undefined;
  const inspector = channelObserver(host);
  if (!own || !inspector) return own ?? inspector;
  return (event) => {
    own(event);
    inspector(event);
  };
}
const inspectedActors = new WeakSet<AnyActorRef>();
export function inspectionStarted(host: HTMLElement, actor: AnyActorRef): void {
  if (wantsInspection(host)) inspectedActors.add(actor);
  enterChannel(host, actor);
}
export function inspectionStopped(host: HTMLElement): void {
  leaveChannel(host);
}
export function debugAttributeAdded(host: HTMLElement, actor: AnyActorRef): void {
  if (inspectedActors.has(actor)) return;
  inspectedActors.add(actor);
  actor.system.inspect(inspectorFor(host));
}
