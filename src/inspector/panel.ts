import type { AnyStateMachine } from 'xstate';
import { drawStatechart } from './drawStatechart.js';
import { html } from './html.js';
import { adoptPanelStyle } from './panelStyle.js';
import { markStatechart } from './markStatechart.js';
import { statechartOf } from './statechart.js';
import type { InspectedElement, TransitionLog } from './transitionLog.js';
import { transitionRow } from './transitionRow.js';
import { whyLine } from './whyLine.js';

/** The log shows the newest steps; an element that loops for hours must not grow the panel for ever. */
const MAX_ROWS = 200;

/**
 * The panel: every element on the page with its article, type and state; the
 * picked one named, with why it is in its state and what would change that;
 * its statechart with the current state and the last arrow taken marked; its
 * transitions, newest first, in the element's words. It renders into a shadow root, so the page's CSS and its own
 * stay apart, and it only reads the log: picking, collapsing and redrawing
 * change nothing about the elements.
 */
export class InspectorPanel {
  private selected: HTMLElement | null = null;
  /** As the element rows show them: a click on row `i` picks `listed[i]`. */
  private listed: InspectedElement[] = [];
  private drawnMachine: unknown = null;
  /** The row last scrolled to: the list follows a new pick, not every redraw. */
  private scrolledTo: HTMLElement | null = null;
  private readonly list: HTMLElement;
  private readonly elements: HTMLTableSectionElement;
  private readonly pickedName: HTMLElement;
  private readonly current: HTMLElement;
  private readonly reason: HTMLElement;
  private readonly why: HTMLElement;
  private readonly change: HTMLElement;
  private readonly since: HTMLElement;
  private readonly diagram: HTMLElement;
  private readonly rows: HTMLTableSectionElement;
  private readonly toggle: HTMLButtonElement;
  private readonly body: HTMLElement;
  private readonly summary: HTMLElement;
  /** The compact bar's view of the list: a button per element, naming it and its state. */
  private readonly chips: HTMLElement;
  private collapsed = false;

  constructor(
    root: ShadowRoot,
    private readonly log: TransitionLog,
    /** Asks the host element to collapse or expand: it owns the `collapsed` attribute. */
    private readonly requestCollapsed: (collapsed: boolean) => void,
  ) {
    adoptPanelStyle(root);
    this.toggle = html(
      'button',
      { type: 'button', 'data-panel': 'toggle', 'aria-expanded': 'true' },
      'cm-material-download inspector',
    );
    this.summary = html('span', { 'data-panel': 'summary' });
    this.chips = html('span', { class: 'chips', 'data-panel': 'chips' });
    this.elements = html('tbody', { 'data-panel': 'elements' });
    this.list = html(
      'div',
      { class: 'list' },
      html('table', { class: 'elements' }, headRow('element', 'article', 'type', 'state'), this.elements),
    );
    this.pickedName = html('strong', { 'data-panel': 'picked-name' });
    this.current = html('strong', { class: 'current', 'data-panel': 'current' }, '–');
    this.reason = html('span', { class: 'current', 'data-panel': 'reason' });
    this.why = html('p', { class: 'why', 'data-panel': 'why' });
    this.change = html('p', { class: 'change', 'data-panel': 'change' });
    this.since = html('small', { 'data-panel': 'since' });
    this.diagram = html('div', { class: 'diagram', 'data-panel': 'diagram' });
    this.rows = html('tbody', { 'data-panel': 'rows' });
    this.body = html(
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
    const rows = all.map((element, index) => this.elementRow(element, index, element === picked));
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
    this.drawDiagram(picked);
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

  /** Once per machine: picking another element of the same kind only moves the highlight. */
  private drawDiagram({ actor }: InspectedElement): void {
    const machine = actor && 'logic' in actor ? (actor.logic as AnyStateMachine) : null;
    if (!machine?.root || machine === this.drawnMachine) return;
    this.drawnMachine = machine;
    this.diagram.replaceChildren(drawStatechart(statechartOf(machine)));
  }

  private elementRow(element: InspectedElement, index: number, picked: boolean): HTMLTableRowElement {
    const { host, state } = element;
    const row = html('tr', { 'aria-selected': String(picked), 'data-state': state });
    row.insertCell().append(html('button', { type: 'button' }, nameOf(host, index)));
    for (const text of [host.getAttribute('article-id') ?? '', host.getAttribute('type') ?? '', shownState(element)]) {
      row.insertCell().textContent = text;
    }
    return row;
  }
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
