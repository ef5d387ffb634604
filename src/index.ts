/**
 * The library entry for bundler users. Importing it registers nothing:
 * call `defineMaterialDownload()`, or load dist/cm-material-download.js.
 * Its types need no React types; React apps import `cm-material-download/react`
 * (react.ts), which adds the React component and the tag's JSX typings. The
 * statechart and its helpers are `cm-material-download/machine`.
 *
 * A named list, each name a promise: what a page needs to define the
 * element, configure it and type the tag, its event and its options.
 * api/cm-material-download.api.md is the report of it, and a test fails
 * when this list and the report part ways.
 *
 * @packageDocumentation
 */

// The element: registering it, and its types for DOM lookups, listeners and JSX.
export { defineMaterialDownload } from './element/defineMaterialDownload.js';
export type {
  HTMLMaterialDownloadElement,
  LinkChangeEvent,
  MaterialDownloadAttributes,
  MaterialDownloadElementConstructor,
  MaterialDownloadEventMap,
} from './element/globalTypes.js';
export { LINK_CHANGE_EVENT } from './element/dom.js';
export type { LinkChangeDetail } from './element/dom.js';
export type { LinkSettling } from './machine/materialDownload.types.js';
export type { Reason } from './machine/reasons.js';

// Options for every element.
export { configureElements as configure } from './element/configureElements.js';
export type { ElementConfigureOptions } from './element/configureElements.js';
export type { BatchOptions, ConfigureOptions, MaterialDownloadConfig, RetryOptions } from './api/config.js';
export type { MaterialDownloadInspector } from './element/inspection.js';
export type { DecodedTransition } from './debug/decodeTransition.js';

// The inputs' values, from the attribute table.
export { DOWNLOAD_TYPES } from './machine/attributes.js';
export type {
  DimensionsKey,
  DownloadType,
  FileTypeKey,
  LoadingMode,
  MaterialDownloadAttributeValues,
  MaterialDownloadProperties,
  ResolutionKey,
} from './machine/attributes.js';
