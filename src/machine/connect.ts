import type { SnapshotFrom } from 'xstate';
import type { MaterialDownloadMachine, MaterialDownloadState } from './materialDownload.machine.js';
import type { LinkSettling } from './materialDownload.types.js';
import type { Reason } from './reasons.js';

/**
 * What the host and its anchor show for one snapshot.
 *
 * @example
 * ```ts
 * const view: MaterialDownloadView = connect(actor.getSnapshot());
 * anchor.classList.toggle('disabled', view.disabled);
 * ```
 */
export interface MaterialDownloadView {
  /** The host's `data-state`: the machine's state, but `enabled` while a link that still works is refreshed, and `disabled` once it expired. */
  state: MaterialDownloadState;
  /** Set on the anchor when known; removed when null. */
  href: string | null;
  /** Adds class `disabled` and `aria-disabled="true"` to the anchor. */
  disabled: boolean;
  /** The host's `data-reason`: why, once settled disabled; null otherwise. */
  reason: Reason | null;
  /**
   * The settling this view shows, for the page to hear once; null while it
   * shows none (the machine has left its latest settling, or not settled yet).
   */
  settled: LinkSettling | null;
}

/**
 * Snapshot in, view out: the element binds this to the DOM and holds no
 * logic of its own.
 *
 * @param snapshot - A snapshot of an actor of the machine.
 * @returns The host's state and reason, the anchor's href, and whether the anchor is disabled.
 *
 * @example
 * ```ts
 * actor.subscribe((snapshot) => {
 *   const { state, href, disabled } = connect(snapshot);
 *   host.dataset.state = state;
 *   if (href) anchor.href = href;
 *   else anchor.removeAttribute('href');
 *   anchor.classList.toggle('disabled', disabled);
 * });
 * ```
 */
export function connect(snapshot: SnapshotFrom<MaterialDownloadMachine>): MaterialDownloadView {
  const state = shownState(snapshot.value, snapshot.context.reason);
  const href = state === 'enabled' ? snapshot.context.href : null;
  const reason = state === 'disabled' ? snapshot.context.reason : null;
  const { settled } = snapshot.context;
  const shown = settled?.state === state && settled.href === href ? settled : null;
  return { state, href, disabled: href === null, reason, settled: shown };
}

/** Equal views render the same DOM and announce the same: a binding re-renders only when this says they differ. */
export function viewsEqual(a: MaterialDownloadView, b: MaterialDownloadView): boolean {
  return (
    a.state === b.state &&
    a.href === b.href &&
    a.disabled === b.disabled &&
    a.reason === b.reason &&
    a.settled === b.settled
  );
}

/**
 * States the host shows as another. A refresh in flight keeps a link that
 * still works, so the host stays `enabled` (a customer's styles for it
 * hold); `expired` is passed through in the step that removes the link, and
 * the host says `disabled`, reason `expired`.
 */
export const SHOWN_AS: Partial<Record<MaterialDownloadState, MaterialDownloadState>> = {
  refreshing: 'enabled',
  expired: 'disabled',
};

/** A link that expired stays gone, reason `expired`, while the next one is looked up or retried. */
function shownState(state: MaterialDownloadState, reason: Reason | null): MaterialDownloadState {
  const shownAs = SHOWN_AS[state];
  if (shownAs) return shownAs;
  if (reason === 'expired' && (state === 'fetching' || state === 'retrying')) return 'disabled';
  return state;
}
