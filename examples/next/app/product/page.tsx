import { MaterialDownload } from 'cm-material-download/react';
import { resolveLinks, type ServerLinkRequest } from 'cm-material-download/server';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { PROVIDER_GRAPHQL, PROVIDER_HEADERS } from '../provider';

/** What the page offers: a public swatch, and a package only the site's key may see. */
const DOWNLOADS = [
  {
    label: 'Download the swatch',
    request: { organizationId: 'org-1', articleId: 'A-100', type: 'thumbnail', dimensions: '10x10cm' },
  },
  {
    label: 'Download the members’ PBR package',
    request: { organizationId: 'org-1', articleId: 'A-MEMBERS', type: 'pbr' },
  },
] as const satisfies readonly { label: string; request: ServerLinkRequest }[];

/** Where the elements ask later: app/api/graphql/route.ts, which adds the server's key. */
const PROXY_ENDPOINT = '/api/graphql';

/**
 * A Server Component: it looks the links up with the server's key before the HTML goes out, and
 * each element shows its link from the first paint without asking. With `cacheComponents`, the
 * request-time lookup is inside <Suspense>.
 */
export default function ProductPage() {
  return (
    <main>
      <h1>Sample material A-100, and Members Cork</h1>
      <Suspense fallback={<p>Looking up the files…</p>}>
        <Downloads />
      </Suspense>
    </main>
  );
}

async function Downloads() {
  // At request time, never at build: a signed link expires, and the key is the server's at run time.
  await connection();
  const links = await resolveLinks(
    DOWNLOADS.map(({ request }) => request),
    { endpoint: PROVIDER_GRAPHQL, headers: PROVIDER_HEADERS },
  );
  return (
    <ul>
      {DOWNLOADS.map(({ label, request }, index) => (
        <li key={request.articleId}>
          {/* A link not found here (null) is looked up by the element itself, through the proxy. */}
          <MaterialDownload {...request} endpoint={PROXY_ENDPOINT} link={links[index].href}>
            <a className="button">{label}</a>
          </MaterialDownload>
        </li>
      ))}
    </ul>
  );
}
