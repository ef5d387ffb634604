import * as binding from './bindAnchor.js';

/**
 * The lite build's `loadAnchorBinding.ts`. Preact evaluates in a moment, and
 * a file with no dynamic import is bundled flat: without the wrappers that
 * defer each module's evaluation, the file is half a kilobyte smaller.
 */
export const loadAnchorBinding = () => Promise.resolve(binding);
