// @ts-check
// Baseline: the simplest element that works. One fetch per element, nothing
// batched, nothing shared, so the bench shows what batching and sharing buy.
import { endpointOf, linkRequestOf } from './operation.js';
import { readLink, showLink } from './read-link.js';

class NaiveMaterialDownload extends HTMLElement {
  connectedCallback() {
    const request = linkRequestOf(this);
    if (!request) {
      showLink(this, null);
      return;
    }
    fetch(endpointOf(this), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'apollographql-client-name': 'web-components' },
      body: JSON.stringify(request.operation),
    })
      .then((response) => response.json())
      .then((answer) => showLink(this, readLink(request.kind, answer?.data)))
      .catch(() => showLink(this, null));
  }
}

if (!customElements.get('cm-material-download')) customElements.define('cm-material-download', NaiveMaterialDownload);
