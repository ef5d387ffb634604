export { materialDownloadMachine, MATERIAL_DOWNLOAD_STATES } from './materialDownload.machine';
export type {
  LinkSettledEvent,
  LookupInput,
  LookupOutput,
  MaterialDownloadContext,
  MaterialDownloadEvent,
  MaterialDownloadInput,
  MaterialDownloadMachine,
  MaterialDownloadState,
} from './materialDownload.machine';
export { connect, viewsEqual } from './connect';
export type { MaterialDownloadView } from './connect';
export { validateInputs, MESSAGES, invalidValueMessage } from './validateInputs';
export { changesValidation } from './changesValidation';
export { decodeTransition } from './decodeTransition';
export type { DecodedTransition } from './decodeTransition';
export * from './attributes';
export type { LinkRequest, LinkKind, Validation } from './types';
