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
import { readLookupFailure, type LookupFailure } from './lookupFailure.js';
import type {
  LinkSettling,
  LookupInput,
  LookupOutput,
  MaterialDownloadContext,
  MaterialDownloadEvent,
  MaterialDownloadInput,
} from './materialDownload.types.js';
import { changesValidation, hasRequiredInput, validationOf } from './inputs.js';

/** A lookup that found a link: it is kept, timed, and announced. `fetching` and `refreshing` end so alike. */
const linkFound = {
  guard: { type: 'hasLink', params: ({ event }: { event: DoneActorEvent<LookupOutput> }) => event.output },
  target: 'enabled',
  actions: [
    { type: 'assignLink', params: ({ event }: { event: DoneActorEvent<LookupOutput> }) => event.output },
    { type: 'settle', params: 'enabled' },
  ],
} as const;

/** A failed lookup, as its guard and actions take it: whatever the lookup rejected with, through the one reader. */
const failureOf = ({ event }: { event: ErrorActorEvent }) => readLookupFailure(event.error);

const worthRetrying = {
  guard: { type: 'isWorthRetrying', params: failureOf },
  target: 'retrying',
  actions: { type: 'assignRetry', params: failureOf },
} as const;

const failed = {
  target: 'disabled',
  actions: { type: 'assignFailure', params: failureOf },
} as const;

/** A link whose expiry cannot be read: looked up once, never refreshed. */
const UNTIMED = { expiresAt: null, renewAt: null };

/**
 * However short a link's life, the next one is asked for no sooner than this
 * after the last arrived: a provider handing out links about to die gets two
 * lookups a second from an element, not one per round trip.
 */
export const MIN_RENEWAL_WAIT_MS = 500;

/** A timer may run a little early: a moment this close counts as come. */
const TIMER_SLACK_MS = 20;

/** A link that expired already is a provider handing out dead links: kept, untimed, rather than asked for again and again. */
function linkLifeOf(expiresAt: number | null, arrivedAt: number) {
  if (expiresAt === null || expiresAt <= arrivedAt) return UNTIMED;
  return { expiresAt, renewAt: Math.max(renewalDueAt(arrivedAt, expiresAt), arrivedAt + MIN_RENEWAL_WAIT_MS) };
}

const hasCome = (moment: number | null) => moment !== null && Date.now() >= moment - TIMER_SLACK_MS;

/**
 * How long until `moment`. For none, no number: XState then raises the
 * `after` event at once instead of scheduling it, the guards find nothing
 * due, and an element whose link never expires holds no timer.
 */
const waitUntil = (moment: number | null) =>
  moment === null ? (undefined as unknown as number) : Math.max(0, moment - Date.now());

/**
 * XState's `setup` as the statechart uses it: `createMachine` alone, without
 * the action creators XState's hands back beside it (0.7 KB gzip a file a
 * minifier keeps for nothing). Typed as XState's; take action creators from `xstate`.
 */
export const setupMachine = (({ schemas, actors, actions, guards, delays }: Parameters<typeof setup>[0]) => ({
  createMachine: (config: object) => createMachine({ ...config, schemas }, { actors, actions, guards, delays }),
})) as unknown as typeof setup;

/**
 * The element's whole behaviour. It starts `idle` until one of the required
 * inputs is there, then validates. An input change that alters the request
 * re-enters `validating` from any live state; leaving `fetching` stops the
 * lookup actor, which aborts its request, so a late answer is never applied.
 * A change that leaves the request as it was is only remembered.
 *
 * A lookup that fails on the wire and says when to try again is retried
 * after that long (`retrying`); one that fails on the wire for good waits,
 * disabled, for the connection to come back.
 *
 * A signed link whose expiry it can read is refreshed once 80% of its life
 * since it arrived has passed (`refreshing`, the link kept meanwhile); one
 * that runs out first is removed at once (`expired`, announced with reason
 * `expired`) and looked up again. The waits run on the actor's clock, so a
 * clock that sleeps with the page must catch up when the page wakes (the
 * element's does), and one that waits past 2^31−1 ms serves links that live
 * longer than 24 days.
 *
 * `lookupLink`, `watchVisibility`, `watchConnection` and `reportError` are
 * placeholders: the element provides the real transport, observers and logger
 * (`createMaterialDownloadMachine(implementations)`), tests provide their own
 * (that, or `machine.provide`).
 *
 * @example
 * ```ts
 * import { createActor, fromPromise } from 'xstate';
 * import { connect, materialDownloadMachine, type LookupInput, type LookupOutput } from 'cm-material-download';
 *
 * const machine = materialDownloadMachine.provide({
 *   actors: {
 *     lookupLink: fromPromise<LookupOutput, LookupInput>(
 *       async ({ input }) => `https://files.example.com/${input.request.articleId}.zip`,
 *     ),
 *   },
 * });
 * const actor = createActor(machine, { input: { inputs: { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' } } });
 * actor.subscribe((snapshot) => console.log(connect(snapshot))); // { state: 'enabled', href: '…', disabled: false }
 * actor.start();
 * ```
 */
