import { createActor, fromCallback, fromPromise, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { logError } from '../log.js';
import type { MaterialDownloadInputs } from '../machine/attributes.js';
import { materialDownloadMachine, waitsCountedFrom } from '../machine/materialDownload.machine.js';
import type { LookupInput, LookupOutput, MaterialDownloadEvent } from '../machine/materialDownload.types.js';
import { actorClock, pageTransport } from './pageScheduler.js';
import { timeOfThisRun } from './sharedClock.js';

/** How near the viewport a lazy element starts its lookup. */
export const LAZY_ROOT_MARGIN = '200px';

/**
 * The machine's `lookupLink`, on the page's transport; leaving `fetching` aborts
 * its request. The link's expiry is read against the provider's clock, which
 * the answer has just told the page about.
 */
const lookupLink = fromPromise<LookupOutput, LookupInput>(async ({ input: { request, attempt }, signal }) => {
  const { lookupDownloadLink, clock } = pageTransport();
  const href = await lookupDownloadLink(request, signal, attempt);
  return href === null ? null : { href, expiresAt: clock.expiryOf(href) };
});

/**
 * The machine's `watchVisibility`: invoked while a lazy element waits, so it
 * exists only then. The observer reports the current intersection first, so
 * a wait that starts in view ends at once.
 */
const watchVisibility = fromCallback<MaterialDownloadEvent, unknown>(({ sendBack, input }) => {
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

/** Every element waiting for the connection, behind one pair of page listeners. */
const waitingForConnection = new Set<() => void>();

function reconnected(): void {
  for (const listener of [...waitingForConnection]) listener();
}

function reconnectedIfVisible(): void {
  if (document.visibilityState === 'visible') reconnected();
}

/**
 * The machine's `watchConnection`: while an element whose lookup failed on
 * the wire is disabled or waits to retry, the browser coming back online, or the page becoming
 * visible again, is a reason to try once more. The page carries listeners of
 * ours only while some element waits.
 */
const watchConnection = fromCallback<MaterialDownloadEvent, boolean>(({ input: failedOnWire, sendBack }) => {
  if (!failedOnWire) return undefined;
  const listener = () => sendBack({ type: 'RECONNECTED' });
  if (waitingForConnection.size === 0) {
    window.addEventListener('online', reconnected);
    document.addEventListener('visibilitychange', reconnectedIfVisible);
  }
  waitingForConnection.add(listener);
  return () => {
    if (!waitingForConnection.delete(listener) || waitingForConnection.size > 0) return;
    window.removeEventListener('online', reconnected);
    document.removeEventListener('visibilitychange', reconnectedIfVisible);
  };
});

/**
 * The machine on the page's transport, observers and console, its waits
 * counted by the page's clock (`actorClock`); provided once for every element.
 */
export const elementLogic = materialDownloadMachine.provide({
  actors: { lookupLink, watchVisibility, watchConnection },
  delays: waitsCountedFrom(timeOfThisRun),
  actions: { reportError: ({ context }, { error }) => error && logError(error, context.target) },
});

export type MaterialDownloadActor = ActorRefFrom<typeof elementLogic>;

/** An actor for `host`, on the page's clock, not started yet. */
export function createElementActor(
  host: HTMLElement,
  inputs: MaterialDownloadInputs,
  inspect: ((event: InspectionEvent) => void) | undefined,
): MaterialDownloadActor {
  return createActor(elementLogic, {
    input: { inputs, target: host },
    clock: actorClock(),
    ...(inspect ? { inspect } : {}),
  });
}
