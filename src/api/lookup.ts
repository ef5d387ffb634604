import { logError } from '../log.js';
import type { LinkRequest } from '../machine/inputs.js';
import { getConfig, type MaterialDownloadConfig } from './config.js';
import { afterThisScript } from './deferral.js';
import { LookupError } from './errors.js';
import {
  GET_MATERIAL_DOWNLOAD_LINK,
  GET_PBR_MATERIAL_DOWNLOAD_LINK,
  getMaterialDownloadLinkQuery,
  getPbrMaterialDownloadLinkQuery,
} from './queries.js';
import { readLink } from './readers.js';
import { withRetry } from './wire.js';
import type { Operation, OperationResult, SendOptions } from './operation.js';

/** Lets the provider tell our traffic apart from its other clients. */
export const CLIENT_NAME_HEADERS = { 'apollographql-client-name': 'web-components' } as const;

/** The inputs a request leaves out (`resolution="none"`) are undefined here, and JSON leaves them out of the body. */
export function toOperation(request: LinkRequest): Operation {
  const { organizationId, articleId, resolution, fileType } = request;
  const variables = { articleId, organizationId, resolution, fileType };
  if (request.kind === 'pbr') {
    return { operationName: GET_PBR_MATERIAL_DOWNLOAD_LINK, query: getPbrMaterialDownloadLinkQuery, variables };
  }
  return {
    operationName: GET_MATERIAL_DOWNLOAD_LINK,
    query: getMaterialDownloadLinkQuery,
    variables: { ...variables, assignmentType: request.assignmentType },
  };
}

/**
 * The link for a validated request, or null where the provider has none.
 * Rejects with a LookupError whose message says what went wrong and, for a
 * failure on the wire worth another try (attempt `attempt`, 0 for the
 * first), when to try again (`retryInMs`).
 */
export type LookupDownloadLink = (
  request: LinkRequest,
  signal?: AbortSignal,
  attempt?: number,
  /** Sent ahead of the actor that will make it: its answer waits to be joined until `signal` aborts. */
  ahead?: boolean,
) => Promise<string | null>;

/** Sends one operation: a transport's `sendOperation`. */
type Send = (operation: Operation, options: SendOptions) => Promise<OperationResult>;

/** Lookups that go out through `send`, to the configured provider or to an element's own endpoint. */
export function createLookup(send: Send): LookupDownloadLink {
  // The configured endpoint, resolved, and the credentials for it: read once per task, not once per
  // element (a catalogue page connects a thousand in one task), and again as soon as `configure()`
  // changes the options (`readFor`: the options they were read for).
  let readFor: Readonly<MaterialDownloadConfig> | undefined;
  let configured = '';
  let auth: Record<string, string> = {};
  return async (request, signal, attempt = 0, ahead = false) => {
    try {
      const config = getConfig();
      if (config !== readFor) {
        configured = resolveEndpoint(config.endpoint);
        auth = readAuthHeaders();
        readFor = config;
        afterThisScript(() => (readFor = undefined));
      }
      const endpoint = request.endpoint ? resolveEndpoint(request.endpoint) : configured;
      const headers = {
        ...CLIENT_NAME_HEADERS,
        // The customer's credentials are for their configured provider only, never for an element's own endpoint elsewhere.
        ...(endpoint === configured ? auth : {}),
      };
      return readLink(request.kind, await send(toOperation(request), { ...config, endpoint, headers, signal, ahead }));
    } catch (error) {
      throw withRetry(error, attempt, getConfig().retry);
    }
  };
}

/**
 * An endpoint as one absolute http(s) URL, so that two spellings of the same
 * one share a batch queue, a cache and a batch refusal, and the credentials
 * that go only to the configured endpoint go to it however an element's
 * `endpoint` attribute spells it. A relative one resolves against `baseUrl`:
 * by default the base URL fetch itself resolves a relative URL against.
 */
export function resolveEndpoint(endpoint: string, baseUrl: string | undefined = fetchBaseUrl()): string {
  const invalid = (why: string) => new LookupError(`invalid endpoint "${endpoint}": ${why}`);
  let url: URL;
  try {
    url = new URL(endpoint, baseUrl);
  } catch {
    throw invalid('expected an absolute http(s) URL or a path');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('only http and https are supported');
  return url.href;
}

/**
 * The base URL `fetch` resolves a relative URL against: on a page, the
 * document's base URL (`<base href>` included, as `document.baseURI` has it);
 * undefined where there is none, as in Node. Asked of the Fetch API rather
 * than read from `document`: this layer knows the page only through what it
 * sends requests with.
 */
export function fetchBaseUrl(): string | undefined {
  try {
    return new Request('').url;
  } catch {
    return undefined;
  }
}

export const API_KEY_STORAGE_KEY = 'cm-api-key';
export const USER_TOKEN_STORAGE_KEY = 'cm-user-token';

type StorageReader = () => Pick<Storage, 'getItem'> | null | undefined;

/**
 * The auth header for the next request: an api key wins over a user token.
 * Storage can throw (sandboxed iframes, blocked cookies): that is logged and
 * the request goes on without auth. Secrets never reach the log.
 */
export function readAuthHeaders(
  storage: StorageReader = () => (typeof localStorage === 'undefined' ? null : localStorage),
): Record<string, string> {
  const withoutAuth = (why: string) => {
    logError(`${why}; sending the request without auth`);
    return {};
  };
  let found: [header: string, value: string, storageKey: string] | undefined;
  try {
    const store = storage();
    const apiKey = store?.getItem(API_KEY_STORAGE_KEY);
    const userToken = apiKey ? null : store?.getItem(USER_TOKEN_STORAGE_KEY);
    if (apiKey) found = ['api-key', apiKey, API_KEY_STORAGE_KEY];
    else if (userToken) found = ['authorization', `Bearer ${userToken}`, USER_TOKEN_STORAGE_KEY];
  } catch (error) {
    return withoutAuth(
      `cannot read localStorage (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)})`,
    );
  }
  if (!found) return {};
  const [header, value, storageKey] = found;
  // fetch throws on a header value with control or non-Latin-1 characters.
  if (/^[\t\x20-\x7e\x80-\xff]*$/.test(value)) return { [header]: value };
  return withoutAuth(`localStorage["${storageKey}"] holds characters an HTTP header cannot carry`);
}