export const materialDownloadMachine = /* @__PURE__ */ createMaterialDownloadMachine();

/**
 * What stands in for the statechart's placeholders, given when it is built:
 * as `machine.provide` would, without building the statechart a second time.
 */
export interface MaterialDownloadImplementations {
  actors?: {
    lookupLink?: PromiseActorLogic<LookupOutput, LookupInput>;
    watchVisibility?: CallbackActorLogic<MaterialDownloadEvent, unknown>;
    watchConnection?: CallbackActorLogic<MaterialDownloadEvent, boolean>;
  };
  reportError?: (args: { context: MaterialDownloadContext }, params: { error: string | null }) => void;
}

/**
 * A new copy of the statechart, as `materialDownloadMachine` is built, with
 * `implementations` in place of its placeholders. The element builds its own
 * on its first actor rather than when its file is evaluated: on a phone,
 * building the statechart takes longer than the page's first lookups need to
 * leave, and they do not need it.
 *
 * @example
 * ```ts
 * const machine = createMaterialDownloadMachine({ actors: { lookupLink } });
 * ```
 */
export function createMaterialDownloadMachine({ actors, reportError }: MaterialDownloadImplementations = {}) {
  return setupMachine({
    types: {
      context: {} as MaterialDownloadContext,
      events: {} as MaterialDownloadEvent,
      input: {} as MaterialDownloadInput,
    },
    actors: {
      lookupLink: fromPromise<LookupOutput, LookupInput>(() => Promise.reject(new Error('lookupLink is not provided'))),
      /** Sends VISIBLE once the target is near the viewport; without a way to tell, at once. */
      watchVisibility: fromCallback<MaterialDownloadEvent, unknown>(({ sendBack }) => {
        sendBack({ type: 'VISIBLE' });
      }),
      /** Sends RECONNECTED when the connection may be back; given false, it has nothing to watch for. */
      watchConnection: fromCallback<MaterialDownloadEvent, boolean>(() => {}),
      ...actors,
    },
    // Date.now read at each count: a test (or a page) may replace it.
    delays: {
      // Counted to one instant for every operation of a failed request: their retries share a batch again.
      retryDelay: ({ context }) =>
        context.retryAt === null ? context.retryInMs : Math.max(0, context.retryAt - Date.now()),
      renewalDelay: ({ context }) => waitUntil(context.renewAt),
      expiryDelay: ({ context }) => waitUntil(context.expiresAt),
    },
    actions: {
      // Taken on INPUTS.SET only: another event here is a wiring mistake, and says so.
      assignInputs: assign(({ event }) => {
        assertEvent(event, 'INPUTS.SET');
        return { inputs: event.inputs };
      }),
      clearLink: assign({
        href: null,
        error: null,
        reason: null,
        request: null,
        lazy: false,
        attempt: 0,
        failedOnWire: false,
        ...UNTIMED,
        refreshFailed: false,
      }),
      assignValidation: assign(({ context }) => {
        const { validation } = validationOf(context.inputs);
        return validation.ok
          ? { request: validation.request, lazy: validation.lazy, error: null, reason: null }
          : { request: null, lazy: false, error: validation.error, reason: 'invalid-input' as const };
      }),
      // A lookup that found a link is over, retries and all: the next one (a refresh) starts afresh.
      assignLink: assign((_, found: LookupOutput) => {
        const link = typeof found === 'string' ? { href: found, expiresAt: readLinkExpiry(found) } : found;
        return {
          href: link?.href ?? null,
          error: null,
          reason: null,
          attempt: 0,
          failedOnWire: false,
          refreshFailed: false,
          ...(link ? linkLifeOf(link.expiresAt, Date.now()) : UNTIMED),
        };
      }),
      assignNotFound: assign({ href: null, error: null, reason: 'not-found' as const, ...UNTIMED }),
      // The link still works: one more try before it runs out.
      assignRefreshRetry: assign(({ context }) => ({
        refreshFailed: true,
        // Halfway between now and the end of the link's life.
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
        // Taken only after isWorthRetrying: the failure said how long to wait.
        retryInMs: failure.retryInMs ?? 0,
        retryAt: failure.retryAt,
      })),
      // The failure that was waited out is over: a lookup that now finds no link must not repeat it.
      startOver: assign({ attempt: 0, failedOnWire: false, error: null, reason: null }),
      /** Told about every disabled settling; `error` is null when the provider simply has no link. */
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
      hasLink: (_, href: LookupOutput) => href !== null,
      isRenewalDue: ({ context }) => hasCome(context.renewAt),
      isExpired: ({ context }) => hasCome(context.expiresAt),
      canTryRefreshAgain: ({ context }) => !context.refreshFailed && !hasCome(context.expiresAt),
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
      request: null,
      lazy: false,
      href: null,
      error: null,
      reason: null,
      attempt: 0,
      retryInMs: 0,
      retryAt: null,
      failedOnWire: false,
      ...UNTIMED,
      refreshFailed: false,
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
      /**
       * None of the required inputs yet: frameworks insert an element before
       * they bind it, so nothing is missing yet. Waits quietly (no message, no
       * settling, no request); the first required input starts validation.
       */
      idle: {
        always: { guard: 'hasRequiredInput', target: 'validating' },
        on: { 'INPUTS.SET': { actions: 'assignInputs' } },
      },
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
          input: ({ context }) => ({ request: context.request!, attempt: context.attempt }),
          onDone: [linkFound, { target: 'disabled', actions: 'assignNotFound' }],
          onError: [worthRetrying, failed],
        },
      },
      /**
       * A lookup failed on the wire; the next try waits as long as the failure
       * said. Tries that failed while the browser was offline say nothing of the
       * provider: coming back online tries at once, with every try ahead again.
       */
      retrying: {
        after: { retryDelay: 'fetching' },
        invoke: { id: 'connection', src: 'watchConnection', input: true },
        on: { RECONNECTED: { target: 'fetching', actions: 'startOver' } },
      },
      /** A link is known. A signed one is refreshed when its renewal is due, or looked up again if it expired meanwhile. */
      enabled: {
        after: {
          renewalDelay: [
            { guard: 'isExpired', target: 'expired' },
            { guard: 'isRenewalDue', target: 'refreshing' },
          ],
        },
      },
      /**
       * The next link is on its way; the current one works until it comes (the
       * host stays enabled). A failure while it still works tries once more,
       * later; a second one is a failed lookup like any other.
       */
      refreshing: {
        after: { expiryDelay: { guard: 'isExpired', target: 'expired' } },
        invoke: {
          id: 'lookup',
          src: 'lookupLink',
          input: ({ context }) => ({ request: context.request!, attempt: context.attempt }),
          onDone: [linkFound, { target: 'disabled', actions: 'assignNotFound' }],
          onError: [
            { guard: 'canTryRefreshAgain', target: 'enabled', actions: 'assignRefreshRetry' },
            worthRetrying,
            failed,
          ],
        },
      },
      /**
       * The link ran out before a fresh one came: it is removed at once and the
       * page told why, and the lookup goes on. (A refresh in flight is not sent
       * twice: an identical operation still on the wire is shared.)
       */
      expired: {
        entry: ['expireLink', { type: 'settle', params: 'disabled' }],
        always: { target: 'fetching' },
      },
      disabled: {
        // Only a lookup that failed on the wire has something to wait for; nothing in the watch can fail.
        invoke: { id: 'connection', src: 'watchConnection', input: ({ context }) => context.failedOnWire },
        on: { RECONNECTED: { guard: 'failedOnWire', target: 'fetching', actions: 'startOver' } },
        entry: [
          { type: 'reportError', params: ({ context }) => ({ error: context.error }) },
          { type: 'settle', params: 'disabled' },
        ],
      },
      destroyed: { type: 'final' },
    },
  });
}

