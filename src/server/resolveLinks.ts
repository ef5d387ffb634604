/** The element's lookup done on the page's server: the same validation, queries, readers and reasons, fetch only. */
import type { MaterialDownloadProperties } from '../machine/attributes.js';
import { validateInputs } from '../machine/inputs.js';
import type { LinkSettling } from '../machine/materialDownload.types.js';
import { readLink, toOperation } from '../api/operation.js';
import { createProviderClock, LookupError, post, type Operation, type OperationResult } from '../api/wire.js';

/**
 * What one link is looked up from: the element's inputs, by their property names, with the element's defaults.
 * @example `const swatch: ServerLinkRequest = { organizationId: 'org-1', articleId: 'A-100', type: 'thumbnail', dimensions: '10x10cm' };`
 */
export type ServerLinkRequest = Pick<
  MaterialDownloadProperties,
  'organizationId' | 'articleId' | 'type' | 'dimensions' | 'resolution' | 'fileType'
>;

/**
 * Where and how `resolveLinks` asks.
 * @example `const options: ResolveLinksOptions = { endpoint: 'https://provider.example/graphql', headers: { 'api-key': key } };`
 */
export interface ResolveLinksOptions {
  /** The provider's absolute `/graphql` URL. */
  endpoint: string;
  /** Sent with every request: the server's credentials. */
  headers?: Record<string, string>;
  /** Abort a request after this long, in ms. @defaultValue `30000` */
  timeoutMs?: number;
  /** Most operations in one array POST; `false` sends each alone. @defaultValue `10` */
  batch?: number | false;
}

/**
 * A link as `cm-link-change` would announce it, and when it stops working.
 * @example `const usable = ({ state, expiresAt }: ResolvedLink) => state === 'enabled' && (expiresAt ?? Infinity) > Date.now();`
 */
export interface ResolvedLink extends LinkSettling {
  /** When a signed link stops working, in the server's `Date.now()` terms; null where the link does not say. */
  expiresAt: number | null;
}

/**
 * Looks the links up as the elements would, one result per request, in order; failures are results, never thrown.
 * Not retried: a page waits for its server, and an element rendered without a link retries itself.
 *
 * @example
 * ```ts
 * const [swatch] = await resolveLinks([{ organizationId: 'org-1', articleId: 'A-100', type: 'pbr' }], {
 *   endpoint: 'https://provider.example/graphql',
 *   headers: { 'api-key': process.env.CM_API_KEY! },
 * });
 * ```
 */
export async function resolveLinks(
  requests: readonly ServerLinkRequest[],
  { endpoint, headers = {}, timeoutMs = 30_000, batch = 10 }: ResolveLinksOptions,
): Promise<ResolvedLink[]> {
  const size = batch === false ? 1 : batch;
  if (!Number.isInteger(size) || size < 1) throw new RangeError('resolveLinks: batch must be false or an integer >= 1');
  const clock = createProviderClock();
  type Answer = { operation: Operation; outcome?: OperationResult | LookupError };
  const answers = new Map<string, Answer>();
  const lookups = requests.map(({ organizationId, articleId, type, dimensions, resolution, fileType }) => {
    // Only the inputs a link depends on: an `endpoint` in the data never redirects the server's credentials.
    const validation = validateInputs({ organizationId, articleId, type, dimensions, resolution, fileType });
    if (!validation.ok) return validation;
    const operation = toOperation(validation.request);
    const key = JSON.stringify([operation.operationName, operation.variables]);
    if (!answers.has(key)) answers.set(key, { operation });
    return { ok: true as const, kind: validation.request.kind, key };
  });

  // A server that refuses arrays, or miscounts its answers, gets each operation alone.
  async function send(chunk: Answer[]): Promise<void> {
    const operations = chunk.map((each) => each.operation);
    const options = { controller: new AbortController(), timeoutMs };
    const results = await post({ endpoint, headers }, operations, options, clock).catch(asLookupError);
    if (!results) await Promise.all(chunk.map((each) => send([each])));
    else chunk.forEach((each, index) => (each.outcome = results instanceof LookupError ? results : results[index]));
  }
  const unique = [...answers.values()];
  const sent = [];
  for (let start = 0; start < unique.length; start += size) sent.push(send(unique.slice(start, start + size)));
  await Promise.all(sent);

  // Read once every answer is in, so each expiry is read against everything the provider's clock told.
  return lookups.map((lookup): ResolvedLink => {
    if (!lookup.ok) return disabled('invalid-input', lookup.error);
    const { outcome } = answers.get(lookup.key)!;
    try {
      if (outcome instanceof LookupError) throw outcome;
      const href = readLink(lookup.kind, outcome!);
      if (href === null) return disabled('not-found', null);
      return { state: 'enabled', href, error: null, reason: null, expiresAt: clock.expiryOf(href) };
    } catch (error) {
      const { message, reason } = asLookupError(error);
      return disabled(reason, message);
    }
  });
}

function disabled(reason: ResolvedLink['reason'], error: string | null): ResolvedLink {
  return { state: 'disabled', href: null, error, reason, expiresAt: null };
}

const asLookupError = (error: unknown) =>
  error instanceof LookupError ? error : new LookupError(`request failed: ${String(error)}`);
