export { materialDownloadMachine, MATERIAL_DOWNLOAD_STATES } from './materialDownload.machine.js';
export type {
  LinkSettledEvent,
  LookupInput,
  LookupOutput,
  MaterialDownloadContext,
  MaterialDownloadEvent,
  MaterialDownloadInput,
  MaterialDownloadMachine,
  MaterialDownloadState,
} from './materialDownload.machine.js';
export { connect, viewsEqual } from './connect.js';
export type { MaterialDownloadView } from './connect.js';
export { validateInputs, MESSAGES, invalidValueMessage } from './validateInputs.js';
export { changesValidation } from './changesValidation.js';
export { decodeTransition } from './decodeTransition.js';
export type { DecodedTransition } from './decodeTransition.js';
export * from './attributes.js';
export type { LinkRequest, LinkKind, Validation } from './types.js';
