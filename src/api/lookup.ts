import type { LinkRequest } from '../machine/types.js';
import { readAuthHeaders } from './auth.js';
import { getConfig } from './config.js';
import { afterThisScript } from './deferral.js';
import { resolveEndpoint } from './endpoint.js';
import { LookupError } from './errors.js';
import { readDespiteErrors } from './graphqlErrors.js';
import {
  GET_MATERIAL_DOWNLOAD_LINK,
  GET_PBR_MATERIAL_DOWNLOAD_LINK,
  getMaterialDownloadLinkQuery,
  getPbrMaterialDownloadLinkQuery,
} from './queries.js';
import { readDownloadUrl } from './readers.js';
import { withRetry } from './retry.js';
import { toSafeHref } from './safeHref.js';
import type { Operation, OperationResult, SendOptions } from './operation.js';

/** Lets the provider tell our traffic apart from its other clients. */
export const CLIENT_NAME_HEADERS = { 'apollographql-client-name': 'web-components' } as const;

export function toOperation(request: LinkRequest): Operation {
  const { organizationId, articleId, resolution, fileType } = request;
  const shared = { articleId, organizationId, ...definedOnly({ resolution, fileType }) };
  if (request.kind === 'pbr') {
    return { operationName: GET_PBR_MATERIAL_DOWNLOAD_LINK, query: getPbrMaterialDownloadLinkQuery, variables: shared };
  }
  return {
    operationName: GET_MATERIAL_DOWNLOAD_LINK,
    query: getMaterialDownloadLinkQuery,
    variables: { ...shared, assignmentType: request.assignmentType },
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
) => Promise<string | null>;

/** Sends one operation: a transport's `sendOperation`. */
type Send = (operation: Operation, options: SendOptions) => Promise<OperationResult>;

/** Lookups that go out through `send`, to the configured provider or to an element's own endpoint. */
export function createLookup(send: Send): LookupDownloadLink {
  const configuredProvider = configuredProviderPerTask();
  return async (request, signal, attempt = 0) => {
    try {
      return await lookupOnce(send, configuredProvider(), request, signal);
    } catch (error) {
      throw withRetry(error, attempt, getConfig().retry);
    }
  };
}

async function lookupOnce(
  send: Send,
  { config, configured, auth: configuredAuth }: ConfiguredProvider,
  request: LinkRequest,
  signal: AbortSignal | undefined,
): Promise<string | null> {
  const endpoint = request.endpoint ? resolveEndpoint(request.endpoint) : configured;
  // The customer's credentials are for their configured provider only, never for an element's own endpoint elsewhere.
  const auth = endpoint === configured ? configuredAuth : {};
  const headers = { ...CLIENT_NAME_HEADERS, ...auth };
  const { data, errors } = await send(toOperation(request), {
    endpoint,
    headers,
    timeoutMs: config.timeoutMs,
    batch: config.batch,
    cacheTtlMs: config.cacheTtlMs,
    ...(signal ? { signal } : {}),
  });
  // Error policy "ignore": where there is data that yields a link, it is used, errors or not;
  // where none can be read, the errors say why (a refusal, or the provider's words).
  const url = readDespiteErrors(errors, () => {
    if (data === undefined || data === null) throw new LookupError('invalid response: no data');
    return readDownloadUrl(request.kind, data);
  });
  // The readers say null where the provider has no link, whatever shape its answer had.
  return url === null ? null : toSafeHref(url);
}

interface ConfiguredProvider {
  config: ReturnType<typeof getConfig>;
  configured: string;
  auth: Record<string, string>;
}

/**
 * The configured endpoint, resolved, and the credentials for it: read once
 * per task, not once per element (a catalogue page connects a thousand in
 * one task), and again as soon as `configure()` changes the options.
 */
function configuredProviderPerTask(): () => ConfiguredProvider {
  let current: ConfiguredProvider | null = null;
  return () => {
    const config = getConfig();
    if (current?.config === config) return current;
    current = { config, configured: resolveEndpoint(config.endpoint), auth: readAuthHeaders() };
    afterThisScript(() => (current = null));
    return current;
  };
}

function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
