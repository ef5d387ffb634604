import type { MaterialDownloadInputs } from './attributes.js';
import { validationOf } from './validationOf.js';

/**
 * Whether new inputs ask for something else: another request, another
 * timing (`loading`), or another problem. Spelling out a default or writing
 * the same value again asks for nothing new.
 */
export function changesValidation(before: MaterialDownloadInputs, after: MaterialDownloadInputs): boolean {
  return validationOf(before).key !== validationOf(after).key;
}
