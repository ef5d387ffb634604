import type { APIRoute } from 'astro';
import { CM_API_KEY, CM_PROVIDER_ENDPOINT } from 'astro:env/server';
import { createLinkProxy } from 'cm-material-download/server';

// The elements' later lookups (a refresh, a signed link running out, an input change) come here, and
// leave for the provider with the server's key: the browser never holds it.
const forwardLookup = createLinkProxy({ endpoint: CM_PROVIDER_ENDPOINT, headers: { 'api-key': CM_API_KEY } });

export const POST: APIRoute = ({ request }) => forwardLookup(request);
