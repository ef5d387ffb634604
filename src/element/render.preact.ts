import { render, type VNode } from 'preact';

/** The lite build's `render.ts`: Preact renders synchronously, and has no transitions to ask for. */
export function renderDetached(): (tree: VNode) => void {
  const container = document.createElement('div');
  return (tree) => render(tree, container);
}
