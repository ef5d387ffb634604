import type { Locator, Page } from 'playwright-core';

/**
 * Page object for the inspector panel (`<cm-material-download-inspector>`).
 * Playwright's CSS locators pierce its open shadow root, as a person's eyes do.
 */
export class InspectorPanel {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('cm-material-download-inspector');
  }

  private part(name: string): Locator {
    return this.root.locator(`[data-panel="${name}"]`);
  }

  /** The element list as it reads: `name | article | type | state` per row. */
  elements(): Promise<string[]> {
    return this.part('elements')
      .locator('tr')
      .evaluateAll((rows) =>
        rows.map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent).join(' | ')),
      );
  }

  /** Picks an element in the expanded list, expanding the panel first as a person would. */
  async pick(name: string): Promise<void> {
    if (!(await this.expanded())) await this.toggle();
    await this.part('elements').getByRole('button', { name, exact: true }).click();
  }

  picked(): Promise<string | null> {
    return this.part('elements').locator('tr[aria-selected="true"] button').textContent();
  }

  currentState(): Promise<string | null> {
    return this.part('current').textContent();
  }

  /** The picked element as the panel names it above its why line. */
  pickedName(): Promise<string | null> {
    return this.part('picked-name').textContent();
  }

  /** Why the picked element is in its state, and what would change it (empty where the why line says it). */
  async why(): Promise<{ why: string; change: string }> {
    return {
      why: (await this.part('why').textContent()) ?? '',
      change: (await this.part('change').textContent()) ?? '',
    };
  }

  /** The states the diagram draws, the one it highlights, and the arrow last taken (`from->to on trigger`). */
  async diagram(): Promise<{ states: string[]; highlighted: string[]; taken: string[] }> {
    const diagram = this.part('diagram');
    const boxes = diagram.locator('svg g.state');
    return {
      states: await boxes.evaluateAll((groups) => groups.map((group) => group.getAttribute('data-state')!)),
      highlighted: await diagram
        .locator('svg g.state.active')
        .evaluateAll((groups) => groups.map((group) => group.getAttribute('data-state')!)),
      taken: await diagram
        .locator('svg .taken')
        .evaluateAll((arrows) =>
          arrows.map(
            (arrow) =>
              `${arrow.getAttribute('data-from') ?? '*'}->${arrow.getAttribute('data-to') || '*'} on ${arrow.getAttribute('data-trigger')}`,
          ),
        ),
    };
  }

  /** The transition log, newest first: `from->to` each. */
  transitions(): Promise<string[]> {
    return this.part('rows')
      .locator('tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-transition')!));
  }

  /** One logged step: what happened in the element's words, XState's event with payload, from → to, context after. */
  async transition(index: number): Promise<{ words: string; event: string; step: string; context: unknown }> {
    const row = this.part('rows').locator('tr').nth(index);
    const cells = await row.locator('td').evaluateAll((tds) => tds.map((td) => td.textContent ?? ''));
    return {
      words: (await row.locator('.words').textContent()) ?? '',
      event: (await row.locator('.detail').textContent()) ?? '',
      step: cells[2]!,
      context: JSON.parse(cells[3]!) as unknown,
    };
  }

  /** The log's steps in the element's words, newest first. */
  words(): Promise<string[]> {
    return this.part('rows').locator('.words').allTextContents();
  }

  async toggle(): Promise<void> {
    await this.part('toggle').click();
  }

  /** The compact bar's buttons: `name state` per element. */
  chips(): Promise<string[]> {
    return this.part('chips').getByRole('button').allTextContents();
  }

  /** Opens the panel on one element from its compact bar. */
  async pickFromBar(name: string): Promise<void> {
    await this.part('chips')
      .locator('button', { hasText: new RegExp(`^${name} `) })
      .click();
  }

  expanded(): Promise<boolean> {
    return this.part('body').isVisible();
  }
}
