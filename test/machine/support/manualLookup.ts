import { fromPromise, type Actor, type AnyStateMachine } from 'xstate';
import type { LinkRequest, LinkSettling, LookupInput, LookupOutput } from '../../../src/machine';

/** A lookup the test answers by hand, recording what each call was asked, when, and whether it was aborted. */
export function manualLookup() {
  const calls: {
    request: LinkRequest;
    attempt: number;
    at: number;
    signal: AbortSignal;
    resolve: (href: LookupOutput) => void;
    reject: (e: Error) => void;
  }[] = [];
  const logic = fromPromise<LookupOutput, LookupInput>(
    ({ input, signal }) =>
      new Promise((resolve, reject) =>
        calls.push({ request: input.request, attempt: input.attempt, at: Date.now(), signal, resolve, reject }),
      ),
  );
  return { calls, logic };
}

/** Each settling an actor makes, in order: a new `context.settled` each time, as the element hears them. */
export function settlingsOf(actor: Actor<AnyStateMachine>): LinkSettling[] {
  const settlings: LinkSettling[] = [];
  let last: LinkSettling | null = null;
  actor.subscribe(({ context: { settled } }: { context: { settled: LinkSettling | null } }) => {
    if (settled && settled !== last) settlings.push(settled);
    last = settled;
  });
  return settlings;
}
