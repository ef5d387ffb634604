// @ts-check
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { BodyTooLargeError, parseJson, readBody } from './body.js';
import { FILES_PREFIX, refuseLink, serveFile } from './files.js';
import { alterResults, altersResults, faultAnswer, planFaults } from './faults.js';
import { GRAPHQL_PATH, createGraphqlHandler } from './graphql.js';
import { createHolds } from './hold.js';
import {
  DEFAULT_LINK_LIFETIME_MS,
  LINK_LIFETIME_PARAM,
  LINK_STYLE_PARAM,
  createLinkSigner,
  linkPolicyOf,
  linkPolicyProblem,
} from './link-signing.js';
import { refuseStrangers, visitorOf } from './members.js';
import { recordRequest } from './request-log.js';
import { createStaticHandler } from './static.js';
import { createPagePauses } from './streamed.js';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('./request-log.js').RecordedRequest} RecordedRequest */
/** @typedef {import('./faults.js').FaultPlan} FaultPlan */
/** @typedef {import('./link-signing.js').LinkStyle} LinkStyle */

/**
 * @typedef {object} ProviderOptions
 * @property {number} [port] 0 picks a free port
 * @property {string} [host] a loopback address
 * @property {number} [latencyMs] added before every /graphql answer
 * @property {boolean} [batching] whether a JSON array of operations is accepted
 * @property {Record<string, string>} [staticDirs] URL prefix to directory (relative to the package root)
 * @property {boolean} [gzipStatic] static text files go gzip-compressed to a client that accepts it,
 *   as a CDN serves them (off by default)
 * @property {LinkStyle} [linkStyle] how download URLs are signed; `unsigned` (the default) also
 *   lets the file server serve URLs without a signature, which it refuses (403) in every other style
 * @property {number} [linkLifetimeMs] how long a signed link works, in ms (1000 to 7 days; 15 minutes by default)
 * @property {string} [signingKey] the HMAC key; a random one for each start by default
 * @property {() => number} [clock] epoch ms, for signing and for checking links; `Date.now` by default
 *
 * @typedef {object} Provider
 * @property {string} origin e.g. http://127.0.0.1:4173
 * @property {string} graphqlUrl origin + '/graphql'
 * @property {(links: { linkStyle?: LinkStyle, linkLifetimeMs?: number, exposeDate?: boolean }) => string} graphqlUrlFor
 *   graphqlUrl with `?link-style=…&link-lifetime-ms=…`: its answers carry links of that style and
 *   lifetime, whatever the provider's own, so each page or element of a test can ask for its own;
 *   `exposeDate: false` adds `expose-date=no` (see EXPOSE_DATE_PARAM)
 * @property {RecordedRequest[]} requests every POST to /graphql, in order
 * @property {() => void} clearRequests empties the log and, as resetFaults, restarts the flaky faults
 * @property {() => void} resetFaults every `fault-flaky-*` article fails its first requests again
 * @property {(ms: number) => void} setLatency
 * @property {() => import('./hold.js').HeldRequests} hold keeps every /graphql POST from now on unanswered until released
 * @property {() => import('./streamed.js').HeldPages} holdPages keeps every pause of a streamed page
 *   (a static HTML page asked for with `?streamed`, see streamed.js) from now on until released
 * @property {() => Promise<void>} close ends every connection, hanging ones included
 */

const BODY_LIMIT = 1024 * 1024;
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
// Only a plain host[:port] is trusted to build download URLs from.
const HOST_HEADER = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
// Fault answers must be readable by a page on another origin, just like yoga's.
const CORS = { 'access-control-allow-origin': '*' };
/**
 * Query parameter of a GraphQL URL: `no` answers as a provider that does not
 * list `Date` in Access-Control-Expose-Headers, so a page on another origin
 * cannot read the provider's clock from its answers.
 */
export const EXPOSE_DATE_PARAM = 'expose-date';

/**
 * The answer headers a page on another origin may read: `Date`, so that an
 * element can read a signed link's life against the provider's clock when
 * the visitor's is wrong (unless the URL says `expose-date=no`), and
 * `Retry-After` where the answer sends one.
 * @param {URL} url
 * @param {Record<string, string>} [headers] the answer's own
 */
