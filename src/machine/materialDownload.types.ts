import type { MaterialDownloadInputs } from './attributes.js';
import type { Reason } from './reasons.js';
import type { LinkRequest } from './inputs.js';

/**
 * The machine's types: what an actor is created with, what it holds, the
 * events it takes and emits, and what its lookup is given and gives back.
 * The machine's own type and its states' names are derived from the machine
 * itself, so they stay beside it (materialDownload.machine.ts).
 */

/**
 * What an actor of the machine is created with.
 *
 * @example
 * ```ts
 * const input: MaterialDownloadInput = { inputs: { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' } };
 * const actor = createActor(materialDownloadMachine, { input });
 * ```
 */
export interface MaterialDownloadInput {
  /** The element's inputs, as the customer wrote them. */
  inputs: MaterialDownloadInputs;
  /** The element this actor works for: what `loading="lazy"` watches and logs point at. Opaque here. */
  target?: unknown;
}

/**
 * The machine's context: the inputs, what validation made of them, and the link.
 *
 * @example
 * ```ts
 * const { href, error }: MaterialDownloadContext = actor.getSnapshot().context;
 * ```
 */
export interface MaterialDownloadContext {
  /** The element's inputs, as the customer wrote them. */
  inputs: MaterialDownloadInputs;
  /** The element the actor works for, from the input's `target`; null without one. */
  target: unknown;
  /** The validated request for the current inputs; null while invalid. */
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
  /**
   * When that wait ends (`Date.now()` terms), if the failure said: elements
   * that shared a failed request then try again at one instant, and their
   * retries share a batch again, however far apart each took the failure in.
   */
  retryAt: number | null;
  /** The last lookup failed on the wire: coming back online is worth another try. */
  failedOnWire: boolean;
  /** When the link stops working (`Date.now()` terms), as the link says; null where it says nothing. */
  expiresAt: number | null;
  /** When the link is refreshed (`Date.now()` terms); null for a link that never is. */
  renewAt: number | null;
  /** A refresh of this link failed already: the next failure is a failed lookup like any other. */
  refreshFailed: boolean;
  /**
   * The latest settling; null before the first. A new object each time, so
   * the page hears each settling once, even one that looks like the last.
   */
  settled: LinkSettling | null;
}

/**
 * What the machine's `lookupLink` actor is given: the request, and how many times it was tried before.
 *
 * @example
 * ```ts
 * const lookupLink = fromPromise<LookupOutput, LookupInput>(async ({ input: { request, attempt } }) =>
 *   attempt < 3 ? `https://files.example.com/${request.organizationId}/${request.articleId}` : null,
 * );
 * ```
 */
export interface LookupInput {
  /** The validated request, in provider terms. */
  request: LinkRequest;
  /** Retries made before this one: 0 for the first try. */
  attempt: number;
}

/**
 * The events the machine takes.
 *
 * @example
 * ```ts
 * actor.send({ type: 'INPUTS.SET', inputs: { organizationId: 'org-1', articleId: 'A-200', type: 'tile' } });
 * actor.send({ type: 'DESTROY' });
 * ```
 */
export type MaterialDownloadEvent =
  /** New inputs: the element's attributes changed. */
  | { type: 'INPUTS.SET'; inputs: MaterialDownloadInputs }
  /** The element is near the viewport; only a lazy element waiting for it cares. */
  | { type: 'VISIBLE' }
  /** The browser is back online, or the page visible again: a lookup that failed on the wire may work now. */
  | { type: 'RECONNECTED' }
  /** The element left the page for good: abort, stop, request nothing more. */
  | { type: 'DESTROY' };

/**
 * What the machine settled on (entering `enabled` or `disabled`): the element
 * announces it as `cm-link-change` once its anchor shows it.
 *
 * @example
 * ```ts
 * const { settled } = actor.getSnapshot().context;
 * if (settled?.state === 'disabled') console.log(settled.reason);
 * ```
 */
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

/**
 * A link the lookup found, with when it stops working in `Date.now()` terms
 * (null where it does not say), read against the provider's clock: the
 * element's lookup knows how far the visitor's clock is off.
 *
 * @example
 * ```ts
 * const found: FoundLink = { href: 'https://files.example.com/a.zip?se=…&sig=…', expiresAt: Date.now() + 60_000 };
 * ```
 */
export interface FoundLink {
  href: string;
  expiresAt: number | null;
}

/**
 * What the machine's `lookupLink` actor resolves to: the link, or null when
 * the provider has none. A bare URL's expiry is read from the URL against the
 * visitor's clock.
 *
 * @example
 * ```ts
 * const noFiles = fromPromise<LookupOutput, LookupInput>(async () => null); // every element ends disabled
 * ```
 */
export type LookupOutput = FoundLink | string | null;
