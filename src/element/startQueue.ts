import { holdBatchWindows } from '../api/batchQueue.js';
import { logError } from '../log.js';

/**
 * Starts elements' actors after the task that connected them, in slices
 * that yield to the page.
 *
 * After the task: frameworks insert an element first and bind its inputs
 * after (Angular does both in one task for a root template), so an element
 * that read its inputs when connected would report them missing.
 *
 * In slices: a catalogue page connects hundreds of elements at once, and on
 * a phone starting them all in one task blocks the visitor's taps for a
 * second. Each slice starts elements for at most `SLICE_BUDGET_MS`, then
 * yields; elements nearest the viewport go first, so the links a visitor
 * sees come first. Lookups started in consecutive slices still share
 * batches: the slices hold the batch windows open until the last element
 * has started, however long the page's own tasks between them take.
 *
 * Once every queued element has started, work waiting for that (React and
 * the bindings) runs in a task of its own, never in a slice.
 */

/** How long one slice may start elements before it yields; a task under 50 ms does not block input. */
export const SLICE_BUDGET_MS = 8;
/** Below this many, ordering by distance to the viewport costs a layout read for nothing. */
const ORDER_FROM = 20;

const queued = new Map<Element, () => void>();
/** The queued elements in the order they start; made anew when more arrive. */
let order: Element[] = [];
let next = 0;
let arrivedSinceOrdered = false;
const whenDrained: (() => void)[] = [];
let running = false;
/** Ends the hold on the batch windows that the slices keep open while they run. */
let releaseBatchWindows = () => {};

/**
 * Queues `host`'s start; queuing it again before it ran (a DOM move) keeps one.
 *
 * @param host - The element, for its place on the page.
 * @param start - What starting it does; it checks for itself whether it still should.
 */
export function queueStart(host: Element, start: () => void): void {
  queued.set(host, start);
  arrivedSinceOrdered = true;
  if (!running) {
    running = true;
    releaseBatchWindows = holdBatchWindows();
    nextTask(() => void runSlices());
  }
}

/** Runs `work` in a task of its own once no element waits to start. */
export function afterStarts(work: () => void): void {
  whenDrained.push(work);
  if (!running) nextTask(drain);
}

async function runSlices(): Promise<void> {
  while (queued.size > 0) {
    if (arrivedSinceOrdered) {
      order = byDistanceToViewport([...queued.keys()]);
      next = 0;
      arrivedSinceOrdered = false;
    }
    const sliceEnd = performance.now() + SLICE_BUDGET_MS;
    while (next < order.length && performance.now() < sliceEnd) startQueued(order[next++]!);
    if (queued.size > 0) await yieldToPage();
  }
  order = [];
  running = false;
  releaseBatchWindows();
  if (whenDrained.length > 0) nextTask(drain);
}

function startQueued(host: Element): void {
  const start = queued.get(host);
  if (!start) return;
  queued.delete(host);
  try {
    start();
  } catch (error) {
    // Nothing is thrown into the customer's page; the elements after it still start.
    logError(`could not start: ${String(error)}`, host);
  }
}

function drain(): void {
  if (running) return;
  for (const work of whenDrained.splice(0)) work();
}

/**
 * Nearest first: in view (0), then by how far below or above it. Every
 * rectangle is read before any element starts (and writes), so the page is
 * laid out once.
 */
function byDistanceToViewport(hosts: Element[]): Element[] {
  if (hosts.length < ORDER_FROM) return hosts;
  const viewportHeight = window.innerHeight;
  const distance = new Map<Element, number>();
  for (const host of hosts) {
    const { top, bottom, width, height } = host.getBoundingClientRect();
    // Not rendered (hidden, display: none): nothing shows it, so it can wait.
    if (width === 0 && height === 0) distance.set(host, Number.POSITIVE_INFINITY);
    else distance.set(host, top > viewportHeight ? top - viewportHeight : bottom < 0 ? -bottom : 0);
  }
  return hosts.sort((a, b) => distance.get(a)! - distance.get(b)!);
}

interface PageScheduler {
  yield?: () => Promise<void>;
}

/**
 * `scheduler.yield()` where the browser has it: the page's input goes first,
 * and the rest of the starts before other queued tasks. Otherwise a task of
 * our own.
 */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: PageScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resume) => nextTask(resume));
}

let channel: MessageChannel | null = null;
const nextTasks: (() => void)[] = [];

/**
 * A task of its own: a message, not a timer. `setTimeout(0)` is clamped to
 * 4 ms once nested, and throttled to once a second in a page opened in a
 * background tab.
 */
function nextTask(work: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => nextTasks.shift()?.();
  }
  nextTasks.push(work);
  channel.port2.postMessage(null);
}
