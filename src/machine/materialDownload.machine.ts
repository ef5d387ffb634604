import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import type { LinkRequest, MaterialDownloadInputs } from './types';
import { validateInputs } from './validateInputs';

export interface MaterialDownloadContext {
  inputs: MaterialDownloadInputs;
  /** The validated request for the current inputs; null while invalid. */
  request: LinkRequest | null;
  /** `loading="lazy"`: the request waits until the element is seen. */
  lazy: boolean;
  href: string | null;
  error: string | null;
  /** Counts input changes, so a view can tell one settling from the next. */
  revision: number;
}

export type MaterialDownloadEvent =
  | { type: 'INPUTS.SET'; inputs: MaterialDownloadInputs }
  /** The element is near the viewport; only a lazy element waiting for it cares. */
  | { type: 'VISIBLE' }
  | { type: 'DESTROY' };

/** What the lookup resolves to: the link, or null when the provider has none. */
export type LookupOutput = string | null;

/**
 * The element's whole behaviour. Every input change re-enters `validating`
 * from any live state; leaving `fetching` stops the lookup actor, which aborts
 * its request, so a late answer can never be applied.
 *
 * `lookupLink` and `reportError` are placeholders: the element provides the
 * real transport and logger (`machine.provide`), tests provide their own.
 */
export const materialDownloadMachine = setup({
  types: {
    context: {} as MaterialDownloadContext,
    events: {} as MaterialDownloadEvent,
    input: {} as MaterialDownloadInputs,
  },
  actors: {
    lookupLink: fromPromise<LookupOutput, LinkRequest>(async () => {
      throw new Error('lookupLink is not provided');
    }),
  },
  actions: {
    assignInputs: assign(({ context, event }) =>
      event.type === 'INPUTS.SET' ? { inputs: event.inputs, revision: context.revision + 1 } : {},
    ),
    clearLink: assign({ href: null, error: null, request: null, lazy: false }),
    assignValidation: assign(({ context }) => {
      const validation = validateInputs(context.inputs);
      return validation.ok
        ? { request: validation.request, lazy: validation.lazy, error: null }
        : { request: null, lazy: false, error: validation.error };
    }),
    assignLink: assign({ href: (_, href: LookupOutput) => href, error: null }),
    assignFailure: assign({ href: null, error: (_, error: unknown) => describeError(error) }),
    /** Told about every disabled settling; `error` is null when the provider simply has no link. */
    reportError: (_, _params: { error: string | null }) => {},
  },
  guards: {
    hasRequest: ({ context }) => context.request !== null,
    canFetchNow: ({ context }) => context.request !== null && !context.lazy,
    hasLink: (_, href: LookupOutput) => href !== null,
  },
}).createMachine({
  id: 'materialDownload',
  context: ({ input }) => ({ inputs: input, request: null, lazy: false, href: null, error: null, revision: 0 }),
  initial: 'validating',
  on: {
    'INPUTS.SET': { target: '.validating', reenter: true, actions: 'assignInputs' },
    DESTROY: '.destroyed',
  },
  states: {
    validating: {
      entry: ['clearLink', 'assignValidation'],
      always: [
        { guard: 'canFetchNow', target: 'fetching' },
        { guard: 'hasRequest', target: 'waiting' },
        { target: 'disabled' },
      ],
    },
    waiting: {
      on: { VISIBLE: 'fetching' },
    },
    fetching: {
      invoke: {
        src: 'lookupLink',
        input: ({ context }) => context.request!,
        onDone: [
          {
            guard: { type: 'hasLink', params: ({ event }) => event.output },
            target: 'enabled',
            actions: { type: 'assignLink', params: ({ event }) => event.output },
          },
          { target: 'disabled' },
        ],
        onError: {
          target: 'disabled',
          actions: { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    enabled: {},
    disabled: {
      entry: {
        type: 'reportError',
        params: ({ context }) => ({ error: context.error }),
      },
    },
    destroyed: { type: 'final' },
  },
});

export type MaterialDownloadMachine = typeof materialDownloadMachine;
export type MaterialDownloadState = 'validating' | 'waiting' | 'fetching' | 'enabled' | 'disabled' | 'destroyed';

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
