// @ts-check
// Baseline, the floor: the element's batching (10 ms / 10) written by hand on
// a plain custom element, no framework and no library, so the bench shows how
// far the real builds are from the least the job takes. Identical lookups
// share one operation, as they do in the element; validation, retries, aborts
// and events are left out, which is what makes it a floor.
import { defineBaseline } from './define-baseline.js';

const BATCH_MAX = 10;
const BATCH_INTERVAL_MS = 10;
const HEADERS = { 'content-type': 'application/json', 'apollographql-client-name': 'web-components' };

/** @typedef {import('./operation.js').Operation} Operation */
/** @typedef {{ key: string, operation: Operation, settle: (data: unknown) => void }} Queued */
/** @typedef {{ queued: Queued[], timer: ReturnType<typeof setTimeout> | undefined }} Queue */

/** @type {Map<string, Queue>} by endpoint */
const queues = new Map();
/** @type {Map<string, Promise<unknown>>} by endpoint and operation: the answer's data, shared */
const lookups = new Map();

/**
 * One JSON-array POST; each operation gets its answer's data, or null when
 * the request failed (then it is forgotten, so a later element asks again).
 */
function send(/** @type {string} */ endpoint, /** @type {Queued[]} */ batch) {
  fetch(endpoint, {
    method: 'POST',
    credentials: 'same-origin',
    headers: HEADERS,
    body: JSON.stringify(batch.map((queued) => queued.operation)),
  })
    .then((response) => response.json())
    .then(
      (answers) =>
        batch.forEach((queued, index) => queued.settle(Array.isArray(answers) ? answers[index]?.data : null)),
      () =>
        batch.forEach((queued) => {
          lookups.delete(queued.key);
          queued.settle(null);
        }),
    );
}

function flush(/** @type {string} */ endpoint, /** @type {Queue} */ queue) {
  queue.timer = undefined;
  send(endpoint, queue.queued.splice(0));
}

function queueFor(/** @type {string} */ endpoint) {
  let queue = queues.get(endpoint);
  if (!queue) {
    queue = { queued: [], timer: undefined };
    queues.set(endpoint, queue);
  }
  return queue;
}

/** A full batch goes at once; otherwise the batch goes 10 ms after its latest operation. */
function lookUp(/** @type {string} */ endpoint, /** @type {Operation} */ operation) {
  const key = JSON.stringify([endpoint, operation.operationName, operation.variables]);
  const known = lookups.get(key);
  if (known) return known;
  const queue = queueFor(endpoint);
  /** @type {Promise<unknown>} */
  const data = new Promise((settle) => queue.queued.push({ key, operation, settle }));
  lookups.set(key, data);
  clearTimeout(queue.timer);
  if (queue.queued.length >= BATCH_MAX) flush(endpoint, queue);
  else queue.timer = setTimeout(() => flush(endpoint, queue), BATCH_INTERVAL_MS);
  return data;
}

defineBaseline(lookUp);
