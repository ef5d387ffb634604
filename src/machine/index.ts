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
  type MaterialDownloadMachine,
  type MaterialDownloadState,
} from './materialDownload.machine.js';
export type * from './materialDownload.types.js';
export { connect, viewsEqual, SHOWN_AS, type MaterialDownloadView } from './connect.js';
export { validateInputs, MESSAGES, invalidValueMessage, changesValidation } from './inputs.js';
export type { LinkRequest, LinkKind, Validation } from './inputs.js';
export { REASON_NAMES, type Reason } from './materialDownload.types.js';
export * from './attributes.js';
