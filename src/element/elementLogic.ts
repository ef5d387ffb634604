import { createActor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import { logError } from '../log.js';
import type { MaterialDownloadInputs } from '../machine/attributes.js';
import { materialDownloadMachine } from '../machine/materialDownload.machine.js';
import { channelObserver, enterChannel } from './inspectorChannel.js';
import { inspectorFor, wantsInspection } from './inspection.js';
import { followSettlings, type LinkSettlings } from './linkSettlings.js';
import { watchConnection } from './connectionActor.js';
import { lookupLink } from './lookupActor.js';
import { sharedClock } from './sharedClock.js';
import { watchVisibility } from './visibilityActor.js';

/** The machine on the real transport, observer and console; provided once for every element. */
export const elementLogic = materialDownloadMachine.provide({
  actors: { lookupLink, watchVisibility, watchConnection },
  actions: { reportError: ({ context }, { error }) => error && logError(error, context.target) },
});

export type MaterialDownloadActor = ActorRefFrom<typeof elementLogic>;

/**
 * A started actor for `host`, and its settlings followed from the start (an
 * invalid input settles during `start()`). Its lookup, if any, is queued
 * before this returns. An inspector on the page sees it from its first
 * transition (see inspectorChannel.ts).
 */
export function startActor(
  host: HTMLElement,
  inputs: MaterialDownloadInputs,
): { actor: MaterialDownloadActor; settlings: LinkSettlings } {
  const inspect = bothObservers(wantsInspection(host) ? inspectorFor(host) : undefined, channelObserver(host));
  const actor = createActor(elementLogic, {
    input: { inputs, target: host },
    clock: sharedClock,
    ...(inspect ? { inspect } : {}),
  });
  const settlings = followSettlings(actor);
  enterChannel(host, actor);
  actor.start();
  return { actor, settlings };
}

type Observe = (event: InspectionEvent) => void;

/** One observer or none: XState builds no inspection events without one. */
function bothObservers(first: Observe | undefined, second: Observe | undefined): Observe | undefined {
  if (!first || !second) return first ?? second;
  return (event) => {
    first(event);
    second(event);
  };
}
