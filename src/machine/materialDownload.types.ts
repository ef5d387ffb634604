import type { MaterialDownloadInputs } from './attributes.js';
import type { LinkRequest } from './inputs.js';

/** Why a link is disabled: one vocabulary for the event, `data-reason`, the log and the inspector. */
export const REASON_NAMES = [
  'invalid-input',
  'no-anchor',
  'not-found',
  'unauthorized',
  'request-failed',
  'unsafe-link',
  'expired',
] as const;

/** Why a link is disabled: one of `REASON_NAMES`. @example `const reason: Reason = 'not-found';` */
export type Reason = (typeof REASON_NAMES)[number];

/** What a failed lookup may say about why; any other failure is `request-failed`. */
export type FailureReason = Extract<Reason, 'unauthorized' | 'request-failed' | 'unsafe-link'>;

export const isReason = (value: unknown): value is Reason => (REASON_NAMES as readonly unknown[]).includes(value);

/** The `extensions.code` of a GraphQL refusal, by server: both answer it with HTTP 200, only the code tells. */
export const REFUSAL_CODES = {
  AUTH_NOT_AUTHENTICATED: 'HotChocolate',
  AUTH_NOT_AUTHORIZED: 'HotChocolate',
  UNAUTHENTICATED: 'Apollo Server',
  FORBIDDEN: 'Apollo Server',
} as const;

export type RefusalCode = keyof typeof REFUSAL_CODES;

/** Own keys only: a code such as `constructor` is no refusal. */
export const isRefusalCode = (code: string): code is RefusalCode =>
  Object.prototype.hasOwnProperty.call(REFUSAL_CODES, code);

/** What an actor of the machine is created with. */
export interface MaterialDownloadInput {
  inputs: MaterialDownloadInputs;
  /** The element: what `loading="lazy"` watches and logs point at. Opaque here. */
  target?: unknown;
  /** A link the page's server resolved for these inputs: shown at once, for valid inputs, instead of a lookup. */
  resolvedHref?: string | null;
}

/** The machine's context: the inputs, what validation made of them, and the link. */
export interface MaterialDownloadContext {
  /** As the customer wrote them. */
  inputs: MaterialDownloadInputs;
  /** The input's `target`; null without one. */
  target: unknown;
  /** The server's link, until the first validation takes or drops it. */
  resolvedHref: string | null;
  /** Null while the inputs are invalid. */
  request: LinkRequest | null;
  /** `loading="lazy"`: the request waits until the element is seen. */
  lazy: boolean;
  /** The link, once the lookup found one. */
  href: string | null;
  /** What went wrong (invalid inputs, a failed lookup); null when nothing did. */
  error: string | null;
  /** Why the link is disabled, once settled disabled; null otherwise. */
  reason: Reason | null;
  /** Retries made for the current request. */
  attempt: number;
  /** How long `retrying` waits, as the failed lookup said. */
  retryInMs: number;
  /** When that wait ends, if the failure said: elements that shared a request retry in one batch again. */
  retryAt: number | null;
  /** The last lookup failed on the wire: coming back online is worth another try. */
  failedOnWire: boolean;
  /** When the link stops working, as the link says; null where it says nothing. */
  expiresAt: number | null;
  /** When the link is refreshed; null for a link that never is. */
  renewAt: number | null;
  /** A refresh of this link failed already: the next failure is a failed lookup like any other. */
  refreshFailed: boolean;
  /** The latest settling: a new object each time, so the page hears each once, even one like the last. */
  settled: LinkSettling | null;
}

/** What the machine's `lookupLink` actor is given. */
export interface LookupInput {
  request: LinkRequest;
  /** Retries made before this one: 0 for the first try. */
  attempt: number;
}

/** The events the machine takes. */
export type MaterialDownloadEvent =
  | { type: 'INPUTS.SET'; inputs: MaterialDownloadInputs }
  | { type: 'VISIBLE' }
  /** The browser is back online, or the page visible again: a lookup that failed on the wire may work now. */
  | { type: 'RECONNECTED' }
  /** Look the link up again, past any cache: `refresh()` was called, or the credentials changed in another tab. */
  | { type: 'REFRESH'; cause: 'refresh' | 'credentials' }
  | { type: 'DESTROY' };

/** What the machine settled on, announced as `cm-link-change` once the anchor shows it. @example `if (settled.state === 'disabled') console.log(settled.reason);` */
export interface LinkSettling {
  /** `enabled`: the anchor links to `href`. `disabled`: it links nowhere. */
  state: 'enabled' | 'disabled';
  /** The link set on the anchor; null while disabled. */
  href: string | null;
  /** What went wrong, as logged; null when nothing did (or the provider simply has no file). */
  error: string | null;
  /** Why the anchor links nowhere, as the host's `data-reason` says; null while enabled. */
  reason: Reason | null;
}

/** A link the lookup found; `expiresAt` is read against the provider's clock, null where the link does not say. */
export interface FoundLink {
  href: string;
  expiresAt: number | null;
}

/** What `lookupLink` resolves to: null when the provider has no link; a bare URL's expiry is read from it. */
export type LookupOutput = FoundLink | string | null;

/** A failed lookup as the machine reads it; any other rejection (a page's own lookup) reads as a request that failed. */
export interface LookupFailure {
  /** The sentence for the page and the console: the failure's message, or else the failure as text. */
  message: string;
  /** Why, where the failure says so in the element's vocabulary; `request-failed` otherwise. */
  reason: Reason;
  /** How long to wait before the next try; null: no try is worth it. */
  retryInMs: number | null;
  /** When that wait ends (`Date.now()` terms), where the failure says. */
  retryAt: number | null;
  /** It failed on the wire: coming back online is worth another try. */
  transient: boolean;
}
