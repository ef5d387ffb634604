import { describeRequest, explainReason, REASONS, type Explained } from '../machine/reasons.js';
import type { TransitionEntry } from './transitionLog.js';

/** What happened to the element, keyed by XState's event type; a delayed event without its state. */
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

/** A step's cause in the element's words; an eventless step is part of what the event before it started. */
export function eventWords({ trigger, event }: TransitionEntry): string {
  const type = trigger === 'always' ? event.type : trigger;
  return EVENT_WORDS[type.replace(/^(xstate\.after\.[^.]+)\..*$/, '$1')] ?? type;
}

/** Why the element is where it is, and what would move it on. */
interface WhyLine {
  why: string;
  /** Empty where the why already says it, or nothing needs changing. */
  change: string;
}

/**
 * The picked element's state explained. A host without an anchor is disabled
 * whatever its machine found: only its `data-reason` says so.
 */
export function whyLine(state: string, context: TransitionEntry['context'] | null, hostReason: string | null): WhyLine {
  if (hostReason === 'no-anchor') return explained({ reason: 'no-anchor', error: null, request: null });
  const request = context?.request ?? null;
  switch (state) {
    case 'disabled':
      return explained({ reason: context?.reason ?? null, error: context?.error ?? null, request });
    case 'enabled':
      return { why: `link known: ${context?.href ?? ''}`, change: 'an attribute change looks it up again' };
    case 'refreshing':
      return { why: `link known, a fresh one asked for before it expires: ${context?.href ?? ''}`, change: '' };
    case 'fetching':
      return {
        why: request ? `asking the provider for a ${describeRequest(request)}` : 'asking the provider',
        change: '',
      };
    case 'retrying':
      return { why: `the lookup failed on the wire (${context?.error ?? 'no answer'}); trying again`, change: '' };
    case 'waiting':
      return { why: 'lazy: waits until it is near the viewport', change: 'scrolling it into view' };
    case 'idle':
      return { why: 'none of its required attributes yet', change: 'setting organization-id, article-id and type' };
    case 'destroyed':
      return { why: 'removed from the page', change: '' };
    default:
      return { why: '', change: '' };
  }
}

function explained(explaining: Explained): WhyLine {
  const why = explainReason(explaining) ?? '';
  const fix = explaining.reason ? REASONS[explaining.reason].fix : '';
  const change = fix.charAt(0).toLowerCase() + fix.slice(1);
  return { why, change: why.toLowerCase().includes(change.toLowerCase()) ? '' : change };
}
