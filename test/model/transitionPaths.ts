import type { EventObject } from 'xstate';
import type { TestModel } from 'xstate/graph';

/**
 * Paths that together take every transition of the test model: for each
 * edge, the shortest way to its source, then the edge; paths that are a
 * prefix of another are dropped. (Shortest and simple paths alone skip
 * self-loops such as a second input change while fetching.)
 *
 * The model's adjacency map keys a state by the route that reached it, so
 * edges are first collapsed onto state values.
 */
export function transitionCoveringPaths(model: TestModel<any, any, any>) {
  const edges = new Map<string, { from: string; event: EventObject; to: string }>();
  const valueKey = (state: { value: unknown }) => JSON.stringify(state.value);
  let initial: string | undefined;
  type Adjacency = Record<
    string,
    { state: { value: unknown }; transitions: Record<string, { event: EventObject; state: { value: unknown } }> }
  >;
  for (const { state, transitions } of Object.values(model.getAdjacencyMap() as Adjacency)) {
    initial ??= valueKey(state);
    for (const { event, state: target } of Object.values(transitions)) {
      const from = valueKey(state);
      edges.set(`${from} ${event.type}`, { from, event, to: valueKey(target) });
    }
  }
  const routeTo = new Map<string, EventObject[]>([[initial!, []]]);
  const queue = [initial!];
  while (queue.length) {
    const from = queue.shift()!;
    for (const edge of edges.values()) {
      if (edge.from !== from || routeTo.has(edge.to)) continue;
      routeTo.set(edge.to, [...routeTo.get(from)!, edge.event]);
      queue.push(edge.to);
    }
  }
  const label = (events: EventObject[]) => events.map((event) => event.type).join(' → ');
  const sequences = [...edges.values()].map((edge) => [...routeTo.get(edge.from)!, edge.event]);
  const isPrefixOfAnother = (sequence: EventObject[]) =>
    sequences.some((other) => other.length > sequence.length && label(other).startsWith(`${label(sequence)} → `));
  const kept = [...new Map(sequences.filter((s) => !isPrefixOfAnother(s)).map((s) => [label(s), s])).values()];
  return {
    edgeCount: edges.size,
    stateCount: routeTo.size,
    paths: kept.map((events) => {
      const [path] = model.getPathsFromEvents(events);
      if (!path) throw new Error(`no path for ${label(events)}`);
      return path;
    }),
  };
}
