import type { AnyStateMachine } from 'xstate';
import { drawStatechart, markStatechart } from './drawStatechart.js';
import { adoptPanelStyle } from './panelStyle.js';
import { statechartOf } from './statechart.js';
import type { InspectedElement, TransitionEntry, TransitionLog } from './transitionLog.js';
import { eventWords, whyLine } from './words.js';

/** The log shows the newest steps; an element that loops for hours must not grow the panel for ever. */
const MAX_ROWS = 200;

/**
 * The panel: every element with its article, type and state; the picked one with why it is in
 * its state, its statechart marked, and its steps, newest first. It lives in a shadow root, apart
 * from the page's CSS, and only reads the log: nothing it does changes an element.
 */
export class InspectorPanel {
  private selected: HTMLElement | null = null;
  /** As the element rows and chips show them: row `i` picks `listed[i]`. */
  private listed: InspectedElement[] = [];
  private drawnMachine: unknown = null;
  /** The list follows a new pick, not every redraw. */
  private scrolledTo: HTMLElement | null = null;
  private collapsed = false;
  private readonly toggle = html(
    'button',
    { type: 'button', 'data-panel': 'toggle', 'aria-expanded': 'true' },
    'cm-material-download inspector',
  );
  /** The compact bar's view of the list: a button per element, naming it and its state. */
  private readonly chips = html('span', { class: 'chips', 'data-panel': 'chips' });
  private readonly summary = html('span', { 'data-panel': 'summary' });
  private readonly elements = html('tbody', { 'data-panel': 'elements' });
  private readonly list = html(
    'div',
    { class: 'list' },
    html('table', { class: 'elements' }, headRow('element', 'article', 'type', 'state'), this.elements),
  );
  private readonly pickedName = html('strong', { 'data-panel': 'picked-name' });
  private readonly current = html('strong', { class: 'current', 'data-panel': 'current' }, '–');
  private readonly reason = html('span', { class: 'current', 'data-panel': 'reason' });
  private readonly since = html('small', { 'data-panel': 'since' });
  private readonly why = html('p', { class: 'why', 'data-panel': 'why' });
  private readonly change = html('p', { class: 'change', 'data-panel': 'change' });
  private readonly diagram = html('div', { class: 'diagram', 'data-panel': 'diagram' });
  private readonly rows = html('tbody', { 'data-panel': 'rows' });
  private readonly body = html(
    'div',
    { class: 'body', 'data-panel': 'body' },
    this.list,
    html('p', { class: 'picked' }, this.pickedName, ' is ', this.current, this.reason, ' ', this.since),
    this.why,
    this.change,
    this.diagram,
    html('h3', {}, 'Transitions ', html('small', {}, 'newest first')),
    html('table', { class: 'log' }, headRow('time', 'event', 'from → to', 'context after'), this.rows),
  );

