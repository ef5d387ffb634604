import { layout } from 'dagre-d3-es/src/dagre/index.js';
import { Graph } from 'dagre-d3-es/src/graphlib/index.js';
import { edgeLabel, type Statechart } from './statechart.js';

const SVG = 'http://www.w3.org/2000/svg';
/** Text is measured without the DOM, for a monospace font of this size: the layout needs no reflow. */
const FONT_SIZE = 11;
const CHAR_WIDTH = FONT_SIZE * 0.62;
const LINE_HEIGHT = 14;
const START = '[*]';
const EVERY_STATE = 'from every state at rest: ';
const END = '[*]end';

interface Box {
  width: number;
  height: number;
  x: number;
  y: number;
}
/** dagre's options in, the drawing's size out. */
interface GraphLabel {
  rankdir: 'TB';
  nodesep: number;
  ranksep: number;
  edgesep: number;
  marginx: number;
  marginy: number;
  width?: number;
  height?: number;
}
interface NodeLabel extends Box {
  lines: string[];
}
interface EdgeLabel extends Box {
  label: string;
  title: string;
  from: string;
  to: string;
  trigger: string;
  labelpos: 'c';
  points: { x: number; y: number }[];
}

/**
 * The statechart as SVG, laid out by dagre (the layout Mermaid uses, without
 * the rest of Mermaid): a box per state, named `data-state`, and an arrow per
 * transition, named `data-from` and `data-to`, so a view can highlight them.
 * A transition every state at rest takes (an input change, DESTROY) would be
 * an arrow from each of them; it is one line under the drawing instead. Each
 * arrow and line carries its `data-trigger` (XState's event type), so a view
 * can mark the one a logged step took.
 *
 * @param chart - The statechart, from `statechartOf(machine)`.
 */
export function drawStatechart(chart: Statechart): SVGSVGElement {
  const graph = new Graph<GraphLabel, NodeLabel, EdgeLabel>({ multigraph: true });
  graph.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 36, edgesep: 12, marginx: 8, marginy: 8 });
  graph.setNode(START, box([]));
  for (const { key, notes } of chart.states) graph.setNode(key, box([key, ...notes]));
  graph.setEdge(START, chart.initial, edge(START, chart.initial, '', '', ''), 'start');
  if (chart.states.some((state) => state.final)) graph.setNode(END, box([]));
  const fromEveryState = new Map<string, { line: string; trigger: string; to: string }>();
  chart.edges.forEach((transition, index) => {
    if (transition.anyState) {
      const label = edgeLabel(transition, { actions: false });
      const same = transition.from === transition.to;
      fromEveryState.set(`${label}:${same ? '' : transition.to}`, {
        line: `${label} → ${same ? 'the same state' : transition.to}`,
        trigger: transition.trigger,
        to: same ? '' : transition.to,
      });
      return;
    }
    graph.setEdge(
      transition.from,
      transition.to,
      edge(
        transition.from,
        transition.to,
        transition.trigger,
        edgeLabel(transition, { actions: false }),
        edgeLabel(transition),
      ),
      index,
    );
  });
  for (const { key, final } of chart.states) if (final) graph.setEdge(key, END, edge(key, END, '', '', ''), 'end');
  layout(graph, {});

  const notes = [...fromEveryState.values()];
  const { width: graphWidth = 0, height: graphHeight = 0 } = graph.graph() ?? {};
  const width = Math.max(graphWidth, ...notes.map(({ line }) => (line.length + EVERY_STATE.length) * CHAR_WIDTH + 16));
  const height = graphHeight + notes.length * LINE_HEIGHT + 8;
  const svg = element('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img' });
  svg.append(
    element('title', {}, 'statechart'),
    arrowHead(),
    ...graph.edges().map((id) => drawEdge(graph.edge(id)!)),
    ...graph.nodes().map((key) => drawNode(key, graph.node(key)!)),
    ...notes.map(({ line, trigger, to }, index) =>
      element(
        'text',
        {
          x: 8,
          y: graphHeight + LINE_HEIGHT * (index + 1),
          class: 'every-state',
          'data-trigger': trigger,
          'data-to': to,
        },
        `${EVERY_STATE}${line}`,
      ),
    ),
  );
  return svg;
}

function box(lines: string[]): NodeLabel {
  if (!lines.length) return { lines, width: 14, height: 14, x: 0, y: 0 };
  const longest = Math.max(...lines.map((line) => line.length));
  return { lines, width: longest * CHAR_WIDTH + 20, height: lines.length * LINE_HEIGHT + 12, x: 0, y: 0 };
}

function edge(from: string, to: string, trigger: string, label: string, title: string): EdgeLabel {
  const size = label ? { width: label.length * CHAR_WIDTH + 6, height: LINE_HEIGHT } : { width: 0, height: 0 };
  return { ...size, label, title, from, to, trigger, labelpos: 'c', x: 0, y: 0, points: [] };
}

function drawNode(key: string, node: NodeLabel): SVGGElement {
  const group = element('g', { class: node.lines.length ? 'state' : 'pseudo', 'data-state': key });
  const left = node.x - node.width / 2;
  const top = node.y - node.height / 2;
  if (!node.lines.length) {
    group.append(element('circle', { cx: node.x, cy: node.y, r: key === END ? 6 : 7 }));
    return group;
  }
  group.append(element('rect', { x: left, y: top, width: node.width, height: node.height, rx: 8 }));
  node.lines.forEach((line, index) =>
    group.append(
      element('text', { x: node.x, y: top + 6 + LINE_HEIGHT * (index + 0.8), class: index ? 'note' : 'name' }, line),
    ),
  );
  return group;
}

function drawEdge(edge: EdgeLabel): SVGGElement {
  const group = element('g', {
    class: 'transition',
    'data-from': edge.from,
    'data-to': edge.to,
    'data-trigger': edge.trigger,
  });
  const [first, ...rest] = edge.points;
  const path = first ? `M${first.x},${first.y}${rest.map(({ x, y }) => `L${x},${y}`).join('')}` : '';
  group.append(element('path', { d: path, 'marker-end': 'url(#arrow)' }));
  if (edge.label) {
    group.append(element('title', {}, edge.title), element('text', { x: edge.x, y: edge.y + 4 }, edge.label));
  }
  return group;
}

function arrowHead(): SVGDefsElement {
  const defs = element('defs', {});
  const marker = element('marker', {
    id: 'arrow',
    viewBox: '0 0 10 10',
    refX: 9,
    refY: 5,
    markerWidth: 7,
    markerHeight: 7,
    orient: 'auto-start-reverse',
  });
  marker.append(element('path', { d: 'M0,0L10,5L0,10z' }));
  defs.append(marker);
  return defs;
}

function element<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}
