import { connect, viewsEqual } from '../machine/connect.js';
import type { AnchorBinder } from './anchorBinding.types.js';
import { watchChildren } from './dom.js';
import { showView, type AnchorMissing } from './showView.js';

/**
 * The lite build's binding: the actor's own subscription, as Zag's vanilla
 * adapter binds its machines. Each snapshot goes through the same `connect`
 * and `viewsEqual` as React's `useSelector`, and a view that changed is shown
 * at once (`showView`): there is no render to wait for, so an element is
 * bound the moment it starts, inside its start's slice.
 */
export function createAnchorBinder(): AnchorBinder {
  const watch = watchChildren();
  const unbindings = new Map<HTMLElement, () => void>();
  return {
    bind(element) {
      const { host, actor } = element;
      if (!actor || unbindings.has(host)) return;
      const anchorMissing: AnchorMissing = { current: false };
      let view = connect(actor.getSnapshot());
      let stopWaiting: (() => void) | undefined;
      const show = () => {
        stopWaiting?.();
        stopWaiting = showView(element, view, anchorMissing, show);
      };
      const subscription = actor.subscribe((snapshot) => {
        const next = connect(snapshot);
        if (viewsEqual(view, next)) return;
        view = next;
        show();
      });
      const stopWatching = watch(host, show);
      show();
      unbindings.set(host, () => {
        subscription.unsubscribe();
        stopWatching();
        stopWaiting?.();
      });
    },
    unbind(host) {
      unbindings.get(host)?.();
      unbindings.delete(host);
    },
  };
}
