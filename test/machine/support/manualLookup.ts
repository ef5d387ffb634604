import { fromPromise } from 'xstate';
import type { LinkRequest, LookupInput, LookupOutput } from '../../../src/machine';

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
