import mermaid from 'mermaid';
import { toMermaid } from '../../statechart/toMermaid';
import { materialDownloadMachine } from '../../../src/machine';
import type { TransitionEntry, TransitionLog } from './transitionLog';

/**
 * The live statechart panel: the machine's diagram with the inspected
 * element's state highlighted, and that element's transitions. It runs on
 * the demo page only, with mermaid bundled in, so it works offline.
 */
export class InspectorPanel {
  private inspected: HTMLElement | null = null;
  private renderCount = 0;
  private readonly diagram: HTMLElement;
  private readonly current: HTMLElement;
  private readonly rows: HTMLTableSectionElement;
  private readonly picker: HTMLSelectElement;

  constructor(
    private readonly root: HTMLElement,
    private readonly log: TransitionLog,
    private readonly label: (host: HTMLElement) => string,
  ) {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' });
    root.innerHTML = `
      <h2>Statechart</h2>
      <label>Element <select data-panel="picker"></select></label>
      <p>Current state: <strong class="current" data-panel="current">–</strong></p>
      <div class="diagram" data-panel="diagram"></div>
      <h3>Transitions</h3>
      <table>
        <thead><tr><th>time</th><th>event</th><th>from → to</th><th>context after</th></tr></thead>
        <tbody data-panel="rows"></tbody>
      </table>`;
    this.picker = root.querySelector('[data-panel="picker"]')!;
    this.current = root.querySelector('[data-panel="current"]')!;
    this.diagram = root.querySelector('[data-panel="diagram"]')!;
    this.rows = root.querySelector('[data-panel="rows"]')!;
    this.picker.addEventListener('change', () => {
      const host = document.getElementById(this.picker.value);
      if (host) this.inspect(host);
    });
    log.subscribe((host, entry) => {
      if (host !== this.inspected) return;
      this.prependRow(entry);
      void this.show(entry.to);
    });
  }

  /** Offers these elements in the picker. */
  setElements(hosts: HTMLElement[]): void {
    this.picker.replaceChildren(
      ...hosts.map((host) =>
        Object.assign(document.createElement('option'), { value: host.id, textContent: this.label(host) }),
      ),
    );
  }

  inspect(host: HTMLElement): void {
    document.querySelector('.card.inspected')?.classList.remove('inspected');
    host.closest('.card')?.classList.add('inspected');
    this.inspected = host;
    this.picker.value = host.id;
    this.rows.replaceChildren();
    const entries = this.log.of(host);
    for (const entry of entries) this.prependRow(entry);
    void this.show(entries.at(-1)?.to ?? host.getAttribute('data-state') ?? 'validating');
  }

  private async show(state: string): Promise<void> {
    this.current.textContent = state;
    this.root.dataset.state = state;
    const source = `${toMermaid(materialDownloadMachine)}  classDef activeState fill:#2f6fed,color:#fff,stroke:#1d4fc4\n  class ${state} activeState\n`;
    const { svg } = await mermaid.render(`statechart-${++this.renderCount}`, source);
    this.diagram.innerHTML = svg;
  }

  private prependRow(entry: TransitionEntry): void {
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
      const cell = row.insertCell();
      cell.append(Object.assign(document.createElement('code'), { textContent: text }));
    }
    this.rows.prepend(row);
  }
}
