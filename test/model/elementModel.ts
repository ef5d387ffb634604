import { createMachine } from 'xstate';

/**
 * What a customer can do to one element, and what it should show, as a
 * statechart of its own. `createTestModel` refuses `invoke` and `after` and
 * hides `always`, so this is not the real machine: each step is executed on
 * the real element in Chromium, and the real machine's microsteps (including
 * the transient `validating`) are traced and checked against its definition.
 *
 * `fetching` remembers which answer the held request will get once released.
 */
const inputs = {
  'INPUT.LINK': '#element.fetching.link',
  'INPUT.NONE': '#element.fetching.none',
  'INPUT.FAULT': '#element.fetching.fault',
  'INPUT.INVALID': '#element.disabled',
  'INPUT.LAZY': '#element.waiting',
} as const;

export const elementModel = createMachine({
  id: 'element',
  initial: 'fetching',
  states: {
    fetching: {
      initial: 'link',
      states: {
        link: { on: { ANSWER: '#element.enabled' } },
        none: { on: { ANSWER: '#element.disabled' } },
        fault: { on: { ANSWER: '#element.disabled' } },
      },
      on: { ...inputs, DESTROY: 'destroyed' },
    },
    /** Lazy inputs, the element below the fold; scrolling it into view releases the request. */
    waiting: { on: { ...inputs, VISIBLE: '#element.fetching.link', DESTROY: 'destroyed' } },
    enabled: { on: { ...inputs, DESTROY: 'destroyed' } },
    disabled: { on: { ...inputs, DESTROY: 'destroyed' } },
    destroyed: { type: 'final' },
  },
});

export type ElementModelEvent =
  'INPUT.LINK' | 'INPUT.NONE' | 'INPUT.FAULT' | 'INPUT.INVALID' | 'INPUT.LAZY' | 'VISIBLE' | 'ANSWER' | 'DESTROY';
