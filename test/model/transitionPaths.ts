import type { EventObject } from 'xstate';
import type { TestModel } from 'xstate/graph';

interface Edge {
  key: string;
  from: string;
  event: EventObject;
  to: string;
}

/**
 * Paths that together take every transition of the test model, each one a
 * tour of one page: from the initial state it takes a transition not yet
 * taken wherever there is one (those into a final state last, as they end
 * the tour), and otherwise the shortest way to a state that still has one.
 * A tour ends in a final state, or before it would grow past `maxSteps`.
 * (Shortest and simple paths alone skip self-loops such as a second input
 * change while fetching; a path per transition would open a page per
 * transition.)
 *
 * The model's adjacency map keys a state by the route that reached it, so
 * edges are first collapsed onto state values.
 */
export function transitionCoveringPaths(model: TestModel<any, any, any>, { maxSteps = 24 } = {}) {
  const edges = new Map<string, Edge>();
  const finals = new Set<string>();
  const valueKey = (state: { value: unknown }) => JSON.stringify(state.value);
  let initial: string | undefined;
  type Adjacency = Record<
    string,
    {
      state: { value: unknown; status: string };
      transitions: Record<string, { event: EventObject; state: { value: unknown } }>;
    }
  >;
  for (const { state, transitions } of Object.values(model.getAdjacencyMap() as Adjacency)) {
    const from = valueKey(state);
    initial ??= from;
    if (state.status === 'done') finals.add(from);
    for (const { event, state: target } of Object.values(transitions)) {
      const key = `${from} ${event.type}`;
      edges.set(key, { key, from, event, to: valueKey(target) });
    }
  }
  const untaken = new Set(edges.keys());
  const leaving = (state: string) => [...edges.values()].filter((edge) => edge.from === state);
  const hasUntaken = (state: string) => leaving(state).some((edge) => untaken.has(edge.key));

  /** The fewest edges from `start` to a state with an untaken edge; null when none is reachable. */
  const routeOnward = (start: string): Edge[] | null => {
    const routes = new Map<string, Edge[]>([[start, []]]);
    const queue = [start];
    while (queue.length) {
      const state = queue.shift()!;
      if (hasUntaken(state)) return routes.get(state)!;
      for (const edge of leaving(state)) {
        if (routes.has(edge.to)) continue;
        routes.set(edge.to, [...routes.get(state)!, edge]);
        queue.push(edge.to);
      }
    }
    return null;
  };

  const tours: Edge[][] = [];
  while (untaken.size) {
    const tour: Edge[] = [];
    let state = initial!;
    const take = (edge: Edge) => {
      tour.push(edge);
      untaken.delete(edge.key);
      state = edge.to;
    };
    while (tour.length < maxSteps && !finals.has(state)) {
      const next = leaving(state)
        .filter((edge) => untaken.has(edge.key))
        .sort((a, b) => Number(finals.has(a.to)) - Number(finals.has(b.to)))[0];
      if (next) {
        take(next);
        continue;
      }
      const route = routeOnward(state);
      if (!route || tour.length + route.length + 1 > maxSteps) break;
      route.forEach(take);
    }
    if (!tour.length) throw new Error(`unreachable transitions: ${[...untaken].join(', ')}`);
    tours.push(tour);
  }

  const label = (events: EventObject[]) => events.map((event) => event.type).join(' → ');
  return {
    edgeCount: edges.size,
    paths: tours.map((tour) => {
      const events = tour.map((edge) => edge.event);
      const [path] = model.getPathsFromEvents(events);
      if (!path) throw new Error(`no path for ${label(events)}`);
      return path;
    }),
  };
}
