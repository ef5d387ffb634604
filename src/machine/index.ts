export { materialDownloadMachine } from './materialDownload.machine';
export type {
  LookupOutput,
  MaterialDownloadContext,
  MaterialDownloadEvent,
  MaterialDownloadMachine,
  MaterialDownloadState,
} from './materialDownload.machine';
export { connect, viewsEqual } from './connect';
export type { MaterialDownloadView, SettledState } from './connect';
export { validateInputs, MESSAGES, invalidValueMessage } from './validateInputs';
export * from './options';
export type { LinkRequest, LinkKind, MaterialDownloadInputs, Validation } from './types';