function exposedHeaders(url, headers = {}) {
  const names = [
    ...(url.searchParams.get(EXPOSE_DATE_PARAM) === 'no' ? [] : ['date']),
    ...('retry-after' in headers ? ['retry-after'] : []),
  ];
  return names.length > 0 ? { 'access-control-expose-headers': names.join(', ') } : {};
}

/** Timers that close() can cut short, so a stopped server leaves nothing pending. */
function createWaits() {
  /** @type {Set<{ timer: NodeJS.Timeout, resolve: () => void }>} */
  const pending = new Set();
  return {
    /** @param {number} ms @returns {Promise<void>} */
    wait(ms) {
      if (ms <= 0) return Promise.resolve();
      return new Promise((resolve) => {
        const entry = {
          timer: setTimeout(() => {
            pending.delete(entry);
            resolve();
          }, ms),
          resolve,
        };
        pending.add(entry);
      });
    },
    cancelAll() {
      for (const entry of pending) {
        clearTimeout(entry.timer);
        entry.resolve();
      }
      pending.clear();
    },
  };
}

/**
 * @param {ServerResponse} res
 * @param {Response} response
 * @param {boolean} withBody
 */
async function sendResponse(res, response, withBody) {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (!response.body || !withBody) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

/**
 * Starts the provider stand-in: GraphQL at /graphql, generated files at
 * /files/, and optional static directories.
 * @param {ProviderOptions} [options]
 * @returns {Promise<Provider>}
 */
export async function startProvider({
  port = 0,
  host = '127.0.0.1',
  latencyMs = 0,
  batching = true,
  staticDirs = {},
  gzipStatic = false,
  linkStyle = 'unsigned',
  linkLifetimeMs = DEFAULT_LINK_LIFETIME_MS,
  signingKey = randomBytes(32).toString('base64'),
  clock = Date.now,
} = {}) {
  if (!LOOPBACK.has(host)) throw new Error(`The provider stand-in only listens on a loopback address, not "${host}".`);
  const linkProblem = linkPolicyProblem(linkStyle, linkLifetimeMs);
  if (linkProblem) throw new Error(`The provider stand-in cannot sign links so: ${linkProblem}.`);
  const providerLinks = { style: linkStyle, lifetimeMs: linkLifetimeMs };
  const signer = createLinkSigner({ key: signingKey, clock });
  /** @type {RecordedRequest[]} */
  const requests = [];
  let latency = Math.max(0, latencyMs);
  let closed = false;
  let origin = '';
  const waits = createWaits();
  const holds = createHolds();
  /** @type {import('./faults.js').FaultCounts} */
  const faultCounts = new Map();
  const runGraphql = createGraphqlHandler({ batching });
  const pagePauses = createPagePauses((ms) => waits.wait(ms));
  const serveStatic = createStaticHandler(staticDirs, (res, page, url) => pagePauses.send(res, page, url), {
    gzip: gzipStatic,
  });

  /** @param {IncomingMessage} req */
  const filesOriginOf = (req) => {
    const hostHeader = req.headers.host;
    return hostHeader && HOST_HEADER.test(hostHeader) ? `http://${hostHeader}` : origin;
  };

  /** @param {IncomingMessage} req @param {ServerResponse} res @param {URL} url */
  async function handleGraphql(req, res, url) {
    // Stamped by the clock that signs the links, as one server's clock stamps both.
    res.setHeader('date', new Date(clock()).toUTCString());
    for (const [name, value] of Object.entries(exposedHeaders(url))) res.setHeader(name, value);
    const links = linkPolicyOf(url.searchParams, providerLinks);
    if ('problem' in links) {
      res
        .writeHead(400, { 'content-type': 'application/json', ...CORS })
        .end(JSON.stringify({ message: links.problem }));
      return;
    }
    const visitor = visitorOf(req.headers);
    /** @type {string | null} */
    let bodyText = null;
    /** @type {FaultPlan | null} */
    let plan = null;
    if (req.method === 'POST') {
      try {
        bodyText = await readBody(req, BODY_LIMIT);
      } catch (error) {
        if (!(error instanceof BodyTooLargeError)) throw error;
        res.writeHead(413, { 'content-type': 'application/json', ...CORS }).end('{"message":"Body too large"}');
        return;
      }
      const parsed = parseJson(bodyText);
      requests.push(recordRequest(req, parsed.ok ? parsed.value : bodyText, parsed.ok));
      if (parsed.ok) plan = planFaults(parsed.value, faultCounts);
      if (plan && !visitor) refuseStrangers(plan);
      if (!(await holds.wait(res))) return;
    }
    // A preflight is answered at once: the latency models the work behind a query.
    if (req.method !== 'OPTIONS') await waits.wait(latency);
    if (closed) return;

    const terminal = plan?.terminal;
    if (terminal?.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    if (terminal?.kind === 'hang') return; // close() ends the socket
    if (terminal) {
      const answer = faultAnswer(terminal, plan?.body);
      res.writeHead(answer.status, {
        'content-type': answer.contentType,
        'cache-control': 'no-store',
        ...CORS,
        ...answer.headers,
        ...exposedHeaders(url, answer.headers),
      });
      res.end(answer.text);
      return;
    }

    await waits.wait(plan?.delayMs ?? 0);
    if (closed) return;
    const body = plan?.rewritten ? JSON.stringify(plan.body) : bodyText;
    const files = {
      origin: filesOriginOf(req),
      sign: (/** @type {string} */ fileUrl) => signer.sign(fileUrl, links.policy),
      visitor,
    };
    const response = await runGraphql(req, url, body, { files });
    if (!plan || !altersResults(plan)) {
      await sendResponse(res, response, req.method !== 'HEAD');
      return;
    }
    const text = await response.text();
    const parsed = parseJson(text);
    const headers = Object.fromEntries(response.headers);
    delete headers['content-length'];
    res.writeHead(response.status, headers);
    res.end(parsed.ok ? JSON.stringify(alterResults(parsed.value, plan)) : text);
  }

  /** @param {IncomingMessage} req @param {ServerResponse} res */
  async function handle(req, res) {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === GRAPHQL_PATH) return handleGraphql(req, res, url);
    if (url.pathname.startsWith(FILES_PREFIX)) {
      const check = signer.check(url);
      if (check === 'valid' || (check === 'unsigned' && linkStyle === 'unsigned')) return serveFile(req, res, url);
      return refuseLink(res, check);
    }
    if (await serveStatic(req, res, url)) return;
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('Not found\n');
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(500, { 'content-type': 'application/json', ...CORS });
      res.end(JSON.stringify({ message: error instanceof Error ? error.message : String(error) }));
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The provider did not get a TCP address.');
  origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  /** @type {Promise<void> | null} */
  let closing = null;
  return {
    origin,
    graphqlUrl: `${origin}${GRAPHQL_PATH}`,
    graphqlUrlFor({ linkStyle: style, linkLifetimeMs: lifetimeMs, exposeDate = true }) {
      const url = new URL(GRAPHQL_PATH, origin);
      if (style !== undefined) url.searchParams.set(LINK_STYLE_PARAM, style);
      if (lifetimeMs !== undefined) url.searchParams.set(LINK_LIFETIME_PARAM, String(lifetimeMs));
      if (!exposeDate) url.searchParams.set(EXPOSE_DATE_PARAM, 'no');
      return url.href;
    },
    requests,
    clearRequests() {
      requests.length = 0;
      faultCounts.clear();
    },
    resetFaults() {
      faultCounts.clear();
    },
    setLatency(ms) {
      latency = Math.max(0, Number(ms) || 0);
    },
    hold() {
      return holds.start();
    },
    holdPages() {
      return pagePauses.hold();
    },
    close() {
      closing ??= new Promise((resolve, reject) => {
        closed = true;
        waits.cancelAll();
        holds.releaseAll();
        pagePauses.releaseAll();
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging and keep-alive connections would otherwise hold close() open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
