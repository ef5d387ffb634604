import { isReason, type Reason } from './reasons.js';

/**
 * A failed lookup, as the machine reads it: the transport's LookupError carries
 * these fields; any other rejection (a page's own lookup) reads as a request that failed.
 */
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

/** What a rejection may carry, none of it trusted until read. */
type Unread = { [Field in keyof LookupFailure]?: unknown };

export function readLookupFailure(error: unknown): LookupFailure {
  const said: Unread = typeof error === 'object' && error !== null ? error : {};
  return {
    message: typeof said.message === 'string' ? said.message : String(error),
    reason: isReason(said.reason) ? said.reason : 'request-failed',
    retryInMs: typeof said.retryInMs === 'number' ? said.retryInMs : null,
    retryAt: typeof said.retryAt === 'number' ? said.retryAt : null,
    transient: said.transient === true,
  };
}
