import type { AnyStateMachine, AnyStateNode } from 'xstate';

/**
 * Every transition of the real machine as `from -> event[index] -> to`, the
 * same labels the browser trace records. Root-level transitions (input
 * changes, DESTROY) count once per live state they can leave; transient
 * states (with `always`) are never at rest, so root events cannot leave them.
 */
export function realMachineEdges(machine: AnyStateMachine): Set<string> {
  const children = Object.values(machine.root.states) as AnyStateNode[];
  const atRest = children.filter((node) => node.type !== 'final' && !node.always?.length);
  const edges = new Set<string>();
  const add = (from: string, event: string, index: number, targets: readonly AnyStateNode[] | undefined) => {
    for (const target of targets ?? []) edges.add(`${from} -> ${event}[${index}] -> ${target.key}`);
  };
  for (const [eventType, transitions] of machine.root.transitions) {
    for (const node of atRest) transitions.forEach((t, index) => add(node.key, eventType, index, t.target));
  }
  for (const node of children) {
    for (const [eventType, transitions] of node.transitions) {
      transitions.forEach((t, index) => add(node.key, eventType, index, t.target));
    }
    node.always?.forEach((t, index) => add(node.key, 'always', index, t.target));
  }
  return edges;
}

export function realMachineStates(machine: AnyStateMachine): string[] {
  return Object.keys(machine.root.states);
}
