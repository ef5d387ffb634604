import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** A state as a diagram shows it: its name, and what it does on entry and while in it. */
export interface StatechartState {
  key: string;
  /** `entry / actions` and `invoke id (src)`, one line each. */
  notes: string[];
  final: boolean;
}

/** One arrow: every transition, with its readable event and its guard and actions named. */
export interface StatechartEdge {
  from: string;
  to: string;
  /** `always`, `done: lookup`, `after retryDelay`, or the event type. */
  event: string;
  /** The event's type as XState names it (`always` for an eventless one): what a logged step's trigger matches. */
  trigger: string;
  guard: string | null;
  actions: string[];
  /** Declared on the machine, not on a state: taken from whichever state at rest the machine is in. */
  anyState: boolean;
}

/** The machine's top-level states and transitions, as data every drawing of it starts from. */
export interface Statechart {
  initial: string;
  states: StatechartState[];
  edges: StatechartEdge[];
}

/**
 * Reads the statechart from the machine's definition, including the eventless
 * (`always`) transitions that xstate/graph's `toDirectedGraph` leaves out.
 * Root-level transitions are drawn from each state they can leave, so every
 * arrow is a real path.
 *
 * @param machine - Any flat XState machine; the element's is `actor.logic`.
 */
export function statechartOf(machine: AnyStateMachine): Statechart {
  const nodes = Object.values(machine.root.states) as AnyStateNode[];
  const edges: StatechartEdge[] = [];
  for (const node of nodes) {
    node.always?.forEach((transition) => edges.push(edgeOf(node.key, transition, 'always', 'always', false)));
    for (const [eventType, transitions] of node.transitions) {
      for (const transition of transitions)
        edges.push(edgeOf(node.key, transition, eventType, eventLabel(eventType, node), false));
    }
  }
  for (const [eventType, transitions] of machine.root.transitions) {
    for (const node of statesLeftByRootEvent(machine, eventType)) {
      for (const transition of transitions) edges.push(edgeOf(node.key, transition, eventType, eventType, true));
    }
  }
  return {
    initial: machine.root.initial?.target[0]?.key ?? nodes[0]?.key ?? '',
    states: nodes.map((node) => ({ key: node.key, notes: describeState(node), final: node.type === 'final' })),
    edges,
  };
}

/**
 * The states a root-level event can leave: those the machine can rest in
 * (not final, and not transient: a state whose `always` has a way out
 * without a guard is left in the step that entered it), unless the state
 * takes the event itself. `idle` rests (its way out is guarded) and takes
 * input changes itself.
 *
 * @param machine - Any flat XState machine.
 * @param eventType - An event the machine's root handles.
 */
export function statesLeftByRootEvent(machine: AnyStateMachine, eventType: string): AnyStateNode[] {
  return (Object.values(machine.root.states) as AnyStateNode[]).filter(
    (node) =>
      node.type !== 'final' &&
      !node.always?.some((transition) => !transition.guard) &&
      !node.transitions.has(eventType),
  );
}

/** UML's `event [guard] / actions`, or less of it. */
export function edgeLabel(edge: StatechartEdge, { actions = true } = {}): string {
  const guard = edge.guard ? ` [${edge.guard}]` : '';
  return `${edge.event}${guard}${actions && edge.actions.length ? ` / ${edge.actions.join(', ')}` : ''}`;
}

function edgeOf(
  from: string,
  transition: AnyTransitionDefinition,
  trigger: string,
  event: string,
  anyState: boolean,
): StatechartEdge {
  return {
    anyState,
    from,
    to: transition.target?.[0]?.key ?? from,
    event,
    trigger,
    guard: transition.guard ? guardName(transition.guard) : null,
    actions: (transition.actions ?? []).map(actionName).filter(Boolean),
  };
}

function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return 'guard';
}

/** `xstate.done.actor.lookup` says less than `done: lookup`. */
function eventLabel(eventType: string, node: AnyStateNode): string {
  const invoked = node.invoke.find((definition) => eventType.endsWith(`.${definition.id}`));
  if (invoked && eventType.startsWith('xstate.done.actor.')) return `done: ${invoked.id}`;
  if (invoked && eventType.startsWith('xstate.error.actor.')) return `error: ${invoked.id}`;
  // `xstate.after.retryDelay.materialDownload.retrying`: the delay's name is what a reader needs.
  const delay = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (delay) return `after ${delay[1]}`;
  return eventType;
}

function describeState(node: AnyStateNode): string[] {
  const notes: string[] = [];
  const entry = node.entry.map((action) => actionName(action)).filter(Boolean);
  if (entry.length) notes.push(`entry / ${entry.join(', ')}`);
  for (const definition of node.invoke)
    notes.push(`invoke ${definition.id} (${typeof definition.src === 'string' ? definition.src : definition.id})`);
  return notes;
}

function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action) return String(action.type);
  return '';
}