  constructor(
    root: ShadowRoot,
    private readonly log: TransitionLog,
    /** Asks the host element to collapse or expand: it owns the `collapsed` attribute. */
    private readonly requestCollapsed: (collapsed: boolean) => void,
  ) {
    adoptPanelStyle(root);
    root.replaceChildren(
      html(
        'section',
        { class: 'panel', 'aria-label': 'cm-material-download inspector' },
        html('header', {}, this.toggle, this.chips, this.summary),
        this.body,
      ),
    );
    this.toggle.addEventListener('click', () => this.requestCollapsed(!this.collapsed));
    this.chips.addEventListener('click', (event) => {
      const chip = (event.target as Element).closest('button');
      const picked = chip && this.listed[[...this.chips.children].indexOf(chip)];
      if (!picked) return;
      this.requestCollapsed(false);
      this.select(picked.host);
    });
    root.addEventListener('keydown', (event) => {
      if ((event as KeyboardEvent).key !== 'Escape' || this.collapsed) return;
      this.requestCollapsed(true);
      // Focus stays in the panel, on the control that opens it again.
      this.toggle.focus();
    });
    this.elements.addEventListener('click', (event) => {
      const row = (event.target as Element).closest('tr');
      const picked = row && this.listed[row.sectionRowIndex];
      if (picked) this.select(picked.host);
    });
    log.subscribe(() => this.render());
    // A host loses or regains its anchor without a step of its machine: only its data-reason tells.
    new MutationObserver(() => this.render()).observe(document, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-reason'],
    });
    this.render();
  }

  setCollapsed(collapsed: boolean): void {
    this.collapsed = collapsed;
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
    const rows = all.map((element, index) => {
      const row = html('tr', { 'aria-selected': String(element === picked), 'data-state': element.state });
      row.insertCell().append(html('button', { type: 'button' }, nameOf(element.host, index)));
      for (const name of ['article-id', 'type']) row.insertCell().textContent = element.host.getAttribute(name) ?? '';
      row.insertCell().textContent = shownState(element);
      return row;
    });
    this.elements.replaceChildren(...rows);
    this.chips.replaceChildren(
      ...all.map((element, index) =>
        html(
          'button',
          { type: 'button', 'data-state': element.state },
          `${nameOf(element.host, index)} ${shownState(element)}`,
        ),
      ),
    );
    if (!picked) return;
    this.scrollToPicked(picked.host, rows[all.indexOf(picked)]);
    this.pickedName.textContent = nameOf(picked.host, all.indexOf(picked));
    const { state, reason } = stateAndReason(picked);
    this.current.textContent = state;
    this.reason.textContent = reason ? ` (${reason})` : '';
    this.since.textContent = picked.fromStart ? '' : '(running before the inspector loaded: its log starts then)';
    const { why, change } = whyLine(picked.state, picked.context, picked.host.getAttribute('data-reason'));
    this.why.textContent = why;
    this.change.textContent = change && `would change it: ${change}`;
    this.change.hidden = !change;
    // Drawn once per machine: picking another element of the same kind only moves the marks.
    const machine = picked.actor && 'logic' in picked.actor ? (picked.actor.logic as AnyStateMachine) : null;
    if (machine?.root && machine !== this.drawnMachine) {
      this.drawnMachine = machine;
      this.diagram.replaceChildren(drawStatechart(statechartOf(machine)));
    }
    markStatechart(this.diagram, picked.state, picked.entries.at(-1));
    this.rows.replaceChildren(...picked.entries.slice(-MAX_ROWS).reverse().map(transitionRow));
  }

  /** Within the list only: scrolling the page would move what the person is looking at. */
  private scrollToPicked(host: HTMLElement, row: HTMLElement | undefined): void {
    if (!row || this.scrolledTo === host) return;
    this.scrolledTo = host;
    const list = this.list.getBoundingClientRect();
    const { top, bottom } = row.getBoundingClientRect();
    if (top < list.top) this.list.scrollTop -= list.top - top;
    else if (bottom > list.bottom) this.list.scrollTop += bottom - list.bottom;
  }
}

/** One step: when, what happened in the element's words over XState's event, from → to, the context after. */
function transitionRow(entry: TransitionEntry): HTMLTableRowElement {
  const { at, from, to, context } = entry;
  const time = `${at.toLocaleTimeString(undefined, { hour12: false })}.${String(at.getMilliseconds()).padStart(3, '0')}`;
  const row = html('tr', { 'data-transition': `${from}->${to}` });
  row.insertCell().append(html('code', {}, time));
  row
    .insertCell()
    .append(
      html('span', { class: 'words' }, eventWords(entry)),
      html('code', { class: 'detail' }, xstateDetail(entry)),
    );
  row.insertCell().append(html('code', {}, `${from} → ${to}`));
  row.insertCell().append(html('code', {}, JSON.stringify(context)));
  return row;
}

/** XState's own name for the event, with its payload: `always (while INPUTS.SET)`, `INPUTS.SET {"inputs":…}`. */
function xstateDetail({ trigger, event }: TransitionEntry): string {
  const { type, ...payload } = event;
  if (trigger === 'always') return `always (while ${type})`;
  return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type;
}

function headRow(...names: string[]): HTMLTableSectionElement {
  return html('thead', {}, html('tr', {}, ...names.map((name) => html('th', {}, name))));
}

/** How the list and the picked line name an element: its id, or its place among them. */
function nameOf(host: HTMLElement, index: number): string {
  return host.id ? `#${host.id}` : `${host.localName} ${index + 1}`;
}

/** The state as the host shows it: disabled with its reason, even where only the host knows it (no anchor). */
function stateAndReason({ host, state, context }: InspectedElement): { state: string; reason: string | null } {
  const hostReason = host.getAttribute('data-reason');
  if (hostReason === 'no-anchor') return { state: 'disabled', reason: hostReason };
  return { state, reason: state === 'disabled' ? (context?.reason ?? hostReason) : null };
}

/** `disabled (not-found)`: the list's and the bar's words for an element's state. */
function shownState(element: InspectedElement): string {
  const { state, reason } = stateAndReason(element);
  return reason ? `${state} (${reason})` : state;
}

/** Built with DOM calls, never parsed markup, and no `style` attribute: a strict CSP or Trusted Types has nothing to refuse. */
function html<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}
