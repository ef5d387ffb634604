import type { SnapshotFrom } from 'xstate';
import type { MaterialDownloadMachine, MaterialDownloadState } from './materialDownload.machine.js';
import type { LinkSettling } from './materialDownload.types.js';
import type { Reason } from './reasons.js';

/** What the host and its anchor show for one snapshot. */
export interface MaterialDownloadView {
  /** The host's `data-state`: the machine's state, as `SHOWN_AS` shows it. */
  state: MaterialDownloadState;
  /** Set on the anchor when known; removed when null. */
  href: string | null;
  /** Adds class `disabled` and `aria-disabled="true"` to the anchor. */
  disabled: boolean;
  /** The host's `data-reason`: why, once settled disabled; null otherwise. */
  reason: Reason | null;
  /** The settling this view shows, for the page to hear once; null while it shows none. */
  settled: LinkSettling | null;
}

/**
 * Snapshot in, view out: the element binds this to the DOM and holds no logic of its own.
 *
 * @example
 * ```ts
 * actor.subscribe((snapshot) => anchor.classList.toggle('disabled', connect(snapshot).disabled));
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

/** Equal views render the same DOM and announce the same: a binding re-renders only when they differ. */
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
 * States the host shows as another: a refresh keeps a link that still works, so the host stays
 * `enabled` for the customer's styles; an expired link is `disabled`, reason `expired`.
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
