import { useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import type { MaterialDownloadView } from '../machine/connect';
import { logError } from '../log';
import {
  NO_ANCHOR_MESSAGE,
  afterChildrenArrive,
  applyAnchor,
  dispatchLinkChange,
  findAnchor,
  observeChildren,
  reflectState,
} from './dom';

/**
 * Applies each view to the host and its anchor, and announces each settling
 * once (a ref, not the effect, remembers it: StrictMode runs effects twice).
 * An anchor that arrives or is replaced later is bound as soon as it is there.
 */
export function useAnchorBinding(host: HTMLElement, view: MaterialDownloadView): void {
  const announced = useRef<string | null>(null);
  const reportedMissingAnchor = useRef(false);
  const [childrenVersion, childrenChanged] = useReducer((version: number) => version + 1, 0);

  useEffect(() => observeChildren(host, childrenChanged), [host]);

  // Layout timing: the anchor is disabled before the browser paints it, whichever renderer runs.
  useLayoutEffect(() => {
    reflectState(host, view.state);
    const anchor = findAnchor(host);
    if (anchor) {
      applyAnchor(anchor, view);
      reportedMissingAnchor.current = false;
      return undefined;
    }
    if (reportedMissingAnchor.current) return undefined;
    return afterChildrenArrive(() => {
      if (findAnchor(host) || reportedMissingAnchor.current) return;
      reportedMissingAnchor.current = true;
      logError(NO_ANCHOR_MESSAGE, host);
    });
  }, [host, view, childrenVersion]);

  useEffect(() => {
    const settling = view.settled && `${view.revision}:${view.settled}`;
    if (!settling || announced.current === settling) return;
    announced.current = settling;
    dispatchLinkChange(host, { state: view.settled!, href: view.href, error: view.error });
  }, [host, view]);
}
