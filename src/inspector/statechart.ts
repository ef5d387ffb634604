import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** A state as a diagram shows it: its name, and what it does on entry and while in it. */
interface StatechartState {
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
  /** XState's event type (`always` for an eventless one): what a logged step's trigger matches. */
  trigger: string;
  guard: string | null;
  actions: string[];
  /** Declared on the machine, not on a state: taken from whichever state at rest the machine is in. */
  anyState: boolean;
}

export interface Statechart {
  initial: string;
  states: StatechartState[];
  edges: StatechartEdge[];
}

/**
 * The machine's top-level states and transitions, with the eventless ones that
 * xstate/graph leaves out; a root-level transition is an edge from each state it can leave.
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
 * The states a root-level event can leave: those the machine rests in (not final, no unguarded
 * `always` out) that do not take the event themselves.
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
    guard: transition.guard ? implementationName(transition.guard, 'guard') : null,
    actions: (transition.actions ?? []).map((action) => implementationName(action)).filter(Boolean),
  };
}

/** A guard or action by name, whether given as a string or as `{ type }`. */
function implementationName(implementation: unknown, fallback = ''): string {
  if (typeof implementation === 'string') return implementation;
  if (typeof implementation === 'object' && implementation !== null && 'type' in implementation)
    return String(implementation.type);
  return fallback;
}

/** `xstate.done.actor.lookup` says less than `done: lookup`, `xstate.after.retryDelay.…` less than `after retryDelay`. */
function eventLabel(eventType: string, node: AnyStateNode): string {
  const invoked = node.invoke.find((definition) => eventType.endsWith(`.${definition.id}`));
  if (invoked && eventType.startsWith('xstate.done.actor.')) return `done: ${invoked.id}`;
  if (invoked && eventType.startsWith('xstate.error.actor.')) return `error: ${invoked.id}`;
  const delay = /^xstate\.after\.([^.]+)\./.exec(eventType);
  return delay ? `after ${delay[1]}` : eventType;
}

function describeState(node: AnyStateNode): string[] {
  const entry = node.entry.map((action) => implementationName(action)).filter(Boolean);
  return [
    ...(entry.length ? [`entry / ${entry.join(', ')}`] : []),
    ...node.invoke.map(({ id, src }) => `invoke ${id} (${typeof src === 'string' ? src : id})`),
  ];
}
