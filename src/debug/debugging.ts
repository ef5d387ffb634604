import type { InspectionEvent } from 'xstate';
import { LOG_PREFIX } from '../log.js';
import type { MaterialDownloadContext } from '../machine/materialDownload.types.js';
import { ATTRIBUTES } from '../machine/attributes.js';
import { REQUIRED_INPUTS, type LinkRequest } from '../machine/inputs.js';

/**
 * One transition the machine took, in the words the debug log, the inspector and the tests use.
 * @example `const line = ({ from, to, trigger }: DecodedTransition) => [from, '→', to, 'on', trigger].join(' ');`
 */
export interface DecodedTransition {
  /** The actor, one per element. */
  actorRef: object;
  /** The state left. */
  from: string;
  /** The state entered; the same as `from` for a transition that only remembers new inputs. */
  to: string;
  /** The event's type, or `always` for an eventless step out of a transient state. */
  trigger: string;
  /** The event being processed: for an eventless step, the event that led to it. */
  event: { type: string; [key: string]: unknown };
  /** `from -> trigger[index] -> to`: which of the candidate transitions for that trigger was taken. */
  edge: string;
  /** The context after the transition: inputs, request, link and its life, error and reason. */
  context: Pick<MaterialDownloadContext, 'inputs' | 'request' | 'href' | 'error' | 'reason' | 'expiresAt' | 'renewAt'>;
}

/** A microstep as read here, XState's private `_transitions` among it. */
interface Microstep {
  actorRef: { getSnapshot(): { value: unknown } };
  event: DecodedTransition['event'];
  snapshot: { value: unknown; context: MaterialDownloadContext };
  _transitions?: readonly { eventType: string; source: TransitionSource }[];
}
type TransitionSource = { key: string; parent?: unknown; transitions: Map<string, unknown[]>; always?: unknown[] };

/**
 * The step an inspection event stands for, or null, read from XState's internal `_transitions`. A root-level step
 * (new inputs, DESTROY) names the machine as its source: `from` is the actor's snapshot, or `held` if decoded later.
 * @example `const inspect = (event: InspectionEvent) => console.log(decodeTransition(event)?.edge);`
 */
export function decodeTransition(event: InspectionEvent, held?: { value: unknown }): DecodedTransition | null {
  if (event.type !== '@xstate.microstep') return null;
  const step = event as unknown as Microstep;
  // None for an event that enabled nothing, or from an XState without this internal field: no line, no error.
  const [transition] = step._transitions ?? [];
  if (!transition) return null;
  const { source, eventType } = transition;
  // The machine is flat: values are strings.
  const from = source.parent ? source.key : String((held ?? step.actorRef.getSnapshot()).value);
  const to = String(step.snapshot.value);
  const trigger = eventType || 'always';
  const candidates = eventType ? (source.transitions.get(eventType) ?? []) : (source.always ?? []);
  const { inputs, request, href, error, reason, expiresAt, renewAt } = step.snapshot.context;
  const edge = `${from} -> ${trigger}[${candidates.indexOf(transition)}] -> ${to}`;
  const context = { inputs: { ...inputs }, request, href, error, reason, expiresAt, renewAt };
  return { actorRef: step.actorRef, from, to, trigger, event: step.event, edge, context };
}

type Host = Pick<HTMLElement, 'id' | 'getAttribute'>;

/** `cm-material-download#swatch` or `cm-material-download A-100/pbr`: which element a debug line is about. */
function debugName(host: Host): string {
  const attribute = (name: string) => host.getAttribute(name) ?? '?';
  return LOG_PREFIX.slice(0, -1) + (host.id ? `#${host.id}` : ` ${attribute('article-id')}/${attribute('type')}`);
}

/** `now` dates a link's life; `aheadBy` is the provider's clock's lead (null: unknown). */
export function describeTransition(host: Host, step: DecodedTransition, now = Date.now(), aheadBy?: number | null) {
  return `${debugName(host)}: ${step.from} → ${step.to} on ${step.trigger} (${outcomeOf(step, now, aheadBy)})`;
}

