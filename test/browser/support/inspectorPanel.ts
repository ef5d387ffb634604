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

  async pick(name: string): Promise<void> {
    await this.part('elements').getByRole('button', { name, exact: true }).click();
  }

  picked(): Promise<string | null> {
    return this.part('elements').locator('tr[aria-selected="true"] button').textContent();
  }

  currentState(): Promise<string | null> {
    return this.part('current').textContent();
  }

  /** The states the diagram draws, and the one it highlights. */
  async diagram(): Promise<{ states: string[]; highlighted: string[] }> {
    const boxes = this.part('diagram').locator('svg g.state');
    return {
      states: await boxes.evaluateAll((groups) => groups.map((group) => group.getAttribute('data-state')!)),
      highlighted: await this.part('diagram')
        .locator('svg g.state.active')
        .evaluateAll((groups) => groups.map((group) => group.getAttribute('data-state')!)),
    };
  }

  /** The transition log, newest first: `from->to` each. */
  transitions(): Promise<string[]> {
    return this.part('rows')
      .locator('tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-transition')!));
  }

  /** One logged step's cells: time, event with payload, from → to, context after. */
  async transition(index: number): Promise<{ event: string; step: string; context: unknown }> {
    const cells = await this.part('rows')
      .locator('tr')
      .nth(index)
      .locator('td')
      .evaluateAll((tds) => tds.map((td) => td.textContent ?? ''));
    return { event: cells[1]!, step: cells[2]!, context: JSON.parse(cells[3]!) as unknown };
  }

  async toggle(): Promise<void> {
    await this.part('toggle').click();
  }

  expanded(): Promise<boolean> {
    return this.part('body').isVisible();
  }
}
