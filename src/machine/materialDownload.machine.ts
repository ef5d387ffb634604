import {
  assertEvent,
  createMachine,
  type setup,
  assign,
  fromCallback,
  fromPromise,
  type ActorRefFrom,
  type CallbackActorLogic,
  type DoneActorEvent,
  type ErrorActorEvent,
  type PromiseActorLogic,
  type SnapshotFrom,
} from 'xstate';
import { readLinkExpiry, renewalDueAt } from './linkExpiry.js';
import { isReason } from './materialDownload.types.js';
import type {
  LinkSettling,
  LookupFailure,
  LookupInput,
  LookupOutput,
  MaterialDownloadContext,
  MaterialDownloadEvent,
  MaterialDownloadInput,
} from './materialDownload.types.js';
import { changesValidation, hasRequiredInput, validationOf, type LinkRequest } from './inputs.js';

const linkFound = {
  guard: { type: 'hasLink', params: ({ event }: { event: DoneActorEvent<LookupOutput> }) => event.output },
  target: 'enabled',
  actions: [
    { type: 'assignLink', params: ({ event }: { event: DoneActorEvent<LookupOutput> }) => event.output },
    { type: 'settle', params: 'enabled' },
  ],
} as const;

const failureOf = ({ event }: { event: ErrorActorEvent }) => readLookupFailure(event.error);

const worthRetrying = {
  guard: { type: 'isWorthRetrying', params: failureOf },
  target: 'retrying',
  actions: { type: 'assignRetry', params: failureOf },
} as const;

const failed = { target: 'disabled', actions: { type: 'assignFailure', params: failureOf } } as const;

/** A lookup under way may carry the old credentials: it starts over. */
const lookUpAgain = { REFRESH: { target: 'fetching', reenter: true, actions: 'startOver' } } as const;

/** `fetching` and `refreshing` look up alike; they differ in what a failure does. */
const lookup = {
  id: 'lookup',
  src: 'lookupLink',
  input: ({ context }: { context: MaterialDownloadContext }) => ({
    request: context.request!,
    attempt: context.attempt,
  }),
  onDone: [linkFound, { target: 'disabled', actions: 'assignNotFound' }],
} as const;

/** A link whose expiry cannot be read is never refreshed. */
const UNTIMED = { expiresAt: null, renewAt: null };
const CLEARED = { request: null, lazy: false, href: null, error: null, reason: null, ...UNTIMED };
/** A lookup that found a link is over, retries and all. */
const AFRESH = { attempt: 0, failedOnWire: false, refreshFailed: false };

/** However short a link's life, the next is asked for no sooner: no lookup per round trip. */
export const MIN_RENEWAL_WAIT_MS = 500;

/** A timer may run a little early: a moment this close counts as come. */
const TIMER_SLACK_MS = 20;

/** A link already expired on arrival is kept untimed, rather than asked for again and again. */
function linkLifeOf(expiresAt: number | null | undefined, arrivedAt: number) {
  if (expiresAt == null || expiresAt <= arrivedAt) return UNTIMED;
  return { expiresAt, renewAt: Math.max(renewalDueAt(arrivedAt, expiresAt), arrivedAt + MIN_RENEWAL_WAIT_MS) };
}

const hasCome = (moment: number | null) => moment !== null && Date.now() >= moment - TIMER_SLACK_MS;

/** A server-resolved link is shown at once for valid inputs while it works; the element asks the same as it connects. */
export const takesResolvedLink = (request: LinkRequest | null, href: string | null) =>
  request !== null && href !== null && !hasCome(readLinkExpiry(href));

/** No moment, no number: XState raises the `after` event at once, guards find nothing due, no timer is held. */
const waitUntil = (moment: number | null) =>
  moment === null ? (undefined as unknown as number) : Math.max(0, moment - Date.now());

/** XState's `setup` without the action creators it hands back (0.7 KB gzip). */
export const setupMachine = (({ schemas, actors, actions, guards, delays }: Parameters<typeof setup>[0]) => ({
  createMachine: (config: object) => createMachine({ ...config, schemas }, { actors, actions, guards, delays }),
})) as unknown as typeof setup;

type Unread = { [Field in keyof LookupFailure]?: unknown };

/** Any rejection, as the machine reads it: a page's own lookup may reject with anything. */
export function readLookupFailure(error: unknown): LookupFailure {
  const said: Unread = typeof error === 'object' && error !== null ? error : {};
  return {
    message: typeof said.message === 'string' ? said.message : String(error),
    reason: isReason(said.reason) ? said.reason : 'request-failed',
    retryInMs: typeof said.retryInMs === 'number' ? said.retryInMs : null,
    retryAt: typeof said.retryAt === 'number' ? said.retryAt : null,
    transient: said.transient === true,
  };
}

