import type { SnapshotFrom } from 'xstate';
import type { MaterialDownloadMachine, MaterialDownloadState } from './materialDownload.machine';

/** What the host and its anchor show for one snapshot. */
export interface MaterialDownloadView {
  /** The host's `data-state`. */
  state: MaterialDownloadState;
  /** Set on the anchor when known; removed when null. */
  href: string | null;
  /** Adds class `disabled` and `aria-disabled="true"` to the anchor. */
  disabled: boolean;
}

/**
 * Snapshot in, view out: the element binds this to the DOM and holds no
 * logic of its own.
 */
export function connect(snapshot: SnapshotFrom<MaterialDownloadMachine>): MaterialDownloadView {
  const state = snapshot.value;
  const href = state === 'enabled' ? snapshot.context.href : null;
  return { state, href, disabled: href === null };
}

/** Equal views render the same DOM: a binding re-renders only when this says they differ. */
export function viewsEqual(a: MaterialDownloadView, b: MaterialDownloadView): boolean {
  return a.state === b.state && a.href === b.href && a.disabled === b.disabled;
}
