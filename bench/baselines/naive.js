// @ts-check
// Baseline: the simplest element that works. One fetch per element, nothing
// batched, nothing shared, so the bench shows what batching and sharing buy.
import { defineBaseline } from './define-baseline.js';

defineBaseline((endpoint, operation) =>
  fetch(endpoint, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'apollographql-client-name': 'web-components' },
    body: JSON.stringify(operation),
  })
    .then((response) => response.json())
    .then((answer) => answer?.data),
);
