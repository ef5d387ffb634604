import { createActor, fromCallback, fromPromise, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { logError } from '../log.js';
import type { MaterialDownloadInputs } from '../machine/attributes.js';
import { createMaterialDownloadMachine, waitsCountedFrom } from '../machine/materialDownload.machine.js';
import type { LookupInput, LookupOutput, MaterialDownloadEvent } from '../machine/materialDownload.types.js';
import { debuggingArrival } from './inspection.js';
import { actorClock, pageTime, pageTransport, whenReconnected } from './pageScheduler.js';

/** How near the viewport a lazy element starts its lookup. */
export const LAZY_ROOT_MARGIN = '200px';

/**
 * The machine's `lookupLink`, on the page's transport; leaving `fetching` aborts
 * its request. The link's expiry is read against the provider's clock, which
 * the answer has just told the page about. An answer that comes while the
 * debugging code is on its way waits for it (see debuggingArrival).
 */
export const lookupLink = fromPromise<LookupOutput, LookupInput>(async ({ input: { request, attempt }, signal }) => {
  const { lookupDownloadLink, clock } = pageTransport();
  const href = await lookupDownloadLink(request, signal, attempt);
  const debugging = debuggingArrival();
  if (debugging) await debugging;
  return href === null ? null : { href, expiresAt: clock.expiryOf(href) };
});

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

/**
 * The machine's `watchConnection`: while an element whose lookup failed on
 * the wire is disabled or waits to retry, the browser coming back online, or the page becoming
 * visible again, is a reason to try once more. The page carries listeners of
 * ours only while some element waits.
 */
export const watchConnection = fromCallback<MaterialDownloadEvent, boolean>(({ input: failedOnWire, sendBack }) => {
  if (!failedOnWire) return undefined;
  return whenReconnected(() => sendBack({ type: 'RECONNECTED' }));
});

/**
 * The machine on the page's transport, observers and console, its waits
 * counted by the page's clock (`actorClock`): built once, with them.
 */
export function buildElementLogic() {
  return createMaterialDownloadMachine({
    actors: { lookupLink, watchVisibility, watchConnection },
    delays: waitsCountedFrom(pageTime),
    reportError: ({ context }, { error }) => error && logError(error, context.target),
  });
}

export type MaterialDownloadActor = ActorRefFrom<ReturnType<typeof buildElementLogic>>;

/** Makes an element's actor, not started yet. */
export type CreateElementActor = ((
  host: HTMLElement,
  inputs: MaterialDownloadInputs,
  inspect: ((event: InspectionEvent) => void) | undefined,
) => MaterialDownloadActor) & {
  /** Builds the statechart now, unless it is built: before a slice's budget starts counting. */
  prepare(): void;
};

/**
 * Actors for the elements of one class, on the page's clock. The statechart
 * is built once, with the page's implementations, for the first actor: not
 * when the file is evaluated, where on a phone it would hold back the lookups
 * the first elements send ahead of their actors (src/element/pageScheduler.ts, 3).
 */
export function elementActors(): CreateElementActor {
  let logic: ReturnType<typeof buildElementLogic> | undefined;
  const prepared = () => (logic ??= buildElementLogic());
  const create = (host: HTMLElement, inputs: MaterialDownloadInputs, inspect?: (event: InspectionEvent) => void) =>
    createActor(prepared(), {
      input: { inputs, target: host },
      clock: actorClock(),
      ...(inspect ? { inspect } : {}),
    });
  return Object.assign(create, { prepare: () => void prepared() });
}
