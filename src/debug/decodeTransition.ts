import type { InspectionEvent } from 'xstate';
import type { MaterialDownloadContext } from '../machine/materialDownload.types.js';

/**
 * One transition the machine took, in the words the debug log, the inspector and the tests use.
 *
 * @example
 * ```ts
 * const line = ({ from, to, trigger }: DecodedTransition) => `${from} → ${to} on ${trigger}`;
 * ```
 */
export interface DecodedTransition {
  /** The actor (one per element) that took it. */
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

interface TransitionDefinition {
  eventType: string;
  source: {
    key: string;
    parent?: unknown;
    transitions: Map<string, readonly unknown[]>;
    always?: readonly unknown[];
  };
}

interface Microstep {
  type: '@xstate.microstep';
  actorRef: { getSnapshot(): { value: unknown } };
  event: DecodedTransition['event'];
  snapshot: { value: unknown; context: MaterialDownloadContext };
  _transitions?: readonly TransitionDefinition[];
}

/**
 * The step between states an inspection event stands for, or null. It reads XState's internal
 * `_transitions`, so it stays out of every public entry and `xstate` can take a semver range.
 * Root-level transitions (input changes, DESTROY) name the machine as source; as the first step of a
 * macrostep they come while the actor still holds the snapshot they leave (`held`, to decode later).
 *
 * @example
 * ```ts
 * // Logs e.g. "fetching -> xstate.done.actor.lookup[0] -> enabled":
 * const inspect = (event: InspectionEvent) => console.log(decodeTransition(event)?.edge);
 * ```
 */
export function decodeTransition(event: InspectionEvent, held?: { value: unknown }): DecodedTransition | null {
  if (event.type !== '@xstate.microstep') return null;
  const step = event as unknown as Microstep;
  // None for an event that enabled nothing, or from an XState without this internal field: no line, no error.
  const [transition] = step._transitions ?? [];
  if (!transition) return null;
  const { source, eventType } = transition;
  // An actor takes events only once its first snapshot is made; the machine is flat: values are strings.
  const from = source.parent ? source.key : String((held ?? step.actorRef.getSnapshot()).value);
  const to = String(step.snapshot.value);
  const trigger = eventType || 'always';
  const candidates = eventType ? (source.transitions.get(eventType) ?? []) : (source.always ?? []);
  const { inputs, request, href, error, reason, expiresAt, renewAt } = step.snapshot.context;
  return {
    actorRef: step.actorRef,
    from,
    to,
    trigger,
    event: step.event,
    edge: `${from} -> ${trigger}[${candidates.indexOf(transition)}] -> ${to}`,
    context: { inputs: { ...inputs }, request, href, error, reason, expiresAt, renewAt },
  };
}
