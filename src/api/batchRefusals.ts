type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;
type StorageReader = () => SessionStore | null | undefined;

/**
 * One key per endpoint rather than one JSON map: two copies of the element on
 * a page (two bundles) each write their own key without a read-modify-write
 * that could drop the other's entry, a reading is one getItem with no JSON
 * to go bad, and a customer can see and delete one endpoint's entry in the
 * devtools by its name.
 */
export const BATCH_REFUSAL_KEY_PREFIX = 'cm-material-download:no-batch:';

const defaultStorage: StorageReader = () => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

export interface BatchRefusals {
  /** Whether `endpoint` refused an array batch, on this page or an earlier one of the session. */
  refuses(endpoint: string): boolean;
  /** Remembers for the session that `endpoint` does not take arrays. */
  remember(endpoint: string): void;
}

/**
 * Endpoints that do not take array batches. Apollo Server refuses them by
 * default, with a 400 the browser logs on every page load: remembered for
 * the tab's session, the next page load sends each operation alone at once.
 * Storage is only a memory aid: where it throws (sandboxed iframes, blocked
 * storage) or is full, this page still remembers in memory, nothing is
 * logged, and the worst that happens is one more refused batch next time.
 */
export function createBatchRefusals(storage: StorageReader = defaultStorage): BatchRefusals {
  // Storage is read once per endpoint per page: the batch queue asks on every operation.
  const known = new Map<string, boolean>();
  return {
    refuses(endpoint) {
      let refused = known.get(endpoint);
      if (refused === undefined) {
        refused = attempt(() => storage()?.getItem(BATCH_REFUSAL_KEY_PREFIX + endpoint) != null);
        known.set(endpoint, refused);
      }
      return refused;
    },
    remember(endpoint) {
      if (known.get(endpoint) === true) return;
      known.set(endpoint, true);
      attempt(() => {
        storage()?.setItem(BATCH_REFUSAL_KEY_PREFIX + endpoint, '1');
        return true;
      });
    },
  };
}

function attempt(use: () => boolean): boolean {
  try {
    return use();
  } catch {
    return false;
  }
}
