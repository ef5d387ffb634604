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
 * Turns one of XState's inspection events into the transition it took: null
 * for every event that is not a step between states. It reads the
 * microstep's `_transitions`, a field XState marks internal, so it stays
 * inside the package (the debug log, the inspector) and out of every public
 * entry: `xstate` can then take a semver range. Root-level transitions
 * (input changes, DESTROY) name the machine as their source; they are always
 * the first step of a macrostep, taken while the actor still holds the
 * snapshot it is leaving, so that names the state they leave.
 *
 * @param event - Any of XState's inspection events.
 * @param held - The snapshot the actor held as the event came, for a decoding that comes later;
 *   by default the actor's own now.
 * @returns The step between states it stands for, or null.
 *
 * @example
 * ```ts
 * createActor(materialDownloadMachine, {
 *   input: { inputs: { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' } },
 *   inspect: (event) => console.log(decodeTransition(event)?.edge), // e.g. "fetching -> xstate.done.actor.lookup[0] -> enabled"
 * });
 * ```
 */
export function decodeTransition(event: InspectionEvent, held?: { value: unknown }): DecodedTransition | null {
  if (event.type !== '@xstate.microstep') return null;
  const step = event as unknown as Microstep;
  // XState reports an event that enabled nothing as a microstep without transitions. The field is
  // XState's internal one: another XState that lacks it costs the debug log its lines, never an error.
  const [transition] = step._transitions ?? [];
  if (!transition) return null;
  const { source, eventType } = transition;
  const from = source.parent ? source.key : String((held ?? stateLeft(step.actorRef)).value);
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

function stateLeft(actorRef: Microstep['actorRef']): { value: unknown } {
  // A root-level transition answers an event, and an actor takes events only once its first snapshot
  // is made (even one that an invoked actor sends back while the machine starts): there always is one.
  // The machine is flat: every state value is a string.
  return actorRef.getSnapshot();
}
