import { createMachine } from 'xstate';

/**
 * What a customer can do to one element, and what it should show, as a
 * statechart of its own. `createTestModel` refuses `invoke` and `after` and
 * hides `always`, so this is not the real machine: each step is executed on
 * the real element in Chromium, and the real machine's microsteps (including
 * the transient `validating`) are traced and checked against its definition.
 *
 * It starts `idle`, inserted without inputs; the first inputs start it.
 * `fetching` remembers which answer the held request will get once released.
 * The page allows one retry (`retry: { attempts: 1 }`): a lookup that fails
 * on the wire is tried once more (`lastTry`), then given up until the
 * browser comes back online (`disabled.offline`).
 *
 * A signed link (`INPUT.SIGNED`: the provider signs it to live a few
 * seconds) is refreshed when its renewal is due, keeping the link
 * meanwhile; the test answers each refresh as the step says: the fresh
 * link, no link, a failure, or not before the link expired. A page whose
 * timers slept past the link's expiry finds it expired when they run.
 *
 * `refresh()` looks a link up again wherever there is a request: a link stays on the anchor while
 * its lookup is out, a lookup under way starts over from its first try; an element waiting for
 * inputs, not yet seen or with invalid inputs is left alone.
 */

/** A step that leaves the model where it is. (XState ignores a transition with neither target nor action.) */
function staysPut(): void {}

const inputs = {
  'INPUT.LINK': '#element.fetching.link',
  'INPUT.NONE': '#element.fetching.none',
  'INPUT.FAULT': '#element.fetching.fault',
  'INPUT.WIRE': '#element.fetching.wire',
  'INPUT.INVALID': '#element.disabled.invalid',
  'INPUT.LAZY': '#element.waiting',
  'INPUT.SIGNED': '#element.signedFetching',
  /** Lazy inputs on a page whose IntersectionObserver throws: nothing can tell when it is seen, so it fetches at once. */
  'INPUT.LAZY_UNOBSERVABLE': '#element.fetching.link',
  /** A change that leaves the request as it was (a default spelled out, or left out again): nothing happens. */
  'INPUT.SAME': { actions: staysPut },
} as const;

