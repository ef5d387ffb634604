import { showPending } from './dom.js';
import type { MaterialDownloadActor } from '../machine/materialDownload.machine.js';
import { pageWork } from './page.js';

let reactBinding: Promise<typeof import('./reactBinding.js')> | undefined;

/** The React build's (lite swaps in `binding.lite.ts`): React loads after the first starts, which never wait for it. */
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
