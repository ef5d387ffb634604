import { useEffect, useRef } from 'react';
import type { MaterialDownloadActor } from './actorRegistry';

/** How near the viewport a lazy element starts its lookup. */
export const LAZY_ROOT_MARGIN = '200px';

/**
 * For `loading="lazy"`: tells the actor when the element is near the
 * viewport while it waits. Visibility is watched for as long as the element
 * is lazy, so inputs changed off-screen wait again, and a wait that starts
 * while the element is already in view ends at once.
 */
export function useLazyVisibility(
  host: HTMLElement,
  actor: MaterialDownloadActor,
  lazy: boolean,
  waiting: boolean,
): void {
  const inView = useRef(false);

  useEffect(() => {
    if (!lazy) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      // Nothing can tell us; fetching is better than never fetching.
      inView.current = true;
      actor.send({ type: 'VISIBLE' });
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        inView.current = entries.some((entry) => entry.isIntersecting);
        if (inView.current) actor.send({ type: 'VISIBLE' });
      },
      { rootMargin: LAZY_ROOT_MARGIN },
    );
    observer.observe(host);
    return () => observer.disconnect();
  }, [host, actor, lazy]);

  useEffect(() => {
    if (waiting && inView.current) actor.send({ type: 'VISIBLE' });
  }, [actor, waiting]);
}
