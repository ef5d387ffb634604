import type { LinkRequest } from '../machine/inputs.js';
import { describeRequest } from '../debug/debugging.js';
import { isRefusalCode, type Reason } from '../machine/materialDownload.types.js';
import type { TransitionEntry } from './transitionLog.js';

// What each reason means and what fixes it: the panel's words, and the README's troubleshooting table.

/** What each reason means and what fixes it. */
export const REASONS = {
  'invalid-input': {
    cause: 'An attribute is missing, or has a value the element does not accept.',
    fix: 'Set the attribute the message names, to one of the values it lists.',
  },
  'no-anchor': {
    cause: "The element's first element child is not an `<a>` (it is missing, or wrapped in another element).",
    fix: 'Make the `<a>` the first child of `<cm-material-download>`.',
  },
  'not-found': {
    cause: 'The provider has no file for these inputs.',
    fix: 'Check the ids, `type` and the size and format attributes against what the provider has.',
  },
  unauthorized: {
    cause:
      "The provider refused the request: HTTP 401 or 403, or a GraphQL error (answered with HTTP 200) whose code says the caller is not signed in or not allowed: HotChocolate's `AUTH_NOT_AUTHENTICATED` or `AUTH_NOT_AUTHORIZED`, Apollo Server's `UNAUTHENTICATED` or `FORBIDDEN`.",
    fix: "Check the API key or token (`localStorage['cm-api-key']` or `localStorage['cm-user-token']`), and that the endpoint is the configured one (credentials go only there).",
  },
  'request-failed': {
    cause:
      "The request failed: another HTTP error, a network or CORS failure, a timeout, an answer that is not GraphQL, or a GraphQL error with no data (the message carries the provider's words).",
    fix: 'Read the message: check the endpoint, the network and the provider (its CORS headers among them).',
  },
  'unsafe-link': {
    cause: 'The provider answered with something that is not an absolute http(s) URL.',
    fix: "Fix the provider's download URL; the element never sets anything else as `href`.",
  },
  expired: {
    cause: 'A signed link ran out before a fresh one came.',
    fix: 'Nothing: the element is fetching a fresh link. If it keeps happening, the provider hands out links that live too short.',
  },
} as const satisfies Record<Reason, { cause: string; fix: string }>;

export interface Explained {
  reason: Reason | null;
  error: string | null;
  request: LinkRequest | null;
}

/** The reason in plain words and what would change it; null while nothing is wrong. */
export function explainReason({ reason, error, request }: Explained): string | null {
  if (reason === null) return null;
  if (reason === 'not-found')
    return request ? `the provider has no ${describeRequest(request)}` : REASONS[reason].cause;
  if (reason === 'no-anchor') return `no anchor: ${REASONS[reason].fix}`;
  // A refusal's sentence, as the lookup writes it: `the provider refused: CODE: words`.
  const refusal = reason === 'unauthorized' && /^the provider refused: ([A-Z_]+)(?:: (.+))?$/.exec(error ?? '');
  if (refusal && isRefusalCode(refusal[1]!)) {
    return `the provider refused: ${refusal[1]}: check the API key or token${refusal[2] ? `; it said "${refusal[2]}"` : ''}`;
  }
  const cause = (error ?? REASONS[reason].cause).replace(/\.$/, '');
  const { fix } = REASONS[reason];
  return `${cause}: ${fix.charAt(0).toLowerCase()}${fix.slice(1)}`;
}

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
  'REFRESH.refresh': 'refresh() called',
  'REFRESH.credentials': 'credentials changed in another tab',
  DESTROY: 'removed',
};

/** A step's cause in the element's words; an eventless step is part of what the event before it started. */
export function eventWords({ trigger, event }: TransitionEntry): string {
  const named = trigger === 'always' ? event.type : trigger;
  const type = named === 'REFRESH' ? `REFRESH.${String(event.cause)}` : named;
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
