import { debugLine } from './debugLines.js';
import { decodeTransition } from './decodeTransition.js';

/**
 * What debugging needs beyond the element: the transition decoding and the
 * `debug` attribute's sentences. The element's files load it only for an
 * element that debugs or a page that set an inspect hook (see
 * ../element/inspection.ts); it is `dist/cm-material-download.debug.js`
 * beside them, and part of the inspector's file.
 */
export interface Debugging {
  decodeTransition: typeof decodeTransition;
  debugLine: typeof debugLine;
}

export const debugging: Debugging = { decodeTransition, debugLine };

export type { DecodedTransition } from './decodeTransition.js';