/**
 * The element's whole behaviour (docs/statechart.md), with placeholders for `lookupLink`, the watchers and `reportError`.
 * @example `createActor(materialDownloadMachine.provide({ actors: { lookupLink } }), { input: { inputs } }).start();`
 */
export const materialDownloadMachine = /* @__PURE__ */ createMaterialDownloadMachine();

/** Given as the statechart is built: `machine.provide` would build it twice. */
export interface MaterialDownloadImplementations {
  actors?: {
    lookupLink?: PromiseActorLogic<LookupOutput, LookupInput>;
    watchVisibility?: CallbackActorLogic<MaterialDownloadEvent, unknown>;
    watchConnection?: CallbackActorLogic<MaterialDownloadEvent, boolean>;
  };
  reportError?: (args: { context: MaterialDownloadContext }, params: { error: string | null }) => void;
}

/** A new statechart with `implementations` in place of its placeholders. @example `createMaterialDownloadMachine({ actors: { lookupLink } })` */
export function createMaterialDownloadMachine({ actors, reportError }: MaterialDownloadImplementations = {}) {
  return setupMachine({
    types: {
      context: {} as MaterialDownloadContext,
      events: {} as MaterialDownloadEvent,
      input: {} as MaterialDownloadInput,
    },
    actors: {
      lookupLink: fromPromise<LookupOutput, LookupInput>(() => Promise.reject(new Error('lookupLink is not provided'))),
      // Without a way to tell when the target is seen, it is seen at once.
      watchVisibility: fromCallback<MaterialDownloadEvent, unknown>(({ sendBack }) => sendBack({ type: 'VISIBLE' })),
      watchConnection: fromCallback<MaterialDownloadEvent, boolean>(() => {}),
      ...actors,
    },
    delays: {
      // One instant for every operation of a failed request: their retries share a batch.
      retryDelay: ({ context }) =>
        context.retryAt === null ? context.retryInMs : Math.max(0, context.retryAt - Date.now()),
      renewalDelay: ({ context }) => waitUntil(context.renewAt),
      expiryDelay: ({ context }) => waitUntil(context.expiresAt),
    },
    actions: {
      assignInputs: assign(({ event }) => {
        assertEvent(event, 'INPUTS.SET');
        return { inputs: event.inputs };
      }),
      clearLink: assign({ ...CLEARED, ...AFRESH }),
      assignValidation: assign(({ context }) => {
        const { validation } = validationOf(context.inputs);
        if (validation.ok) return { request: validation.request, lazy: validation.lazy, error: null, reason: null };
        return { request: null, lazy: false, error: validation.error, reason: 'invalid-input', resolvedHref: null };
      }),
      assignLink: assign((_, found: LookupOutput) => {
        const link = typeof found === 'string' ? { href: found, expiresAt: readLinkExpiry(found) } : found;
        return {
          href: link?.href ?? null,
          error: null,
          reason: null,
          ...AFRESH,
          ...linkLifeOf(link?.expiresAt, Date.now()),
        };
      }),
      // Read once: a later input change looks up as always.
      takeResolvedLink: assign(({ context }) => ({
        href: context.resolvedHref,
        resolvedHref: null,
        ...linkLifeOf(readLinkExpiry(context.resolvedHref!), Date.now()),
      })),
      assignNotFound: assign({ href: null, error: null, reason: 'not-found' as const, ...UNTIMED }),
      // The link still works: one more try, halfway to its end.
      assignRefreshRetry: assign(({ context }) => ({
        refreshFailed: true,
        renewAt: (Date.now() + context.expiresAt!) / 2,
      })),
      expireLink: assign({ href: null, error: null, reason: 'expired' as const, ...UNTIMED }),
      assignFailure: assign((_, failure: LookupFailure) => ({
        ...UNTIMED,
        href: null,
        error: failure.message,
        reason: failure.reason,
        failedOnWire: failure.transient,
      })),
      assignRetry: assign(({ context }, failure: LookupFailure) => ({
        attempt: context.attempt + 1,
        retryInMs: failure.retryInMs ?? 0,
        retryAt: failure.retryAt,
      })),
      // What the last lookup said is over: a lookup that now finds no link must not repeat it.
      startOver: assign({ ...AFRESH, error: null, reason: null }),
      // `error` is null when the provider simply has no link.
      reportError: reportError ?? ((_, _params: { error: string | null }) => {}),
      settle: assign(({ context }, state: LinkSettling['state']) => ({
        settled: {
          state,
          href: state === 'enabled' ? context.href : null,
          error: context.error,
          reason: state === 'enabled' ? null : context.reason,
        },
      })),
    },
    guards: {
      hasRequiredInput: ({ context }) => hasRequiredInput(context.inputs),
      hasRequest: ({ context }) => context.request !== null,
      failedOnWire: ({ context }) => context.failedOnWire,
      canFetchNow: ({ context }) => context.request !== null && !context.lazy,
      // One that expired before the page arrived (HTML from a cache) is looked up at once instead.
      hasResolvedLink: ({ context }) => takesResolvedLink(context.request, context.resolvedHref),
      hasLink: (_, href: LookupOutput) => href !== null,
      isRenewalDue: ({ context }) => hasCome(context.renewAt),
      isExpired: ({ context }) => hasCome(context.expiresAt),
      // A refusal says this visitor may no longer have the link: it goes at once.
      canTryRefreshAgain: ({ context }, failure: LookupFailure) =>
        failure.reason !== 'unauthorized' && !context.refreshFailed && !hasCome(context.expiresAt),
      isWorthRetrying: (_, failure: LookupFailure) => failure.retryInMs !== null,
      changesRequest: ({ context, event }) => {
        assertEvent(event, 'INPUTS.SET');
        return changesValidation(context.inputs, event.inputs);
      },
    },
  }).createMachine({
    id: 'materialDownload',
    context: ({ input }) => ({
      inputs: input.inputs,
      target: input.target ?? null,
      resolvedHref: input.resolvedHref ?? null,
      ...CLEARED,
      ...AFRESH,
      retryInMs: 0,
      retryAt: null,
      settled: null,
    }),
    initial: 'idle',
    on: {
      'INPUTS.SET': [
        { guard: 'changesRequest', target: '.validating', reenter: true, actions: 'assignInputs' },
        { actions: 'assignInputs' },
      ],
      DESTROY: '.destroyed',
    },
    states: {
      // Frameworks insert an element before they bind it: without a required input, nothing is missing yet.
      idle: {
        always: { guard: 'hasRequiredInput', target: 'validating' },
        on: { 'INPUTS.SET': { actions: 'assignInputs' } },
      },
      validating: {
        entry: ['clearLink', 'assignValidation'],
        always: [
          {
            guard: 'hasResolvedLink',
            target: 'enabled',
            actions: ['takeResolvedLink', { type: 'settle', params: 'enabled' }],
          },
          { guard: 'canFetchNow', target: 'fetching' },
          { guard: 'hasRequest', target: 'waiting' },
          'disabled',
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
      fetching: { invoke: { ...lookup, onError: [worthRetrying, failed] }, on: lookUpAgain },
      // Tries that failed offline say nothing of the provider: back online, every try is ahead again.
      retrying: {
        after: { retryDelay: 'fetching' },
        invoke: { id: 'connection', src: 'watchConnection', input: true },
        on: { RECONNECTED: { target: 'fetching', actions: 'startOver' }, ...lookUpAgain },
      },
      enabled: {
        // The link stays on the anchor until the next one comes.
        on: { REFRESH: { target: 'refreshing', actions: 'startOver' } },
        after: {
          renewalDelay: [
            { guard: 'isExpired', target: 'expired' },
            { guard: 'isRenewalDue', target: 'refreshing' },
          ],
        },
      },
      // The current link works until the next comes; a failure meanwhile tries once more, later.
      refreshing: {
        after: { expiryDelay: { guard: 'isExpired', target: 'expired' } },
        on: { REFRESH: { target: 'refreshing', reenter: true, actions: 'startOver' } },
        invoke: {
          ...lookup,
          onError: [
            {
              guard: { type: 'canTryRefreshAgain', params: failureOf },
              target: 'enabled',
              actions: 'assignRefreshRetry',
            },
            worthRetrying,
            failed,
          ],
        },
      },
      // A refresh in flight is not sent twice: an identical operation still on the wire is shared.
      expired: { entry: ['expireLink', { type: 'settle', params: 'disabled' }], always: 'fetching' },
      disabled: {
        // Only a lookup that failed on the wire has something to wait for; nothing in the watch can fail.
        invoke: { id: 'connection', src: 'watchConnection', input: ({ context }) => context.failedOnWire },
        on: {
          RECONNECTED: { guard: 'failedOnWire', target: 'fetching', actions: 'startOver' },
          // Invalid inputs have nothing to look up.
          REFRESH: { guard: 'hasRequest', target: 'fetching', actions: 'startOver' },
        },
        entry: [
          { type: 'reportError', params: ({ context }) => ({ error: context.error }) },
          { type: 'settle', params: 'disabled' },
        ],
      },
      destroyed: { type: 'final' },
    },
  });
}

export type MaterialDownloadMachine = typeof materialDownloadMachine;

export type MaterialDownloadActor = ActorRefFrom<MaterialDownloadMachine>;

/** Every state, as the definition names them; a pure call, so a bundle that never reads it builds nothing. */
export const MATERIAL_DOWNLOAD_STATES = /* @__PURE__ */ (() =>
  Object.keys(materialDownloadMachine.root.states) as MaterialDownloadState[])();

/** What the element reflects as its `data-state`. */
export type MaterialDownloadState = SnapshotFrom<MaterialDownloadMachine>['value'];
