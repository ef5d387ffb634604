import 'server-only';

// Read where the server runs: `server-only` fails the build of any client component that imports
// this module, so the key cannot reach the browser's bundle by accident.
const origin = process.env.CM_PROVIDER_ORIGIN ?? 'http://127.0.0.1:4000';
const apiKey = process.env.CM_API_KEY;

/** The provider's GraphQL endpoint, asked from this server only. */
export const PROVIDER_GRAPHQL = `${origin}/graphql`;

/** The site's own key: it sees the organization's members-only materials too. Without one, only public ones. */
export const PROVIDER_HEADERS: Record<string, string> = apiKey ? { 'api-key': apiKey } : {};
