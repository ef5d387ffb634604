/**
 * The library entry for bundler users. Importing it registers nothing:
 * call `defineMaterialDownload()`, or load dist/cm-material-download.js.
 * Its types need no React types; React apps import `cm-material-download/react`
 * (react.ts), which adds the React component and the tag's JSX typings.
 *
 * A named list, each name a promise: api/cm-material-download.api.md is the
 * report of it, and a test fails when this list and the report part ways.
 *
 * @packageDocumentation
 */

// The element: registering it, and its types for DOM lookups, listeners and JSX.
export { defineMaterialDownload } from './element/defineMaterialDownload.js';
export type { MaterialDownloadElementConstructor } from './element/createElementClass.js';
export type {
  HTMLMaterialDownloadElement,
  LinkChangeEvent,
  MaterialDownloadAttributes,
  MaterialDownloadEventMap,
} from './element/globalTypes.js';
export { LINK_CHANGE_EVENT } from './element/dom.js';
export type { LinkChangeDetail } from './element/dom.js';

// Options for every element.
export { configureElements as configure } from './element/configureElements.js';
export type { ElementConfigureOptions } from './element/configureElements.js';
export type { BatchOptions, ConfigureOptions, MaterialDownloadConfig, RetryOptions } from './api/config.js';
export { setInspector } from './element/inspection.js';
export type { MaterialDownloadInspector } from './element/inspection.js';

// The statechart, what it is given and what it announces, and the view of a snapshot.
export { materialDownloadMachine, MATERIAL_DOWNLOAD_STATES } from './machine/materialDownload.machine.js';
export type {
  LinkSettledEvent,
  LookupInput,
  LookupOutput,
  MaterialDownloadContext,
  MaterialDownloadEvent,
  MaterialDownloadInput,
  MaterialDownloadMachine,
  MaterialDownloadState,
} from './machine/materialDownload.machine.js';
export type { LinkKind, LinkRequest } from './machine/types.js';
export { connect } from './machine/connect.js';
export type { MaterialDownloadView } from './machine/connect.js';
export { decodeTransition } from './machine/decodeTransition.js';
export type { DecodedTransition } from './machine/decodeTransition.js';

// The inputs, declared once in the attribute table, and the types derived from it.
export { DOWNLOAD_TYPES } from './machine/attributes.js';
export type {
  AttributeValue,
  DimensionsKey,
  DownloadFileType,
  DownloadResolution,
  DownloadType,
  FileTypeKey,
  InputName,
  LoadingMode,
  MaterialDownloadAttributeValues,
  MaterialDownloadInputs,
  MaterialDownloadProperties,
  ResolutionKey,
  ThumbnailAssignmentType,
  TileAssignmentType,
} from './machine/attributes.js';
