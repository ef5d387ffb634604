/**
 * The entry for React apps: the library entry, the component and the tag's JSX typings, apart because those
 * need `@types/react`. The build marks it `'use client'` (a bundler drops a directive from a module it merges).
 *
 * @packageDocumentation
 */

// Each name listed, so that a name the library entry gains is not promised here unseen.
export { configure, defineMaterialDownload, DOWNLOAD_TYPES, LINK_CHANGE_EVENT } from './index.js';
export type {
  BatchOptions,
  ConfigureOptions,
  DecodedTransition,
  DimensionsKey,
  DownloadType,
  ElementConfigureOptions,
  FileTypeKey,
  HTMLMaterialDownloadElement,
  LinkChangeDetail,
  LinkChangeEvent,
  LinkSettling,
  LoadingMode,
  MaterialDownloadAttributes,
  MaterialDownloadAttributeValues,
  MaterialDownloadConfig,
  MaterialDownloadElementConstructor,
  MaterialDownloadEventMap,
  MaterialDownloadInspector,
  MaterialDownloadProperties,
  Reason,
  ResolutionKey,
  RetryOptions,
} from './index.js';
export { MaterialDownload } from './react/MaterialDownload.js';
export type { MaterialDownloadProps } from './react/MaterialDownload.js';
export type { MaterialDownloadJsxProps } from './react/reactJsx.js';
