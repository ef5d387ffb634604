// @ts-check
// Baseline: the seed original's transport, as it was configured there, on a
// plain custom element, so the bench compares transports and not frameworks.
import { ApolloClient, InMemoryCache, gql } from '@apollo/client/core';
import { BatchHttpLink } from '@apollo/client/link/batch-http';
import { getMaterialDownloadLinkQuery, getPbrMaterialDownloadLinkQuery } from '../../src/api/operation';
import { defineBaseline } from './define-baseline.js';

const documents = {
  GetMaterialDownloadLink: gql(getMaterialDownloadLinkQuery),
  GetPbrMaterialDownloadLink: gql(getPbrMaterialDownloadLinkQuery),
};

/** One client per endpoint, as the seed had one per configured endpoint. */
/** @type {Map<string, ApolloClient<import('@apollo/client/core').NormalizedCacheObject>>} */
const clients = new Map();

/** @param {string} uri */
function clientFor(uri) {
  let client = clients.get(uri);
  if (!client) {
    client = new ApolloClient({
      link: new BatchHttpLink({
        uri,
        batchInterval: 10,
        batchMax: 10,
        credentials: 'same-origin',
        headers: { 'apollographql-client-name': 'web-components' },
      }),
      cache: new InMemoryCache(),
      defaultOptions: { query: { errorPolicy: 'ignore' } },
    });
    clients.set(uri, client);
  }
  return client;
}

defineBaseline((endpoint, { operationName, variables }) =>
  clientFor(endpoint)
    .query({ query: documents[/** @type {keyof typeof documents} */ (operationName)], variables })
    .then((result) => result.data),
);
