import { useSelector } from '@xstate/react';
import { useLayoutEffect, useReducer, useRef, useSyncExternalStore } from 'react';
import { logError } from '../log.js';
import { connect, viewsEqual } from '../machine/connect.js';
import {
  NO_ANCHOR_MESSAGE,
  afterChildrenArrive,
  applyAnchor,
  dispatchLinkChange,
  findAnchor,
  observeChildren,
  reflectState,
} from './dom.js';
import type { MaterialDownloadActor } from './elementLogic.js';
import type { LinkSettlings } from './linkSettlings.js';

/**
 * Drives the host and its anchor from the actor, and tells the page about
 * each settling once the anchor shows it. An anchor that arrives or is
 * replaced later is bound as soon as it is there.
 */
export function useAnchorBinding(host: HTMLElement, actor: MaterialDownloadActor, settlings: LinkSettlings): void {
  const view = useSelector(actor, connect, viewsEqual);
  const settling = useSyncExternalStore(settlings.subscribe, settlings.pending, settlings.pending);
  const reportedMissingAnchor = useRef(false);
  const [childrenVersion, childrenChanged] = useReducer((version: number) => version + 1, 0);

  // In a layout effect, like the binding below it: a parser that inserts the anchor between the
  // two would otherwise go unseen.
  useLayoutEffect(() => observeChildren(host, childrenChanged), [host]);

  // Layout timing: the anchor changes before the browser paints, whichever renderer runs.
  useLayoutEffect(() => {
    // A destroyed element is off the page for good: what it showed last stays as it was.
    if (view.state === 'destroyed') return undefined;
    reflectState(host, view.state);
    const anchor = findAnchor(host);
    if (anchor) {
      applyAnchor(anchor, view);
      reportedMissingAnchor.current = false;
      return undefined;
    }
    if (reportedMissingAnchor.current) return undefined;
    return afterChildrenArrive(() => {
      if (reportedMissingAnchor.current) return;
      if (findAnchor(host)) return childrenChanged();
      reportedMissingAnchor.current = true;
      logError(NO_ANCHOR_MESSAGE, host);
    });
  }, [host, view, childrenVersion]);

  // Declared after the anchor's effect, so it runs after it in the same commit.
  useLayoutEffect(() => {
    // StrictMode runs this twice with the same settling: the store knows it was told.
    if (!settling || settlings.pending() !== settling) return;
    settlings.announced(settling);
    dispatchLinkChange(host, settling);
  }, [host, settling, settlings]);
}
