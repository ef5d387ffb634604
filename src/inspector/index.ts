/**
 * The inspector: loaded beside the element on any page (`<script
 * src="…/cm-material-download.inspector.js">` or `import
 * 'cm-material-download/inspector'`), before or after the element's own file,
 * it adds a panel with every element's live statechart and transitions. It
 * needs no network and imports none of the element: it meets the elements on
 * the page's inspection (see ../element/inspection.ts).
 */
import { pageInspection } from '../element/inspection.js';
import { createInspectorElementClass, type HTMLMaterialDownloadInspectorElement } from './inspectorElement.js';
import { TransitionLog } from './transitionLog.js';

export type { HTMLMaterialDownloadInspectorElement } from './inspectorElement.js';

const TAG = 'cm-material-download-inspector';

declare global {
  interface HTMLElementTagNameMap {
    'cm-material-download-inspector': HTMLMaterialDownloadInspectorElement;
  }
}

// A second copy of this file finds the panel there and leaves it alone; in Node it does nothing.
if (typeof customElements !== 'undefined' && !customElements.get(TAG)) {
  customElements.define(TAG, createInspectorElementClass(new TransitionLog(pageInspection())));
  const mount = () => {
    // Compact until asked: an expanded panel would cover the page's own controls.
    if (!document.querySelector(TAG))
      document.body.append(Object.assign(document.createElement(TAG), { collapsed: true }));
  };
  // A script in the head runs before the body exists, and the page may place its own panel.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount, { once: true });
  else mount();
}
