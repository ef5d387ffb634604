/**
 * The inspector: loaded beside the element (`<script src="…/cm-material-download.inspector.js">`
 * or `import 'cm-material-download/inspector'`), before or after it, it adds a panel with every
 * element's live statechart and steps. It imports none of the element: it meets the elements on
 * the page's inspection (../element/inspection.ts).
 */
import { pageInspection } from '../element/inspection.js';
import { InspectorPanel } from './panel.js';
import { TransitionLog } from './transitionLog.js';

const TAG = 'cm-material-download-inspector';

/**
 * `<cm-material-download-inspector>`: the panel as an element. The inspector file adds one,
 * collapsed; a page that wants it elsewhere, or expanded, writes its own.
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

declare global {
  interface HTMLElementTagNameMap {
    'cm-material-download-inspector': HTMLMaterialDownloadInspectorElement;
  }
}

// A second copy of this file finds the panel there and leaves it alone; in Node (no HTMLElement) it does nothing.
if (typeof customElements !== 'undefined' && !customElements.get(TAG)) {
  const log = new TransitionLog(pageInspection());
  customElements.define(
    TAG,
    class MaterialDownloadInspectorElement extends HTMLElement implements HTMLMaterialDownloadInspectorElement {
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
    },
  );
  const mount = () => {
    // Compact until asked: an expanded panel would cover the page's own controls.
    if (!document.querySelector(TAG))
      document.body.append(Object.assign(document.createElement(TAG), { collapsed: true }));
  };
  // A script in the head runs before the body exists, and the page may place its own panel.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount, { once: true });
  else mount();
}
