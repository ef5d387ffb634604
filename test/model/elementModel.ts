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
 */

/** A step that leaves the model where it is. (XState ignores a transition with neither target nor action.) */
function staysPut(): void {}

const inputs = {
  'INPUT.LINK': '#element.fetching.link',
  'INPUT.NONE': '#element.fetching.none',
  'INPUT.FAULT': '#element.fetching.fault',
  'INPUT.WIRE': '#element.fetching.wire',
  'INPUT.INVALID': '#element.disabled.settled',
  'INPUT.LAZY': '#element.waiting',
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
    idle: { on: { ...inputs, DESTROY: 'destroyed' } },
    fetching: {
      initial: 'link',
      states: {
        link: { on: { ANSWER: '#element.enabled' } },
        none: { on: { ANSWER: '#element.disabled.settled' } },
        fault: { on: { ANSWER: '#element.disabled.settled' } },
        /** The provider is unavailable for now (HTTP 503, 502): worth another try. */
        wire: { on: { ANSWER: '#element.retrying' } },
        /** The retry; unavailable again, and no tries left. */
        lastTry: { on: { ANSWER: '#element.disabled.offline' } },
      },
      on: { ...inputs, DESTROY: 'destroyed' },
    },
    /** Lazy inputs, the element below the fold; scrolling it into view releases the request. */
    waiting: { on: { ...inputs, VISIBLE: '#element.fetching.link', DESTROY: 'destroyed' } },
    /** Waiting out the retry delay; once it passes, the request goes out again. */
    retrying: { on: { ...inputs, RETRY_DUE: '#element.fetching.lastTry', DESTROY: 'destroyed' } },
    enabled: { on: { ...inputs, DESTROY: 'destroyed' } },
    disabled: {
      initial: 'settled',
      states: {
        /** Invalid, no file, or a failure coming back online cannot mend: the connection is no reason to ask again. */
        settled: { on: { RECONNECT: { actions: staysPut } } },
        /** Failed on the wire for now: the browser coming back online tries again, from the first attempt. */
        offline: { on: { RECONNECT: '#element.fetching.wire' } },
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
  | 'INPUT.LAZY_UNOBSERVABLE'
  | 'INPUT.SAME'
  | 'VISIBLE'
  | 'ANSWER'
  | 'RETRY_DUE'
  | 'RECONNECT'
  | 'DESTROY';