function outcomeOf({ from, to, trigger, event, context }: DecodedTransition, now: number, aheadBy?: number | null) {
  const { href, reason, error, request, expiresAt, renewAt } = context;
  if (trigger === 'REFRESH') return `${REFRESH_CAUSES[event.cause as 'refresh']}: looking the link up again`;
  if (reason === 'not-found' && request) return `not-found: the provider has no ${describeRequest(request)}`;
  if (reason === 'expired') return 'expired: the link ran out before a fresh one came';
  if (reason) return error === null ? reason : `${reason}: ${error}`;
  const expiresIn = expiresAt === null ? null : durationWords(expiresAt - now) + clockNote(aheadBy);
  if (to === 'refreshing') return `refreshing the link, it expires in ${expiresIn}`;
  if (from === 'refreshing' && to === 'enabled' && trigger.startsWith('xstate.error.')) {
    const failure = (event.error as { message?: unknown } | undefined)?.message;
    const retryIn = renewAt === null ? '' : `, trying again in ${durationWords(renewAt - now)}`;
    return `refresh failed (${String(failure)}), the link still works for ${expiresIn}${retryIn}`;
  }
  if (from === 'refreshing' && to === 'enabled') return `link refreshed, expires in ${expiresIn}: ${href}`;
  const shown = expiresIn === null ? `href: ${href ?? 'none'}` : `href: ${href}, expires in ${expiresIn}`;
  return from === 'validating' && to === 'enabled' ? `resolved on the server, ${shown}` : shown;
}

const REFRESH_CAUSES = { refresh: 'refresh() was called', credentials: 'the credentials changed in another tab' };

/** Why a link's life differs from its URL's, from a minute apart: ` by the provider's clock, 2 h behind this device's`. */
function clockNote(aheadBy?: number | null): string {
  if (!aheadBy || Math.abs(aheadBy) < 60_000) return '';
  const direction = aheadBy < 0 ? 'behind' : 'ahead of';
  return ` by the provider's clock, ${durationWords(Math.abs(aheadBy))} ${direction} this device's`;
}

/** The `debug` attribute's line for one inspection event, or null for an event it does not log. */
export function debugLine(
  host: Host,
  event: InspectionEvent,
  step: DecodedTransition | null,
  now: number,
  aheadBy: number | null,
) {
  // A refresh may stay where it is (`refreshing` again) and still sends a lookup.
  if (step && (step.from !== step.to || step.trigger === 'REFRESH'))
    return describeTransition(host, step, now, aheadBy);
  // An element that starts `idle` takes no step until an input arrives: no transition says it waits.
  const startsIdle = event.type === '@xstate.snapshot' && event.event.type === 'xstate.init';
  if (!startsIdle || (event.snapshot as { value?: unknown }).value !== 'idle') return null;
  const required = REQUIRED_INPUTS.map((name) => ATTRIBUTES[name].attribute).join(', ');
  return `${debugName(host)}: idle, waiting for its inputs (none of ${required} is set yet)`;
}

/** As precise as a reader needs it: `400 ms`, `1.6 s`, `42 s`, `14 min`, `3 h`. */
function durationWords(ms: number): string {
  const rounded = Math.max(0, Math.round(ms));
  if (rounded < 1000) return `${rounded} ms`;
  if (rounded < 10_000) return `${(rounded / 1000).toFixed(1)} s`;
  const [unit, size] = rounded < 60_000 ? ['s', 1000] : rounded < 3_600_000 ? ['min', 60_000] : ['h', 3_600_000];
  return `${Math.round(rounded / size)} ${unit}`;
}

type Hook = (event: InspectionEvent, host: HTMLElement, step: DecodedTransition | null) => void;
/** What an element's observer read as the event happened. */
type Moment = { hook: Hook | null; debug: boolean; held?: { value: unknown }; now: number; aheadBy: number | null };

/** One inspection event to the `inspect` hook and, for an element with `debug`, to the console. */
function report(host: HTMLElement, event: InspectionEvent, { hook, debug, held, now, aheadBy }: Moment) {
  const step = decodeTransition(event, held);
  try {
    hook?.(event, host, step);
  } catch {
    // A broken hook must not break the element it watches.
  }
  const line = debug && debugLine(host, event, step, now, aheadBy);
  if (line) console.debug(line);
}

/** Loaded only to debug or inspect; shared by every copy on the page, so `debugLine` stays for earlier ones. */
export const debugging = { decodeTransition, debugLine, report };
export type Debugging = typeof debugging;

/** What was asked for, in words: `thumbnail 10x10cm for A-100 of org-1`. */
export function describeRequest(request: LinkRequest): string {
  const size = request.kind === 'thumbnail' ? request.assignmentType.replace(/^THUMBNAIL_|_(?=CM$|IN$)/g, '') : null;
  const details = [size, request.resolution, request.fileType].filter(Boolean).map((word) => word!.toLowerCase());
  return [request.kind, ...details, 'for', request.articleId, 'of', request.organizationId].join(' ');
}
