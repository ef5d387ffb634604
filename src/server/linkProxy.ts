/** A same-origin `/graphql` that forwards the element's own lookups with the server's credentials, and nothing else. */
import { QUERIES } from '../api/operation.js';
import { HEADERS, isObject, tried, type Operation } from '../api/wire.js';

/** Headers for the provider: fixed, or made per incoming request (a site mapping its session to a visitor's credentials). */
type ProviderHeaders =
  Record<string, string> | ((request: Request) => Record<string, string> | Promise<Record<string, string>>);

/**
 * Where `createLinkProxy` forwards to, and with what.
 * @example `const options: LinkProxyOptions = { endpoint: 'https://provider.example/graphql', headers: { 'api-key': key } };`
 */
export interface LinkProxyOptions {
  /** The provider's absolute `/graphql` URL. */
  endpoint: string;
  /** The server's credentials, or a function of the incoming request that gives them. */
  headers?: ProviderHeaders;
  /** Most operations in one array POST; match the element's `batch.max`. @defaultValue `10` */
  maxBatch?: number;
}

/** Far above ten of the element's operations (about 6 KB), far below what would cost a server to read. */
const MAX_BODY_BYTES = 64 * 1024;
/** What the element reads; the provider's other headers (cookies, encodings) stay between the two servers. */
const PASSED_HEADERS = ['content-type', 'date', 'retry-after'];
/** `new Response` refuses a body with these. */
const NULL_BODY_STATUSES = [101, 204, 205, 304];

/** Each operation the element sends, by name: its exact text, and the variables that text declares. */
const declared = (query: string) => [...query.matchAll(/\$(\w+):/g)].map((match) => match[1]);
const OPERATIONS = new Map(
  Object.entries(QUERIES).map(([name, query]) => [name, { query, variables: declared(query) }]),
);

/** In GraphQL's shape, so a client shows its message. */
const refusal = (status: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ errors: [{ message }] }, { status, headers });

/**
 * A fetch handler, `(request) => Promise<Response>`, for the same-origin endpoint the elements point at: the provider's
 * key stays on the server. Only the element's two lookups are forwarded; the visitor's own headers never are.
 *
 * @example
 * ```ts
 * export const POST = createLinkProxy({
 *   endpoint: 'https://provider.example/graphql',
 *   headers: { 'api-key': process.env.CM_API_KEY! },
 * });
 * ```
 */
export function createLinkProxy({
  endpoint,
  headers = {},
  maxBatch = 10,
}: LinkProxyOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return refusal(405, 'only POST is answered', { allow: 'POST' });
    const text = await readLimited(request);
    if (text === undefined) return refusal(413, `the body is over ${MAX_BODY_BYTES} bytes`);
    const body = tried((): unknown => JSON.parse(text));
    if (body === undefined) return refusal(400, 'the body is not JSON');
    const given = Array.isArray(body) ? body : [body];
    if (given.length < 1 || given.length > maxBatch) return refusal(400, `a batch holds 1 to ${maxBatch} operations`);
    const operations = given.map(asElementOperation);
    if (!operations.every(Boolean)) return refusal(400, 'only the link lookups of cm-material-download are forwarded');
    const providerHeaders = typeof headers === 'function' ? await headers(request) : headers;
    let answer: Response;
    try {
      answer = await fetch(endpoint, {
        method: 'POST',
        // Built afresh: the visitor's api-key, authorization and cookies never travel upstream.
        headers: { ...HEADERS, ...providerHeaders },
        body: JSON.stringify(Array.isArray(body) ? operations : operations[0]),
        signal: request.signal,
      });
    } catch {
      // The element retries a 502 as it would the provider's own.
      return refusal(502, 'the provider could not be reached');
    }
    const passed = new Headers();
    for (const name of PASSED_HEADERS) if (answer.headers.has(name)) passed.set(name, answer.headers.get(name)!);
    const { status } = answer;
    return new Response(NULL_BODY_STATUSES.includes(status) ? null : answer.body, { status, headers: passed });
  };
}

/** Rebuilt from the known parts only, so nothing else the visitor wrote (`extensions`, say) reaches the provider. */
function asElementOperation(given: unknown): Operation | undefined {
  if (!isObject(given) || typeof given.operationName !== 'string' || !isObject(given.variables)) return undefined;
  const { operationName, variables } = given;
  const known = OPERATIONS.get(operationName);
  if (!known || given.query !== known.query) return undefined;
  const isDeclared = ([name, value]: [string, unknown]) => known.variables.includes(name) && typeof value === 'string';
  return Object.entries(variables).every(isDeclared) ? { operationName, query: known.query, variables } : undefined;
}

/** The body as text, or undefined past the limit: counted while read, as `content-length` may be missing or wrong. */
async function readLimited(request: Request): Promise<string | undefined> {
  if (Number(request.headers.get('content-length')) > MAX_BODY_BYTES) return undefined;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}
