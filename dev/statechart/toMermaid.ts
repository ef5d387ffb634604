import type { AnyStateMachine } from 'xstate';
import { edgeLabel, statechartOf } from '../../src/inspector/statechart';

/**
 * The machine as a Mermaid `stateDiagram-v2` (UML labels: `event [guard] / actions`),
 * from the same reading of the machine the inspector draws.
 */
export function toMermaid(machine: AnyStateMachine): string {
  const { initial, states, edges } = statechartOf(machine);
  const lines = ['stateDiagram-v2', `  [*] --> ${initial}`];
  // Mermaid shows a description instead of the state's name, so the label carries both.
  for (const { key, notes } of states) {
    if (notes.length) lines.push(`  state "${[key, ...notes].join('<br/>')}" as ${key}`);
  }
  for (const edge of edges) lines.push(`  ${edge.from} --> ${edge.to}: ${edgeLabel(edge)}`);
  for (const { key, final } of states) if (final) lines.push(`  ${key} --> [*]`);
  return `${lines.join('\n')}\n`;
}
