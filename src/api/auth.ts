import { logError } from '../log.js';

export const API_KEY_STORAGE_KEY = 'cm-api-key';
export const USER_TOKEN_STORAGE_KEY = 'cm-user-token';

type StorageReader = () => Pick<Storage, 'getItem'> | null | undefined;

const defaultStorage: StorageReader = () => (typeof localStorage === 'undefined' ? null : localStorage);

/** fetch throws on a header value with control or non-Latin-1 characters. */
const isSendableHeaderValue = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);

/**
 * The auth header for the next request: an api key wins over a user token.
 * Storage can throw (sandboxed iframes, blocked cookies): that is logged and
 * the request goes on without auth. Secrets never reach the log.
 */
export function readAuthHeaders(storage: StorageReader = defaultStorage): Record<string, string> {
  let stored: { apiKey: string | null; userToken: string | null };
  try {
    const store = storage();
    const apiKey = store?.getItem(API_KEY_STORAGE_KEY) ?? null;
    stored = { apiKey, userToken: apiKey ? null : (store?.getItem(USER_TOKEN_STORAGE_KEY) ?? null) };
  } catch (error) {
    logError(`cannot read localStorage (${describe(error)}); sending the request without auth`);
    return {};
  }
  if (stored.apiKey) return sendable('api-key', stored.apiKey, API_KEY_STORAGE_KEY);
  if (stored.userToken) return sendable('authorization', `Bearer ${stored.userToken}`, USER_TOKEN_STORAGE_KEY);
  return {};
}

function sendable(header: string, value: string, storageKey: string): Record<string, string> {
  if (isSendableHeaderValue(value)) return { [header]: value };
  logError(
    `localStorage["${storageKey}"] holds characters an HTTP header cannot carry; sending the request without auth`,
  );
  return {};
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
