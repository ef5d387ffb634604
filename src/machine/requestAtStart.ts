import type { MaterialDownloadInputs } from './attributes.js';
import { hasRequiredInput } from './requiredInputs.js';
import type { LinkRequest } from './types.js';
import { validationOf } from './validationOf.js';

/**
 * The request the machine fetches as soon as it starts with these inputs;
 * null where it fetches nothing at once (no required input yet, an invalid
 * one, `loading="lazy"`). Decided by the functions the machine's own first
 * steps take (`idle` → `validating` → `fetching`), and held to them by
 * test/machine/requestAtStart.test.ts. The element sends this lookup before
 * it makes the actor: on a phone, XState's first actor of a page takes tens
 * of milliseconds to make, and the request need not wait for it.
 */
export function requestAtStart(inputs: MaterialDownloadInputs): LinkRequest | null {
  if (!hasRequiredInput(inputs)) return null;
  const { validation } = validationOf(inputs);
  return validation.ok && !validation.lazy ? validation.request : null;
}
