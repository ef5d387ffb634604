import { connect, viewsEqual } from '../machine/connect.js';
import { showView, watchChildren, type Shown } from './dom.js';
import type { MaterialDownloadActor } from '../machine/materialDownload.machine.js';

let watch: ReturnType<typeof watchChildren> | undefined;

/** The lite build's binding: the actor's own subscription, with the `connect` and `viewsEqual` React uses. */
export function bindAnchor(host: HTMLElement, actor: MaterialDownloadActor): () => void {
  const shown: Shown = { announced: null, anchorMissing: false };
  let view = connect(actor.getSnapshot());
  let stopWaiting: (() => void) | undefined;
  const show = () => {
    stopWaiting?.();
    stopWaiting = showView(host, view, shown, show);
  };
  const subscription = actor.subscribe((snapshot) => {
    const next = connect(snapshot);
    if (viewsEqual(view, next)) return;
    view = next;
    show();
  });
  const stopWatching = (watch ??= watchChildren())(host, show);
  show();
  return () => {
    subscription.unsubscribe();
    stopWatching();
    stopWaiting?.();
  };
}
