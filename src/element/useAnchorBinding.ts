import { useEffect, useRef } from 'react';
import type { MaterialDownloadView } from '../machine/connect';
import { logError } from '../log';
import { NO_ANCHOR_MESSAGE, applyAnchor, dispatchLinkChange, findAnchor, reflectState } from './dom';

/**
 * Applies each view to the host and its anchor, and announces each settling
 * once (a ref, not the effect, remembers it: StrictMode runs effects twice).
 */
export function useAnchorBinding(host: HTMLElement, view: MaterialDownloadView): void {
  const announced = useRef<string | null>(null);
  const reportedMissingAnchor = useRef(false);

  useEffect(() => {
    reflectState(host, view.state);
    const anchor = findAnchor(host);
    if (anchor) {
      applyAnchor(anchor, view);
      reportedMissingAnchor.current = false;
    } else if (!reportedMissingAnchor.current) {
      reportedMissingAnchor.current = true;
      logError(NO_ANCHOR_MESSAGE, host);
    }
    const settling = view.settled && `${view.revision}:${view.settled}`;
    if (settling && announced.current !== settling) {
      announced.current = settling;
      dispatchLinkChange(host, { state: view.settled!, href: view.href, error: view.error });
    }
  }, [host, view]);
}
