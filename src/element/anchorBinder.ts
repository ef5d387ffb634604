import type { AnchorBinder } from './anchorBinding.types.js';
import { showPending } from './dom.js';
import { afterStarts } from './pageScheduler.js';

/**
 * The page's anchor binder in the React build. React's code loads once the
 * page's first starts are over (see pageScheduler), so a page's first
 * lookups never wait for it; a bundler that splits code puts it in a chunk
 * of its own. Until an element's binding renders, its host shows the
 * actor's state and its anchor no link. The lite build swaps this module for
 * `anchorBinder.lite.ts`, which shows each view as it binds.
 */
export function pageAnchorBinder(): AnchorBinder {
  let loaded: Promise<AnchorBinder> | null = null;
  const withBinder = (use: (binder: AnchorBinder) => void) => {
    loaded ??= new Promise<void>((startsDone) => afterStarts(startsDone))
      .then(() => import('./bindAnchor.js'))
      .then(({ createAnchorBinder }) => createAnchorBinder());
    void loaded.then(use);
  };
  return {
    bind: (element) => {
      if (element.actor) showPending(element.host, element.actor.getSnapshot().value);
      withBinder((binder) => binder.bind(element));
    },
    unbind: (host) => withBinder((binder) => binder.unbind(host)),
  };
}
