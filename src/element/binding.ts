import { showPending } from './dom.js';
import type { MaterialDownloadActor } from '../machine/materialDownload.machine.js';
import { pageWork } from './page.js';

let reactBinding: Promise<typeof import('./reactBinding.js')> | undefined;

/**
 * The React build's anchor binding. React's code loads once the page's
 * first starts are over, so its first lookups never wait for it; until an
 * element's binding renders, its host shows the actor's state and its anchor
 * no link. The lite build swaps this module for `binding.lite.ts`.
 *
 * @returns what lets the anchor go
 */
export function bindAnchor(host: HTMLElement, actor: MaterialDownloadActor): () => void {
  showPending(host, actor.getSnapshot().value);
  reactBinding ??= new Promise<void>((loaded) => pageWork().afterStarts(loaded)).then(
    () => import('./reactBinding.js'),
  );
  let unbind: (() => void) | undefined;
  let unbound = false;
  void reactBinding.then(({ bindWithReact }) => {
    if (!unbound) unbind = bindWithReact(host, actor);
  });
  return () => {
    unbound = true;
    unbind?.();
  };
}
