import type { Reason } from '../machine/reasons.js';
import { describeRequest, explainReason, REASONS } from '../machine/reasons.js';
import type { TransitionEntry } from './transitionLog.js';

type ElementContext = TransitionEntry['context'];

/** Why the element is where it is, and what would move it on. */
export interface WhyLine {
  why: string;
  /** Empty where the why line already says it, or nothing needs changing. */
  change: string;
}

/**
 * The picked element's state explained, from the reasons vocabulary. A host
 * without an anchor is disabled whatever its machine found: the host's
 * `data-reason` says so, the machine does not.
 *
 * @param state - The machine's state.
 * @param context - The machine's context as of its last step; null before the first one was seen.
 * @param hostReason - The host's `data-reason`.
 */
export function whyLine(state: string, context: ElementContext | null, hostReason: string | null): WhyLine {
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

function explained(context: {
  reason: Reason | null;
  error: string | null;
  request: ElementContext['request'];
}): WhyLine {
  const why = explainReason(context) ?? '';
  const fix = context.reason ? lowerFirst(REASONS[context.reason].fix) : '';
  return { why, change: why.toLowerCase().includes(fix.toLowerCase()) ? '' : fix };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
