import { fromPromise } from 'xstate';
import { lookupDownloadLink } from '../api/lookup';
import type { LookupOutput } from '../machine/materialDownload.machine';
import type { LinkRequest } from '../machine/types';

/**
 * The machine's `lookupLink`, on the real transport. Once its signal is
 * aborted the promise never settles: under StrictMode, @xstate/react stops
 * and rehydrates the same child actor, and `fromPromise` would otherwise hand
 * the aborted request's rejection to the restarted actor as a failure.
 */
export const lookupLink = fromPromise<LookupOutput, LinkRequest>(
  ({ input, signal }) =>
    new Promise<LookupOutput>((resolve, reject) => {
      lookupDownloadLink(input, signal).then(
        (href) => signal.aborted || resolve(href),
        (error: unknown) => signal.aborted || reject(error),
      );
    }),
);
