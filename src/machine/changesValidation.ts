import type { MaterialDownloadInputs } from './attributes.js';
import { validateInputs } from './validateInputs.js';

/**
 * Whether new inputs ask for something else: another request, another
 * timing (`loading`), or another problem. Spelling out a default or writing
 * the same value again asks for nothing new.
 */
export function changesValidation(before: MaterialDownloadInputs, after: MaterialDownloadInputs): boolean {
  return JSON.stringify(validateInputs(before)) !== JSON.stringify(validateInputs(after));
}
