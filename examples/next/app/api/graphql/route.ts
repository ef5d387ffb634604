import { createLinkProxy } from 'cm-material-download/server';
import { PROVIDER_GRAPHQL, PROVIDER_HEADERS } from '../../provider';

/**
 * The elements' later lookups (a signed link's refresh, a changed input, `refresh()`) come here, on
 * the page's own origin, and go on to the provider with the server's key. Only the element's two
 * queries pass; Next.js answers every method but POST with 405.
 */
export const POST = createLinkProxy({ endpoint: PROVIDER_GRAPHQL, headers: PROVIDER_HEADERS });