export const elementModel = createMachine({
  id: 'element',
  initial: 'idle',
  states: {
    /** Inserted with none of organization-id, article-id and type, as frameworks insert before they bind: quiet. */
    idle: {
      on: {
        ...inputs,
        /** In its place, an element whose anchor holds a link the page's server resolved: enabled, nothing asked. */
        RESOLVED_START: '#element.enabled',
        REFRESH: { actions: staysPut },
        DESTROY: 'destroyed',
      },
    },
    fetching: {
      initial: 'link',
      states: {
        link: { on: { ANSWER: '#element.enabled', REFRESH: '#element.fetching.link' } },
        none: { on: { ANSWER: '#element.disabled.settled', REFRESH: '#element.fetching.none' } },
        fault: { on: { ANSWER: '#element.disabled.settled', REFRESH: '#element.fetching.fault' } },
        /** The provider is unavailable for now (HTTP 503, 502): worth another try. */
        wire: { on: { ANSWER: '#element.retrying', REFRESH: '#element.fetching.wire' } },
        /** The retry; unavailable again, and no tries left. Asked again, it is a first try. */
        lastTry: { on: { ANSWER: '#element.disabled.offline', REFRESH: '#element.fetching.wire' } },
      },
      on: { ...inputs, DESTROY: 'destroyed' },
    },
    /** Lazy inputs, the element below the fold; scrolling it into view releases the request. */
    waiting: {
      on: { ...inputs, VISIBLE: '#element.fetching.link', REFRESH: { actions: staysPut }, DESTROY: 'destroyed' },
    },
    /** Waiting out the retry delay; once it passes, the request goes out again. */
    retrying: {
      on: {
        ...inputs,
        RETRY_DUE: '#element.fetching.lastTry',
        /** Back online before the retry is due: it goes out at once, from the first attempt. */
        RECONNECT: '#element.fetching.wire',
        REFRESH: '#element.fetching.wire',
        DESTROY: 'destroyed',
      },
    },
    enabled: { on: { ...inputs, REFRESH: '#element.askedAgain', DESTROY: 'destroyed' } },
    /** `refresh()`'s lookup of a plain link is out (held), the link still on the anchor. */
    askedAgain: { on: { ANSWER: '#element.enabled' } },
    /** The lookup of a signed link is out. */
    signedFetching: { on: { ANSWER: '#element.signed', REFRESH: '#element.signedFetching' } },
    /** Enabled with a signed link, until its renewal is due; or asleep past its expiry. */
    signed: {
      on: {
        RENEWAL_DUE: '#element.refreshing.first',
        SLEEP_PAST_EXPIRY: '#element.expiredFetching',
        REFRESH: '#element.refreshing.first',
      },
    },
    /** Its refresh is out (held), the link still on the anchor. */
    refreshing: {
      initial: 'first',
      states: {
        first: {
          on: {
            ANSWER: '#element.signed',
            ANSWER_NONE: '#element.disabled.settled',
            FAIL_REFRESH: '#element.signedRetry',
            EXPIRE: '#element.expiredFetching',
          },
        },
        /** A refresh of this link failed before: one more failure is a failed lookup like any other. */
        again: { on: { FAIL_REFRESH: '#element.disabled.settled', FAIL_REFRESH_WIRE: '#element.retrying' } },
      },
      on: {
        'INPUT.LINK': inputs['INPUT.LINK'],
        'INPUT.SAME': inputs['INPUT.SAME'],
        /** Asked again: a refresh that failed before is forgotten. */
        REFRESH: '#element.refreshing.first',
        DESTROY: 'destroyed',
      },
    },
    /** A refresh failed while the link works: it stays, and the refresh is tried once more before it expires. */
    signedRetry: { on: { RENEWAL_DUE: '#element.refreshing.again', REFRESH: '#element.refreshing.first' } },
    /** The link expired before a fresh one came: removed, reason expired, while the lookup goes on. */
    expiredFetching: { on: { ANSWER: '#element.signed', REFRESH: '#element.signedFetching' } },
    disabled: {
      initial: 'settled',
      states: {
        /** No file, or a failure coming back online cannot mend: the connection is no reason to ask again. */
        settled: { on: { RECONNECT: { actions: staysPut } } },
        /** Invalid inputs: nothing to look up, whatever happens. */
        invalid: { on: { RECONNECT: { actions: staysPut }, REFRESH: { actions: staysPut } } },
        /** Failed on the wire for now: the browser coming back online, or a refresh, tries again from the first attempt. */
        offline: { on: { RECONNECT: '#element.fetching.wire', REFRESH: '#element.fetching.wire' } },
      },
      on: { ...inputs, DESTROY: 'destroyed' },
    },
    destroyed: { type: 'final' },
  },
});

export type ElementModelEvent =
  | 'INPUT.LINK'
  | 'INPUT.NONE'
  | 'INPUT.FAULT'
  | 'INPUT.WIRE'
  | 'INPUT.INVALID'
  | 'INPUT.LAZY'
  | 'INPUT.SIGNED'
  | 'INPUT.LAZY_UNOBSERVABLE'
  | 'INPUT.SAME'
  | 'VISIBLE'
  | 'ANSWER'
  | 'RETRY_DUE'
  | 'RECONNECT'
  | 'REFRESH'
  | 'RESOLVED_START'
  | 'RENEWAL_DUE'
  | 'SLEEP_PAST_EXPIRY'
  | 'ANSWER_NONE'
  | 'FAIL_REFRESH'
  | 'FAIL_REFRESH_WIRE'
  | 'EXPIRE'
  | 'DESTROY';
