/**
 * The entry for React apps: everything the library entry exports, the React
 * component, and the tag's React 19 JSX typings (importing anything from here
 * lets JSX check `<cm-material-download>`'s attributes). Kept apart because
 * those typings need React's: an app without `@types/react` imports
 * `cm-material-download` and never sees them. The build marks the file
 * `'use client'` for React Server Components (a bundler drops a directive
 * from a module it merges).
 *
 * @packageDocumentation
 */

// The library entry's names, each listed: a name the library entry gains is not promised here unseen
// (test/ecosystem/api-report.test.ts fails until it is listed here too).
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
