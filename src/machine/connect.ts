import type { SnapshotFrom } from 'xstate';
import type { MaterialDownloadMachine, MaterialDownloadState } from './materialDownload.machine.js';
import type { LinkSettling, Reason } from './materialDownload.types.js';

/** What the host and its anchor show for one snapshot. */
export interface MaterialDownloadView {
  /** The host's `data-state`, as `SHOWN_AS` shows the machine's. */
  state: MaterialDownloadState;
  href: string | null;
  /** Class `disabled` and `aria-disabled="true"` on the anchor. */
  disabled: boolean;
  /** The host's `data-reason`: why, once settled disabled. */
  reason: Reason | null;
  /** The settling this view shows, for the page to hear once; null while it shows none. */
  settled: LinkSettling | null;
}

/** A refresh keeps a working link: the host stays `enabled`; an expired link is `disabled` until the next comes. */
export const SHOWN_AS: Partial<Record<MaterialDownloadState, MaterialDownloadState>> = {
  refreshing: 'enabled',
  expired: 'disabled',
};

/**
 * Snapshot in, view out: the element binds this to the DOM and holds no logic of its own.
 * @example `actor.subscribe((snapshot) => anchor.classList.toggle('disabled', connect(snapshot).disabled));`
 */
export function connect({ value, context }: SnapshotFrom<MaterialDownloadMachine>): MaterialDownloadView {
  const expiredMeanwhile = context.reason === 'expired' && (value === 'fetching' || value === 'retrying');
  const state = SHOWN_AS[value] ?? (expiredMeanwhile ? 'disabled' : value);
  const href = state === 'enabled' ? context.href : null;
  const { settled } = context;
  const shown = settled?.state === state && settled.href === href ? settled : null;
  return { state, href, disabled: href === null, reason: state === 'disabled' ? context.reason : null, settled: shown };
}

/** Equal views render the same DOM and announce the same: a binding re-renders only when they differ. */
export const viewsEqual = (a: MaterialDownloadView, b: MaterialDownloadView) =>
  a.state === b.state &&
  a.href === b.href &&
  a.disabled === b.disabled &&
  a.reason === b.reason &&
  a.settled === b.settled;