/**
 * The machine's type, for XState's helpers.
 *
 * @example
 * ```ts
 * import type { ActorRefFrom, SnapshotFrom } from 'xstate';
 *
 * type MaterialDownloadActorRef = ActorRefFrom<MaterialDownloadMachine>;
 * type MaterialDownloadSnapshot = SnapshotFrom<MaterialDownloadMachine>;
 * ```
 */
export type MaterialDownloadMachine = typeof materialDownloadMachine;

/** An actor of the machine, as an element runs it. */
export type MaterialDownloadActor = ActorRefFrom<MaterialDownloadMachine>;

/**
 * Every state of the machine, as its definition names them.
 *
 * @example
 * ```ts
 * MATERIAL_DOWNLOAD_STATES; // ['idle', 'validating', 'waiting', 'fetching', 'retrying', 'enabled', 'refreshing', 'expired', 'disabled', 'destroyed']
 * ```
 */
export const MATERIAL_DOWNLOAD_STATES = /* @__PURE__ */ statesOf(materialDownloadMachine);

/** A call, so that a bundle which never reads the list does not build the statechart for it. */
function statesOf(machine: MaterialDownloadMachine): MaterialDownloadState[] {
  return Object.keys(machine.root.states) as MaterialDownloadState[];
}

/**
 * A state of the machine; what the element reflects as its `data-state`.
 *
 * @example
 * ```ts
 * const busy = (state: MaterialDownloadState) => state === 'validating' || state === 'fetching' || state === 'retrying';
 * ```
 */
export type MaterialDownloadState = SnapshotFrom<MaterialDownloadMachine>['value'];
