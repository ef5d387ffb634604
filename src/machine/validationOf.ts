import type { MaterialDownloadInputs } from './attributes.js';
import type { Validation } from './types.js';
import { validateInputs } from './validateInputs.js';

interface Remembered {
  validation: Validation;
  /** Equal keys: the same request, timing and problem. */
  key: string;
}

/**
 * The validation of one inputs object, made once. An input change is first
 * compared with the inputs before it (is it worth validating again?), then
 * entered (validating); both read the same validation. Inputs objects are
 * never changed once made: each change brings a new one.
 */
const remembered = new WeakMap<MaterialDownloadInputs, Remembered>();

export function validationOf(inputs: MaterialDownloadInputs): Remembered {
  let known = remembered.get(inputs);
  if (!known) {
    const validation = validateInputs(inputs);
    known = { validation, key: JSON.stringify(validation) };
    remembered.set(inputs, known);
  }
  return known;
}
