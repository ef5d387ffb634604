export { configure, getConfig, resetConfig } from './config';
export type { BatchOptions, ConfigureOptions, MaterialDownloadConfig } from './config';
export { lookupDownloadLink, toOperation, CLIENT_NAME_HEADERS } from './lookup';
export { readAuthHeaders, API_KEY_STORAGE_KEY, USER_TOKEN_STORAGE_KEY } from './auth';
export { readDownloadUrl } from './readers';
export { toSafeHref } from './safeHref';
export { LookupError } from './errors';
export * from './queries';
export { clearAnswerCache } from './answerCache';
