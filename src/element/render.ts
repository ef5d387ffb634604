import { startTransition, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * A renderer into a container no page ever sees: the bindings render no DOM
 * of their own. The lite build swaps this module for `render.preact.ts`, so
 * the bindings run on plain Preact hooks with no compatibility layer.
 */
export function renderDetached(): (tree: ReactElement) => void {
  const root = createRoot(document.createElement('div'));
  // A transition: React may pause between bindings for the page's own work.
  return (tree) => startTransition(() => root.render(tree));
}
