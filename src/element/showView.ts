import { logError } from '../log.js';
import type { MaterialDownloadView } from '../machine/connect.js';
import type { BoundElement } from './anchorBinding.types.js';
import { NO_ANCHOR_MESSAGE, applyAnchor, findAnchor, reflectState } from './dom.js';
import { afterChildrenArrive } from './pageScheduler.js';

/** Reported missing: no anchor once the children could have arrived, and none since. */
export interface AnchorMissing {
  current: boolean;
}

/**
 * What one committed view does to the page, whichever binding commits it:
 * writes the host and its anchor, and announces the settling it shows. The
 * host never claims more than its anchor shows: with no anchor as its first
 * element child (once its children can have arrived), it is disabled with
 * reason `no-anchor`, whatever the lookup found. While the children may
 * still be arriving, neither a link nor its absence is certain: nothing is
 * announced, and `showAgain` is called once they can have arrived.
 *
 * @returns what stops that wait, when there is one
 */
export function showView(
  element: BoundElement,
  view: MaterialDownloadView,
  anchorMissing: AnchorMissing,
  showAgain: () => void,
): (() => void) | undefined {
  const { host } = element;
  // A destroyed element is off the page for good: what it showed last stays as it was.
  if (view.state === 'destroyed') return undefined;
  const anchor = findAnchor(host);
  if (anchor) {
    reflectState(host, view.state, view.reason);
    applyAnchor(anchor, view);
    anchorMissing.current = false;
    if (view.settled) element.announce(view.settled);
    return undefined;
  }
  if (anchorMissing.current) {
    reflectState(host, 'disabled', 'no-anchor');
    element.announce('no-anchor');
    return undefined;
  }
  reflectState(host, view.state, view.reason);
  return afterChildrenArrive(() => {
    if (!findAnchor(host)) {
      logError(NO_ANCHOR_MESSAGE, host);
      anchorMissing.current = true;
    }
    showAgain();
  });
}
