import type { AnyStateMachine } from 'xstate';
import { drawStatechart } from './drawStatechart.js';
import { html } from './html.js';
import { adoptPanelStyle } from './panelStyle.js';
import { statechartOf } from './statechart.js';
import type { InspectedElement, TransitionEntry, TransitionLog } from './transitionLog.js';

/** The log shows the newest steps; an element that loops for hours must not grow the panel for ever. */
const MAX_ROWS = 200;

/**
 * The panel: every element on the page with its article, type and state; the
 * picked one's statechart with its current state highlighted; its transitions,
 * newest first. It renders into a shadow root, so the page's CSS and its own
 * stay apart, and it only reads the log: picking, collapsing and redrawing
 * change nothing about the elements.
 */
export class InspectorPanel {
  private selected: HTMLElement | null = null;
  /** As the element rows show them: a click on row `i` picks `listed[i]`. */
  private listed: InspectedElement[] = [];
  private drawnMachine: unknown = null;
  private readonly elements: HTMLTableSectionElement;
  private readonly current: HTMLElement;
  private readonly since: HTMLElement;
  private readonly diagram: HTMLElement;
  private readonly rows: HTMLTableSectionElement;
  private readonly toggle: HTMLButtonElement;
  private readonly body: HTMLElement;
  private readonly summary: HTMLElement;

  constructor(
    root: ShadowRoot,
    private readonly log: TransitionLog,
    onToggle: () => void,
  ) {
    adoptPanelStyle(root);
    this.toggle = html(
      'button',
      { type: 'button', 'data-panel': 'toggle', 'aria-expanded': 'true' },
      'cm-material-download inspector',
    );
    this.summary = html('span', { 'data-panel': 'summary' });
    this.elements = html('tbody', { 'data-panel': 'elements' });
    this.current = html('strong', { class: 'current', 'data-panel': 'current' }, '–');
    this.since = html('small', { 'data-panel': 'since' });
    this.diagram = html('div', { class: 'diagram', 'data-panel': 'diagram' });
    this.rows = html('tbody', { 'data-panel': 'rows' });
    this.body = html(
      'div',
      { class: 'body', 'data-panel': 'body' },
      html(
        'div',
        { class: 'list' },
        html('table', { class: 'elements' }, headRow('element', 'article', 'type', 'state'), this.elements),
      ),
      html('p', {}, 'Current state: ', this.current, ' ', this.since),
      this.diagram,
      html('h3', {}, 'Transitions ', html('small', {}, 'newest first')),
      html('table', { class: 'log' }, headRow('time', 'event', 'from → to', 'context after'), this.rows),
    );
    root.replaceChildren(
      html(
        'section',
        { class: 'panel', 'aria-label': 'cm-material-download inspector' },
        html('header', {}, this.toggle, this.summary),
        this.body,
      ),
    );
    this.toggle.addEventListener('click', onToggle);
    this.elements.addEventListener('click', (event) => {
      const row = (event.target as Element).closest('tr');
      const picked = row && this.listed[row.sectionRowIndex];
      if (picked) this.select(picked.host);
    });
    log.subscribe(() => this.render());
    this.render();
  }

  setCollapsed(collapsed: boolean): void {
    this.toggle.setAttribute('aria-expanded', String(!collapsed));
    this.body.hidden = collapsed;
  }

  select(host: HTMLElement): void {
    this.selected = host;
    this.render();
  }

  private render(): void {
    const all = (this.listed = this.log.list(this.selected));
    const picked = (this.selected && this.log.get(this.selected)) ?? all[0];
    this.summary.textContent = `${all.length} element${all.length === 1 ? '' : 's'}`;
    this.elements.replaceChildren(...all.map((element, index) => this.elementRow(element, index, element === picked)));
    if (!picked) return;
    this.current.textContent = picked.state;
    this.since.textContent = picked.fromStart ? '' : '(running before the inspector loaded: its log starts then)';
    this.drawDiagram(picked);
    for (const box of this.diagram.querySelectorAll('g.state')) {
      box.classList.toggle('active', box.getAttribute('data-state') === picked.state);
    }
    this.rows.replaceChildren(...picked.entries.slice(-MAX_ROWS).reverse().map(transitionRow));
  }

  /** Once per machine: picking another element of the same kind only moves the highlight. */
  private drawDiagram({ actor }: InspectedElement): void {
    const machine = actor && 'logic' in actor ? (actor.logic as AnyStateMachine) : null;
    if (!machine?.root || machine === this.drawnMachine) return;
    this.drawnMachine = machine;
    this.diagram.replaceChildren(drawStatechart(statechartOf(machine)));
  }

  private elementRow({ host, state }: InspectedElement, index: number, picked: boolean): HTMLTableRowElement {
    const name = host.id ? `#${host.id}` : `${host.localName} ${index + 1}`;
    const row = document.createElement('tr');
    row.setAttribute('aria-selected', String(picked));
    row.dataset.state = state;
    const pick = Object.assign(document.createElement('button'), { type: 'button', textContent: name });
    row.insertCell().append(pick);
    for (const text of [host.getAttribute('article-id') ?? '', host.getAttribute('type') ?? '', state]) {
      row.insertCell().textContent = text;
    }
    return row;
  }
}

function headRow(...names: string[]): HTMLTableSectionElement {
  return html('thead', {}, html('tr', {}, ...names.map((name) => html('th', {}, name))));
}

function transitionRow(entry: TransitionEntry): HTMLTableRowElement {
  const { type, ...payload } = entry.event;
  const row = document.createElement('tr');
  row.dataset.transition = `${entry.from}->${entry.to}`;
  const event =
    entry.trigger === 'always'
      ? `always (while ${type})`
      : Object.keys(payload).length
        ? `${type} ${JSON.stringify(payload)}`
        : type;
  const cells = [
    entry.at.toLocaleTimeString(undefined, { hour12: false }) +
      `.${String(entry.at.getMilliseconds()).padStart(3, '0')}`,
    event,
    `${entry.from} → ${entry.to}`,
    JSON.stringify(entry.context),
  ];
  for (const text of cells) {
    row.insertCell().append(Object.assign(document.createElement('code'), { textContent: text }));
  }
  return row;
}
