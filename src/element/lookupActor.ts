import { fromPromise } from 'xstate';
import { lookupDownloadLink } from '../api/lookup.js';
import type { LookupInput, LookupOutput } from '../machine/materialDownload.machine.js';

/**
 * The machine's `lookupLink`, on the real transport. Once its signal is
 * aborted the promise never settles: under StrictMode, @xstate/react stops
 * and rehydrates the same child actor, and `fromPromise` would otherwise hand
 * the aborted request's rejection to the restarted actor as a failure.
 */
export const lookupLink = fromPromise<LookupOutput, LookupInput>(
  ({ input: { request, attempt }, signal }) =>
    new Promise<LookupOutput>((resolve, reject) => {
      lookupDownloadLink(request, signal, attempt).then(
        (href) => signal.aborted || resolve(href),
        (error: unknown) => signal.aborted || reject(error),
      );
    }),
);
