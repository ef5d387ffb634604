// @ts-check
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { createProviderSchema } from './schema.js';

/** @typedef {import('./schema.js').ProviderContext} ProviderContext */

/**
 * @typedef {object} ApolloRequest
 * @property {boolean} batched whether the body was a JSON array of operations
 * @property {(string | null)[]} operationNames one an operation, in order
 * @property {number | null} status the HTTP status answered, null until the answer went out
 *
 * @typedef {object} ApolloProviderOptions
 * @property {boolean} [allowBatchedHttpRequests] left out: Apollo's own default, which refuses arrays
 * @property {string} [filesOrigin] where the download URLs point; this server serves no files
 * @property {string} [host] a loopback address
 *
 * @typedef {object} ApolloProvider
 * @property {string} graphqlUrl e.g. http://127.0.0.1:4321/graphql
 * @property {ApolloRequest[]} requests every GraphQL request that passed CSRF prevention, in order
 * @property {() => void} clearRequests
 * @property {() => Promise<void>} close
 */

/**
 * The provider's schema and resolvers, served the way a customer's own
 * Apollo Server 5 would: `startStandaloneServer` with its default CORS and
 * CSRF prevention, on a free port, so the element is tested against the
 * server it meets most, not only against our stand-in.
 * @param {ApolloProviderOptions} [options]
 * @returns {Promise<ApolloProvider>}
 */
export async function startApolloProvider({ allowBatchedHttpRequests, filesOrigin, host = '127.0.0.1' } = {}) {
  /** @type {ApolloRequest[]} */
  const requests = [];
  let ownOrigin = '';
  /** @type {ApolloServer<ProviderContext>} */
  const server = new ApolloServer({
    schema: createProviderSchema(),
    ...(allowBatchedHttpRequests === undefined ? {} : { allowBatchedHttpRequests }),
  });
  const { url } = await startStandaloneServer(server, {
    listen: { port: 0, host },
    // Apollo builds the context once a request has passed CSRF prevention and before it looks
    // at batching: the one place that sees a refused array POST as well as an answered one.
    context: ({ req, res }) => {
      const request = recordBody(/** @type {{ body?: unknown }} */ (req).body);
      requests.push(request);
      res.once('finish', () => (request.status = res.statusCode));
      return Promise.resolve({ files: { origin: filesOrigin ?? ownOrigin } });
    },
  });
  ownOrigin = new URL(url).origin;
  return {
    // The standalone server answers on every path; the element's requests go to the usual one.
    graphqlUrl: new URL('/graphql', url).href,
    requests,
    clearRequests() {
      requests.length = 0;
    },
    close: () => server.stop(),
  };
}

/** @param {unknown} body @returns {ApolloRequest} */
function recordBody(body) {
  const operations = Array.isArray(body) ? body : [body];
  return {
    batched: Array.isArray(body),
    operationNames: operations.map((operation) =>
      typeof operation?.operationName === 'string' ? operation.operationName : null,
    ),
    status: null,
  };
}
