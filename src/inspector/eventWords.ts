import type { TransitionEntry } from './transitionLog.js';

/**
 * What happened to the element, in its own words, keyed by the event's type
 * as XState names it; XState's name stays beside it as detail. A delayed
 * event is keyed without the state it was scheduled in.
 */
const EVENT_WORDS: Record<string, string> = {
  'xstate.init': 'connected',
  'INPUTS.SET': 'inputs changed',
  'xstate.done.actor.lookup': 'lookup answered',
  'xstate.error.actor.lookup': 'lookup failed',
  'xstate.after.retryDelay': 'retry due',
  'xstate.after.renewalDelay': 'link due for a refresh',
  'xstate.after.expiryDelay': 'link expired',
  VISIBLE: 'became visible',
  'xstate.error.actor.visibility': 'visibility unknown: fetching now',
  RECONNECTED: 'back online',
  DESTROY: 'removed',
};

/**
 * The step's cause in the element's words. An eventless (`always`) step is
 * part of what the event before it started, so it takes that event's words.
 */
export function eventWords({ trigger, event }: Pick<TransitionEntry, 'trigger' | 'event'>): string {
  const type = trigger === 'always' ? event.type : trigger;
  const key = type.replace(/^(xstate\.after\.[^.]+)\..*$/, '$1');
  return EVENT_WORDS[key] ?? type;
}
