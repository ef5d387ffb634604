import { fromCallback } from 'xstate';
import type { MaterialDownloadEvent } from '../machine/materialDownload.machine.js';

/** How near the viewport a lazy element starts its lookup. */
export const LAZY_ROOT_MARGIN = '200px';

/**
 * The machine's `watchVisibility`: invoked while a lazy element waits, so it
 * exists only then. The observer reports the current intersection first, so
 * a wait that starts in view ends at once.
 */
export const watchVisibility = fromCallback<MaterialDownloadEvent, unknown>(({ sendBack, input }) => {
  if (typeof IntersectionObserver === 'undefined' || !(input instanceof Element)) {
    // Nothing can tell us; fetching is better than never fetching.
    sendBack({ type: 'VISIBLE' });
    return undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) sendBack({ type: 'VISIBLE' });
    },
    { rootMargin: LAZY_ROOT_MARGIN },
  );
  observer.observe(input);
  return () => observer.disconnect();
});
