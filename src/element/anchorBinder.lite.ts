/**
 * The lite build's `anchorBinder.ts`: its binding is a few lines on the
 * actor's own subscription, with nothing to load, so it binds each element
 * as it starts.
 */
export { createAnchorBinder as pageAnchorBinder } from './bindAnchor.lite.js';
