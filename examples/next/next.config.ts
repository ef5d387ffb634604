import type { NextConfig } from 'next';

// The element asks /graphql on the page's origin, as the published element does on a customer's
// site: here Next.js hands that, and the files it links to, to the provider. Rewrites are fixed
// when `next build` runs, so the provider's origin is read then.
const provider = process.env.CM_PROVIDER_ORIGIN ?? 'http://127.0.0.1:4000';

const nextConfig: NextConfig = {
  // Both on in fresh Next.js 16 scaffolds: a page reads request data (the URL's search params, a
  // connection) only inside a <Suspense> boundary, which the server streams in later.
  cacheComponents: true,
  partialPrefetching: true,
  // This folder is the app's root, also inside a repository with a lockfile of its own above it.
  turbopack: { root: import.meta.dirname },
  async rewrites() {
    return [
      { source: '/graphql', destination: `${provider}/graphql` },
      { source: '/files/:path*', destination: `${provider}/files/:path*` },
    ];
  },
};

export default nextConfig;
