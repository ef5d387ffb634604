/**
 * The anchor binding's code, loaded when first needed: a bundler that splits
 * code puts React's in a chunk of its own, and a self-registering file
 * evaluates it only then. The lite build swaps this module for
 * `loadAnchorBinding.lite.ts`.
 */
export const loadAnchorBinding = () => import('./bindAnchor.js');
