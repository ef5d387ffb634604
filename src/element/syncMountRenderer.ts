import { createElement, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

interface Mounted<Props> {
  root: Root;
  Component: ComponentType<Props>;
}

/**
 * r2wc's React renderer, except that the first render commits inside
 * connectedCallback. Left to React's scheduler, each element's root renders
 * in a task of its own and its actor starts only after commit: on a page
 * that adds many elements at once their lookups then trickle out over
 * seconds instead of sharing batches, and every anchor looks clickable
 * until its turn comes. Updates stay asynchronous so that several
 * attribute changes in one task become one input change.
 */
export const syncMountRenderer = {
  mount<Props extends object>(container: HTMLElement, Component: ComponentType<Props>, props: Props): Mounted<Props> {
    const root = createRoot(container);
    flushSync(() => root.render(createElement(Component, props)));
    return { root, Component };
  },
  update<Props extends object>({ root, Component }: Mounted<Props>, props: Props): void {
    root.render(createElement(Component, props));
  },
  unmount<Props extends object>({ root }: Mounted<Props>): void {
    root.unmount();
  },
};
