// @ts-check
import { createYoga } from 'graphql-yoga';
import { createProviderSchema } from './schema.js';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('./schema.js').ProviderContext} ProviderContext */

export const GRAPHQL_PATH = '/graphql';

// Hop-by-hop and length headers describe the Node connection, not the body
// handed to yoga (which may have been rewritten by a fault).
const DROPPED_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'expect',
]);

/**
 * @param {{ batching: boolean }} options
 * @returns {(req: IncomingMessage, url: URL, body: string | null, context: ProviderContext) => Promise<Response>}
 */
export function createGraphqlHandler({ batching }) {
  const yoga = createYoga({
    schema: createProviderSchema(),
    batching,
    graphqlEndpoint: GRAPHQL_PATH,
    cors: {
      origin: '*',
      credentials: false,
      allowedHeaders: ['content-type', 'api-key', 'authorization', 'apollographql-client-name'],
    },
    logging: false,
    maskedErrors: false,
  });

  return async (req, url, body, context) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || DROPPED_HEADERS.has(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const method = req.method ?? 'GET';
    const request = new Request(url, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : (body ?? ''),
    });
    return yoga.fetch(request, context);
  };
}
