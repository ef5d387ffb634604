import { assign, emit, fromCallback, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { MaterialDownloadInputs } from './attributes';
import { changesValidation } from './changesValidation';
import type { LinkRequest } from './types';
import { validateInputs } from './validateInputs';

export interface MaterialDownloadInput {
  inputs: MaterialDownloadInputs;
  /** The element this actor works for: what `loading="lazy"` watches and logs point at. Opaque here. */
  target?: unknown;
}

export interface MaterialDownloadContext {
  inputs: MaterialDownloadInputs;
  target: unknown;
  /** The validated request for the current inputs; null while invalid. */
  request: LinkRequest | null;
  /** `loading="lazy"`: the request waits until the element is seen. */
  lazy: boolean;
  href: string | null;
  error: string | null;
}

export type MaterialDownloadEvent =
  | { type: 'INPUTS.SET'; inputs: MaterialDownloadInputs }
  /** The element is near the viewport; only a lazy element waiting for it cares. */
  | { type: 'VISIBLE' }
  | { type: 'DESTROY' };

/** Announced each time the element settles: the element turns it into `cm-link-change`. */
export interface LinkSettledEvent {
  type: 'link.settled';
  state: 'enabled' | 'disabled';
  href: string | null;
  error: string | null;
}

/** What the lookup resolves to: the link, or null when the provider has none. */
export type LookupOutput = string | null;

/**
 * The element's whole behaviour. An input change that alters the request
 * re-enters `validating` from any live state; leaving `fetching` stops the
 * lookup actor, which aborts its request, so a late answer is never applied.
 * A change that leaves the request as it was is only remembered.
 *
 * `lookupLink`, `watchVisibility` and `reportError` are placeholders: the
 * element provides the real transport, observer and logger
 * (`machine.provide`), tests provide their own.
 */
export const materialDownloadMachine = setup({
  types: {
    context: {} as MaterialDownloadContext,
    events: {} as MaterialDownloadEvent,
    input: {} as MaterialDownloadInput,
    emitted: {} as LinkSettledEvent,
  },
  actors: {
    lookupLink: fromPromise<LookupOutput, LinkRequest>(async () => {
      throw new Error('lookupLink is not provided');
    }),
    /** Sends VISIBLE once the target is near the viewport; without a way to tell, at once. */
    watchVisibility: fromCallback<MaterialDownloadEvent, unknown>(({ sendBack }) => {
      sendBack({ type: 'VISIBLE' });
    }),
  },
  actions: {
    assignInputs: assign(({ event }) => (event.type === 'INPUTS.SET' ? { inputs: event.inputs } : {})),
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
    announceSettled: emit(({ context }, state: LinkSettledEvent['state']) => ({
      type: 'link.settled' as const,
      state,
      href: state === 'enabled' ? context.href : null,
      error: context.error,
    })),
  },
  guards: {
    hasRequest: ({ context }) => context.request !== null,
    canFetchNow: ({ context }) => context.request !== null && !context.lazy,
    hasLink: (_, href: LookupOutput) => href !== null,
    changesRequest: ({ context, event }) =>
      event.type === 'INPUTS.SET' && changesValidation(context.inputs, event.inputs),
  },
}).createMachine({
  id: 'materialDownload',
  context: ({ input }) => ({
    inputs: input.inputs,
    target: input.target ?? null,
    request: null,
    lazy: false,
    href: null,
    error: null,
  }),
  initial: 'validating',
  on: {
    'INPUTS.SET': [
      { guard: 'changesRequest', target: '.validating', reenter: true, actions: 'assignInputs' },
      { actions: 'assignInputs' },
    ],
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
      invoke: {
        id: 'visibility',
        src: 'watchVisibility',
        input: ({ context }: { context: MaterialDownloadContext }) => context.target,
        // Nothing can tell when it is seen: fetching is better than never fetching.
        onError: 'fetching',
      },
      on: { VISIBLE: 'fetching' },
    },
    fetching: {
      invoke: {
        id: 'lookup',
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
    enabled: {
      entry: { type: 'announceSettled', params: 'enabled' },
    },
    disabled: {
      entry: [
        { type: 'reportError', params: ({ context }) => ({ error: context.error }) },
        { type: 'announceSettled', params: 'disabled' },
      ],
    },
    destroyed: { type: 'final' },
  },
});

export type MaterialDownloadMachine = typeof materialDownloadMachine;

/** Every state of the machine, as its definition names them. */
export const MATERIAL_DOWNLOAD_STATES = Object.keys(materialDownloadMachine.root.states) as MaterialDownloadState[];
export type MaterialDownloadState = SnapshotFrom<MaterialDownloadMachine>['value'];

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
