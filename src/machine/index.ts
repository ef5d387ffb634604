/**
 * `cm-material-download/machine`: the statechart and its pure helpers, for tests, tools and elements of
 * one's own. No DOM, no network.
 *
 * @packageDocumentation
 */

export {
  createMaterialDownloadMachine,
  materialDownloadMachine,
  MATERIAL_DOWNLOAD_STATES,
  type MaterialDownloadImplementations,
} from './materialDownload.machine.js';
export type { MaterialDownloadMachine, MaterialDownloadState } from './materialDownload.machine.js';
export type {
  FoundLink,
  LinkSettling,
  LookupInput,
  LookupOutput,
  MaterialDownloadContext,
  MaterialDownloadEvent,
  MaterialDownloadInput,
} from './materialDownload.types.js';
export { connect, viewsEqual, SHOWN_AS } from './connect.js';
export type { MaterialDownloadView } from './connect.js';
export { validateInputs, MESSAGES, invalidValueMessage, changesValidation } from './inputs.js';
export type { LinkRequest, LinkKind, Validation } from './inputs.js';
export { REASON_NAMES } from './reasons.js';
export { REASONS, explainReason } from './reasons.js';
export type { Reason } from './reasons.js';
export {
  ATTRIBUTES,
  DIMENSIONS,
  DOWNLOAD_KINDS,
  DOWNLOAD_TYPES,
  FILE_TYPES,
  INPUT_NAMES,
  LOADING_MODES,
  RESOLUTIONS,
  TILE_ASSIGNMENT_TYPE,
} from './attributes.js';
export { ATTRIBUTE_DOCS } from './attributes.js';
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
} from './attributes.js';
