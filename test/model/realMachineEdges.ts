import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { statesLeftByRootEvent } from '../../src/inspector/statechart';

/**
 * Every transition of the real machine as `from -> event[index] -> to`, the
 * labels `decodeTransition` gives the steps the browser trace records.
 * Root-level transitions (input changes, DESTROY) count once per live state
 * they can leave (`statesLeftByRootEvent`: the diagram draws the same arrows). A targetless transition (an input change that
 * leaves the request as it was) is a self-edge: `enabled -> INPUTS.SET[1] -> enabled`.
 */
export function realMachineEdges(machine: AnyStateMachine): Set<string> {
  const children = Object.values(machine.root.states) as AnyStateNode[];
  const edges = new Set<string>();
  const add = (from: string, event: string, index: number, targets: readonly AnyStateNode[] | undefined) => {
    const to = targets?.length ? targets.map((target) => target.key) : [from];
    for (const key of to) edges.add(`${from} -> ${event}[${index}] -> ${key}`);
  };
  for (const [eventType, transitions] of machine.root.transitions) {
    for (const node of statesLeftByRootEvent(machine, eventType))
      transitions.forEach((t, index) => add(node.key, eventType, index, t.target));
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
