import { layout } from 'dagre-d3-es/src/dagre/index.js';
import { Graph } from 'dagre-d3-es/src/graphlib/index.js';
import { edgeLabel, type Statechart } from './statechart.js';
import type { TransitionEntry } from './transitionLog.js';

/** Text is measured without the DOM, for a monospace font of this size: the layout needs no reflow. */
const CHAR_WIDTH = 11 * 0.62;
const LINE_HEIGHT = 14;
const START = '[*]';
const END = '[*]end';
const EVERY_STATE = 'from every state at rest: ';

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
 * The statechart as SVG, laid out by dagre (Mermaid's layout without Mermaid). States carry
 * `data-state`, arrows `data-from`, `data-to` and `data-trigger`, for markStatechart. A transition
 * from every state at rest would be an arrow from each: it is one line under the drawing instead.
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
    const { from, to, trigger } = transition;
    const label = edgeLabel(transition, { actions: false });
    if (!transition.anyState) {
      graph.setEdge(from, to, edge(from, to, trigger, label, edgeLabel(transition)), index);
      return;
    }
    const target = from === to ? '' : to;
    fromEveryState.set(`${label}:${target}`, {
      line: `${EVERY_STATE}${label} → ${target || 'the same state'}`,
      trigger,
      to: target,
    });
  });
  for (const { key, final } of chart.states) if (final) graph.setEdge(key, END, edge(key, END, '', '', ''), 'end');
  layout(graph, {});

  const notes = [...fromEveryState.values()];
  const { width: graphWidth = 0, height: graphHeight = 0 } = graph.graph() ?? {};
  const width = Math.max(graphWidth, ...notes.map(({ line }) => line.length * CHAR_WIDTH + 16));
  const height = graphHeight + notes.length * LINE_HEIGHT + 8;
  return svg(
    'svg',
    { viewBox: `0 0 ${width} ${height}`, role: 'img' },
    svg('title', {}, 'statechart'),
    svg(
      'defs',
      {},
      svg(
        'marker',
        {
          id: 'arrow',
          viewBox: '0 0 10 10',
          refX: 9,
          refY: 5,
          markerWidth: 7,
          markerHeight: 7,
          orient: 'auto-start-reverse',
        },
        svg('path', { d: 'M0,0L10,5L0,10z' }),
      ),
    ),
    ...graph.edges().map((id) => drawEdge(graph.edge(id)!)),
    ...graph.nodes().map((key) => drawNode(key, graph.node(key)!)),
    ...notes.map(({ line, trigger, to }, index) =>
      svg(
        'text',
        {
          x: 8,
          y: graphHeight + LINE_HEIGHT * (index + 1),
          class: 'every-state',
          'data-trigger': trigger,
          'data-to': to,
        },
        line,
      ),
    ),
  );
}

/**
 * Marks the current state `active` and the arrow the last step took `taken`; a step taken from
 * every state at rest marks its line under the drawing.
 */
export function markStatechart(drawing: Element, state: string, lastStep: TransitionEntry | undefined): void {
  for (const box of drawing.querySelectorAll('g.state')) {
    box.classList.toggle('active', box.getAttribute('data-state') === state);
  }
  const arrows = [...drawing.querySelectorAll('g.transition, text.every-state')];
  const taken =
    lastStep &&
    (arrows.find(
      (arrow) =>
        arrow.getAttribute('data-from') === lastStep.from &&
        arrow.getAttribute('data-to') === lastStep.to &&
        arrow.getAttribute('data-trigger') === lastStep.trigger,
    ) ??
      arrows.find(
        (line) =>
          line.matches('.every-state') &&
          line.getAttribute('data-trigger') === lastStep.trigger &&
          (line.getAttribute('data-to') || lastStep.from) === lastStep.to,
      ));
  for (const arrow of arrows) arrow.classList.toggle('taken', arrow === taken);
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

function drawNode(key: string, { lines, x, y, width, height }: NodeLabel): SVGGElement {
  const top = y - height / 2;
  return svg(
    'g',
    { class: lines.length ? 'state' : 'pseudo', 'data-state': key },
    ...(lines.length
      ? [
          svg('rect', { x: x - width / 2, y: top, width, height, rx: 8 }),
          ...lines.map((line, index) =>
            svg('text', { x, y: top + 6 + LINE_HEIGHT * (index + 0.8), class: index ? 'note' : 'name' }, line),
          ),
        ]
      : [svg('circle', { cx: x, cy: y, r: key === END ? 6 : 7 })]),
  );
}

function drawEdge({ from, to, trigger, points, label, title, x, y }: EdgeLabel): SVGGElement {
  const path = points.map((point, index) => `${index ? 'L' : 'M'}${point.x},${point.y}`).join('');
  return svg(
    'g',
    { class: 'transition', 'data-from': from, 'data-to': to, 'data-trigger': trigger },
    svg('path', { d: path, 'marker-end': 'url(#arrow)' }),
    ...(label ? [svg('title', {}, title), svg('text', { x, y: y + 4 }, label)] : []),
  );
}

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
  ...children: (Node | string)[]
): SVGElementTagNameMap[K] {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}
