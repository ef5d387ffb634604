import type { InspectionEvent } from 'xstate';
import type { MaterialDownloadContext } from './materialDownload.machine';

/** One transition the machine took, in the words the debug log, the inspector and the tests use. */
export interface DecodedTransition {
  /** The actor (one per element) that took it. */
  actorRef: object;
  from: string;
  to: string;
  /** The event's type, or `always` for an eventless step out of a transient state. */
  trigger: string;
  /** The event being processed: for an eventless step, the event that led to it. */
  event: { type: string; [key: string]: unknown };
  /** `from -> trigger[index] -> to`: which of the candidate transitions for that trigger was taken. */
  edge: string;
  context: Pick<MaterialDownloadContext, 'inputs' | 'href' | 'error'>;
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
  actorRef: object;
  event: DecodedTransition['event'];
  snapshot: { value: unknown; context: MaterialDownloadContext };
  _transitions: readonly TransitionDefinition[];
}

/**
 * Turns XState's inspection events into transitions: null for every event
 * that is not a step between states. Root-level transitions (input changes,
 * DESTROY) name the machine as their source, so the decoder remembers each
 * actor's last state; make one decoder per inspector.
 *
 * @example
 * const decode = createTransitionDecoder();
 * createActor(machine, { inspect: (event) => { const step = decode(event); if (step) console.log(step.edge); } });
 */
export function createTransitionDecoder(): (event: InspectionEvent) => DecodedTransition | null {
  const lastState = new WeakMap<object, string>();
  return (event) => {
    if (event.type !== '@xstate.microstep') return null;
    const step = event as unknown as Microstep;
    // XState reports an event that enabled nothing as a microstep without transitions.
    const [transition] = step._transitions;
    if (!transition) return null;
    const { source, eventType } = transition;
    const from = source.parent ? source.key : (lastState.get(step.actorRef) ?? 'validating');
    const to = String(step.snapshot.value);
    lastState.set(step.actorRef, to);
    const trigger = eventType || 'always';
    const candidates = eventType ? (source.transitions.get(eventType) ?? []) : (source.always ?? []);
    const { inputs, href, error } = step.snapshot.context;
    return {
      actorRef: step.actorRef,
      from,
      to,
      trigger,
      event: step.event,
      edge: `${from} -> ${trigger}[${candidates.indexOf(transition)}] -> ${to}`,
      context: { inputs: { ...inputs }, href, error },
    };
  };
}

/** A decoder for one-off use, e.g. in a test that follows a single actor. */
export const decodeTransition = createTransitionDecoder();
