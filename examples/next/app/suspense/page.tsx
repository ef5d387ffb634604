import { MaterialDownload } from 'cm-material-download/react';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { LinkStatus } from '../LinkStatus';

/**
 * One element in the page's shell, and one in a <Suspense> boundary that streams in later, as a
 * page that fetches data has. The shell hydrates first and defines the tag for the whole page,
 * which upgrades the later element as soon as its HTML arrives, before React has hydrated it:
 * `defer-hydration`, rendered on the server, holds that element untouched until its own
 * component has hydrated.
 */
export default function SuspensePage() {
  return (
    <main>
      <h1>Sample material A-100, and A-101 a moment later</h1>
      <LinkStatus>
        <MaterialDownload id="now" organizationId="org-1" articleId="A-100" type="pbr">
          <a className="button">Download A-100</a>
        </MaterialDownload>
      </LinkStatus>
      <Suspense fallback={<p>Loading A-101…</p>}>
        <Later />
      </Suspense>
    </main>
  );
}

/** Request time, and slower than the shell: what a data fetch would be. */
async function Later() {
  await connection();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return (
    <LinkStatus>
      <MaterialDownload id="later" organizationId="org-1" articleId="A-101" type="tile">
        <a className="button">Download A-101</a>
      </MaterialDownload>
    </LinkStatus>
  );
}
