// @ts-check
// The baselines' element: one plain custom element whose lookup each baseline
// supplies, so they differ in transport only and the bench compares just that.
import { endpointOf, linkRequestOf } from './operation.js';
import { readLink, showLink } from './read-link.js';

/**
 * @typedef {(endpoint: string, operation: import('./operation.js').Operation) => Promise<unknown>} LookUp
 *   resolves to the answer's `data`; a rejection shows no link
 */

/** Registers `<cm-material-download>` unless something already has. @param {LookUp} lookUp */
export function defineBaseline(lookUp) {
  class BaselineMaterialDownload extends HTMLElement {
    connectedCallback() {
      const request = linkRequestOf(this);
      if (!request) {
        showLink(this, null);
        return;
      }
      lookUp(endpointOf(this), request.operation).then(
        (data) => showLink(this, readLink(request.kind, data)),
        () => showLink(this, null),
      );
    }
  }
  if (!customElements.get('cm-material-download'))
    customElements.define('cm-material-download', BaselineMaterialDownload);
}
