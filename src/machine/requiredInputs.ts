import { ATTRIBUTES, INPUT_NAMES, type InputName, type MaterialDownloadInputs } from './attributes.js';

/**
 * The inputs an element cannot do without: `organizationId`, `articleId` and `type`.
 *
 * @example
 * ```ts
 * REQUIRED_INPUTS.map((name) => ATTRIBUTES[name].attribute); // ['organization-id', 'article-id', 'type']
 * ```
 */
export const REQUIRED_INPUTS: readonly InputName[] = INPUT_NAMES.filter((name) => ATTRIBUTES[name].required);

/**
 * Whether any required input is there yet. A framework may insert the element
 * first and bind it later: until one of them arrives, nothing is missing yet.
 *
 * @param inputs - The element's inputs, as the customer wrote them.
 * @returns True once `organizationId`, `articleId` or `type` is set (not empty).
 *
 * @example
 * ```ts
 * hasRequiredInput({ dimensions: '10x10cm' }); // false: still waiting
 * hasRequiredInput({ articleId: 'A-100' }); // true: validation may now say what is missing
 * ```
 */
export function hasRequiredInput(inputs: MaterialDownloadInputs): boolean {
  return REQUIRED_INPUTS.some((name) => Boolean(inputs[name]));
}
