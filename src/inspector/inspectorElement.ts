import { InspectorPanel } from './panel.js';
import type { TransitionLog } from './transitionLog.js';

/**
 * `<cm-material-download-inspector>`: the panel as an element. The inspector
 * file adds one, collapsed to its compact bar so that it covers none of the
 * page's controls; a page that wants it elsewhere, or expanded at first,
 * writes its own.
 *
 * @example
 * ```html
 * <cm-material-download-inspector collapsed></cm-material-download-inspector>
 * ```
 */
export interface HTMLMaterialDownloadInspectorElement extends HTMLElement {
  /** Shows only the compact bar (the elements and their states); reflects the `collapsed` attribute. */
  collapsed: boolean;
  /** Expands the panel and shows this element's statechart and transitions. */
  inspect(host: HTMLElement): void;
}

/** Made on first use, not at import: importing the inspector in Node must not touch HTMLElement. */
export function createInspectorElementClass(log: TransitionLog): new () => HTMLMaterialDownloadInspectorElement {
  return class MaterialDownloadInspectorElement extends HTMLElement {
    static readonly observedAttributes = ['collapsed'];
    #panel: InspectorPanel | null = null;

    get collapsed(): boolean {
      return this.hasAttribute('collapsed');
    }
    set collapsed(value: boolean) {
      this.toggleAttribute('collapsed', value);
    }

    connectedCallback(): void {
      this.#panel ??= new InspectorPanel(this.attachShadow({ mode: 'open' }), log, (collapsed) => {
        this.collapsed = collapsed;
      });
      this.#panel.setCollapsed(this.collapsed);
    }

    attributeChangedCallback(): void {
      this.#panel?.setCollapsed(this.collapsed);
    }

    inspect(host: HTMLElement): void {
      this.collapsed = false;
      this.#panel?.select(host);
    }
  };
}
