import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * The machine as a Mermaid `stateDiagram-v2`, read from its definition (UML
 * labels: `event [guard] / actions`):
 * states with their entry actions and invoked actors, and every transition
 * with its event and guard, including the eventless (`always`) ones that
 * xstate/graph's `toDirectedGraph` leaves out. Root-level transitions are
 * drawn from each state they can leave, so every arrow is a real path.
 */
export function toMermaid(machine: AnyStateMachine): string {
  const states = Object.values(machine.root.states) as AnyStateNode[];
  const atRest = states.filter((node) => node.type !== 'final' && !node.always?.length);
  const lines = ['stateDiagram-v2', `  [*] --> ${machine.root.initial?.target[0]?.key}`];

  // Mermaid shows a description instead of the state's name, so the label carries both.
  for (const node of states) {
    const notes = describeState(node);
    if (notes.length) lines.push(`  state "${[node.key, ...notes].join('<br/>')}" as ${node.key}`);
  }
  for (const node of states) {
    node.always?.forEach((transition) => lines.push(arrow(node.key, transition, 'always')));
    for (const [eventType, transitions] of node.transitions) {
      for (const transition of transitions) lines.push(arrow(node.key, transition, eventLabel(eventType, node)));
    }
  }
  for (const [eventType, transitions] of machine.root.transitions) {
    for (const node of atRest) {
      for (const transition of transitions) lines.push(arrow(node.key, transition, eventType));
    }
  }
  for (const node of states) if (node.type === 'final') lines.push(`  ${node.key} --> [*]`);
  return `${lines.join('\n')}\n`;
}

function arrow(from: string, transition: AnyTransitionDefinition, label: string): string {
  const to = transition.target?.[0]?.key ?? from;
  const guard = transition.guard ? ` [${guardName(transition.guard)}]` : '';
  const actions = (transition.actions ?? []).map(actionName).filter(Boolean);
  return `  ${from} --> ${to}: ${label}${guard}${actions.length ? ` / ${actions.join(', ')}` : ''}`;
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
