import { createActor, type ActorRefFrom } from 'xstate';
import { logError } from '../log.js';
import type { MaterialDownloadInputs } from '../machine/attributes.js';
import { materialDownloadMachine } from '../machine/materialDownload.machine.js';
import { inspectorFor, wantsInspection } from './inspection.js';
import { followSettlings, type LinkSettlings } from './linkSettlings.js';
import { watchConnection } from './connectionActor.js';
import { lookupLink } from './lookupActor.js';
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
 * before this returns.
 */
export function startActor(
  host: HTMLElement,
  inputs: MaterialDownloadInputs,
): { actor: MaterialDownloadActor; settlings: LinkSettlings } {
  const inspect = wantsInspection(host) ? inspectorFor(host) : undefined;
  const actor = createActor(elementLogic, { input: { inputs, target: host }, ...(inspect ? { inspect } : {}) });
  const settlings = followSettlings(actor);
  actor.start();
  return { actor, settlings };
}
