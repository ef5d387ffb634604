import type { SnapshotFrom } from 'xstate';
import type { MaterialDownloadMachine, MaterialDownloadState } from './materialDownload.machine';

export type SettledState = 'enabled' | 'disabled';

/** What the host and its anchor show for one snapshot. */
export interface MaterialDownloadView {
  /** The host's `data-state`. */
  state: MaterialDownloadState;
  /** Set on the anchor when known; removed when null. */
  href: string | null;
  /** Adds class `disabled` and `aria-disabled="true"` to the anchor. */
  disabled: boolean;
  error: string | null;
  /** Enabled or disabled: the moment `cm-link-change` is due. */
  settled: SettledState | null;
  /** Changes with every input change, so equal views of two settlings differ. */
  revision: number;
}

/**
 * Snapshot in, view out: the element binds this to the DOM and holds no
 * logic of its own.
 */
export function connect(snapshot: SnapshotFrom<MaterialDownloadMachine>): MaterialDownloadView {
  const state = snapshot.value as MaterialDownloadState;
  const { href, error, revision } = snapshot.context;
  const settled = state === 'enabled' || state === 'disabled' ? state : null;
  const linkKnown = state === 'enabled' && href !== null;
  return {
    state,
    href: linkKnown ? href : null,
    disabled: !linkKnown,
    error,
    settled,
    revision,
  };
}

export function viewsEqual(a: MaterialDownloadView, b: MaterialDownloadView): boolean {
  return (
    a.state === b.state &&
    a.href === b.href &&
    a.disabled === b.disabled &&
    a.error === b.error &&
    a.settled === b.settled &&
    a.revision === b.revision
  );
}
