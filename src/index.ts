/**
 * The library entry: importing it registers nothing (call `defineMaterialDownload()`). Each name is a promise
 * (api/cm-material-download.api.md). React's types are `./react`, the statechart `./machine`.
 * @packageDocumentation
 */

export { configure, defineMaterialDownload, refresh } from './element/element.js';
export { LINK_CHANGE_EVENT, type LinkChangeDetail } from './element/dom.js';
export type {
  ElementConfigureOptions,
  HTMLMaterialDownloadElement,
  LinkChangeEvent,
  MaterialDownloadAttributes,
  MaterialDownloadElementConstructor,
  MaterialDownloadEventMap,
} from './element/globalTypes.js';
export type { BatchOptions, ConfigureOptions, MaterialDownloadConfig, RetryOptions } from './api/config.js';
export type { MaterialDownloadInspector } from './element/inspection.js';
export type { DecodedTransition } from './debug/debugging.js';
export type { LinkSettling } from './machine/materialDownload.types.js';
export type { Reason } from './machine/materialDownload.types.js';
export {
  DOWNLOAD_TYPES,
  type DimensionsKey,
  type DownloadType,
  type FileTypeKey,
  type LoadingMode,
  type MaterialDownloadAttributeValues,
  type MaterialDownloadProperties,
  type ResolutionKey,
} from './machine/attributes.js';
