export { configureTransport, getConfig, resetConfig } from './config.js';
export type { BatchOptions, ConfigureOptions, MaterialDownloadConfig } from './config.js';
export { toOperation, CLIENT_NAME_HEADERS } from './lookup.js';
export type { LookupDownloadLink } from './lookup.js';
export { createTransport } from './transport.js';
export type { Transport } from './transport.js';
export { readAuthHeaders, API_KEY_STORAGE_KEY, USER_TOKEN_STORAGE_KEY } from './lookup.js';
export { readDownloadUrl, toSafeHref } from './readers.js';
export { LookupError } from './errors.js';
export {
  GET_MATERIAL_DOWNLOAD_LINK,
  GET_PBR_MATERIAL_DOWNLOAD_LINK,
  getMaterialDownloadLinkQuery,
  getPbrMaterialDownloadLinkQuery,
} from './queries.js';
export type { OperationName } from './queries.js';
