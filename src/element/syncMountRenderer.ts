import { createElement, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

interface Mounted<Props> {
  root: Root;
  Component: ComponentType<Props>;
  /** The latest props, rendered once at the end of the current task. */
  pending: Props | null;
  unmounted: boolean;
}

/**
 * r2wc's React renderer, with three changes:
 *
 * - It renders into an open shadow root holding only a <slot>, made at
 *   mount: React clears the container it renders into, and the customer's
 *   anchor must stay where it is, in the light DOM.
 * - The first render commits inside connectedCallback. Left to React's
 *   scheduler, each element's root renders in a task of its own and its
 *   actor starts only after commit: on a page that adds many elements at
 *   once their lookups then trickle out over seconds instead of sharing
 *   batches, and every anchor looks clickable until its turn comes.
 * - Updates are coalesced to one render per task, so several attribute
 *   writes in one script are one input change, whether the renderer batches
 *   them (React) or renders each at once (Preact in the lite build).
 */
export const syncMountRenderer = {
  mount<Props extends object>(host: HTMLElement, Component: ComponentType<Props>, props: Props): Mounted<Props> {
    // The shadow root is made here, not in the constructor as r2wc would: a page
    // upgrading a thousand elements at once then pays for it a budget at a time.
    const root = createRoot(host.shadowRoot ?? host.attachShadow({ mode: 'open' }));
    flushSync(() => root.render(createElement(Component, props)));
    return { root, Component, pending: null, unmounted: false };
  },
  update<Props extends object>(mounted: Mounted<Props>, props: Props): void {
    const scheduled = mounted.pending !== null;
    mounted.pending = { ...props };
    if (scheduled) return;
    queueMicrotask(() => {
      const next = mounted.pending;
      mounted.pending = null;
      // Synchronously, at the end of the task: a link for inputs just replaced never outlives the task.
      if (next && !mounted.unmounted) flushSync(() => mounted.root.render(createElement(mounted.Component, next)));
    });
  },
  unmount<Props extends object>(mounted: Mounted<Props>): void {
    mounted.unmounted = true;
    mounted.root.unmount();
  },
};
