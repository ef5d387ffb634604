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
 * A link as `cm-link-change` would announce it, and when it stops working (ms since the epoch, null where it does not say).
 * @example `const usable = ({ state, expiresAt }: ResolvedLink) => state === 'enabled' && (expiresAt ?? Infinity) > Date.now();`
 */
export interface ResolvedLink extends LinkSettling {
  /** When a signed link stops working, in the server's `Date.now()` terms; null where the link does not say. */
  expiresAt: number | null;
}

/**
 * Looks the links up as the elements would, one result per request, in order; failures are results, never thrown.
 * Not retried: a page waits for its server, and an element rendered without a link looks it up (and retries) itself.
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
  /** One per distinct operation: what the provider answered, or why there is no answer. */
  const answers = new Map<string, { operation: Operation; outcome?: OperationResult | LookupError }>();
  const lookups = requests.map((request) => {
    // Only the inputs a link depends on: an `endpoint` in the data never redirects the server's credentials.
    const { organizationId, articleId, type, dimensions, resolution, fileType } = request;
    const validation = validateInputs({ organizationId, articleId, type, dimensions, resolution, fileType });
    if (!validation.ok) return validation;
    const operation = toOperation(validation.request);
    const key = JSON.stringify([operation.operationName, operation.variables]);
    if (!answers.has(key)) answers.set(key, { operation });
    return { ok: true as const, kind: validation.request.kind, key };
  });

  const destination = { endpoint, headers };
  /** An answer per operation, or why there is none; a server that refuses arrays gets each operation alone. */
  async function send(operations: Operation[]): Promise<(OperationResult | LookupError)[]> {
    const controller = new AbortController();
    const results = await post(destination, operations, { controller, timeoutMs }, clock).catch(asLookupError);
    if (results instanceof LookupError) return operations.map(() => results);
    // Only an array is ever refused or miscounted: alone, an operation always gets its answer or its failure.
    return results ?? (await Promise.all(operations.map((operation) => send([operation])))).flat();
  }
  const unique = [...answers.values()];
  const sent = [];
  for (let start = 0; start < unique.length; start += size) {
    const chunk = unique.slice(start, start + size);
    sent.push(
      send(chunk.map((each) => each.operation)).then((outcomes) =>
        chunk.forEach((each, index) => (each.outcome = outcomes[index])),
      ),
    );
  }
  await Promise.all(sent);

  // Read once every answer is in, so each expiry is read against everything the provider's clock told.
  return lookups.map((lookup): ResolvedLink => {
    if (!lookup.ok)
      return { state: 'disabled', href: null, error: lookup.error, reason: 'invalid-input', expiresAt: null };
    try {
      const { outcome } = answers.get(lookup.key)!;
      if (outcome instanceof LookupError) throw outcome;
      const href = readLink(lookup.kind, outcome!);
      if (href === null) return { state: 'disabled', href: null, error: null, reason: 'not-found', expiresAt: null };
      return { state: 'enabled', href, error: null, reason: null, expiresAt: clock.expiryOf(href) };
    } catch (error) {
      const { message, reason } = asLookupError(error);
      return { state: 'disabled', href: null, error: message, reason, expiresAt: null };
    }
  });
}

const asLookupError = (error: unknown) =>
  error instanceof LookupError ? error : new LookupError(`request failed: ${String(error)}`);
