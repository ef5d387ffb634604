import { DOWNLOAD_TYPES, type DownloadType } from 'cm-material-download';
import { MaterialDownload } from 'cm-material-download/react';
import { Suspense } from 'react';
import { LinkStatus } from './LinkStatus';
import { TypePicker } from './TypePicker';

interface PageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** What the URL asks for, where it names a type the element knows. */
function downloadTypeOf(value: string | string[] | undefined): DownloadType {
  return DOWNLOAD_TYPES.find((type) => type === value) ?? 'thumbnail';
}

/**
 * A Server Component: it renders MaterialDownload with plain props, and the server sends the
 * tag and its anchor as HTML. Values come from `cm-material-download`: what this page imports
 * from `cm-material-download/react`, a client module, is a reference to render, not a value.
 * With `cacheComponents`, the part that reads the URL is inside <Suspense>.
 */
export default function Page({ searchParams }: PageProps) {
  return (
    <main>
      <h1>Sample material A-100</h1>
      <Suspense fallback={<p>Loading…</p>}>
        <TypedDownload searchParams={searchParams} />
      </Suspense>
    </main>
  );
}

async function TypedDownload({ searchParams }: PageProps) {
  const type = downloadTypeOf((await searchParams).type);
  return (
    <>
      <TypePicker type={type} types={DOWNLOAD_TYPES} />
      <LinkStatus>
        <MaterialDownload
          organizationId="org-1"
          articleId="A-100"
          type={type}
          // Only thumbnails take a size; `none` tells the element there is none.
          dimensions={type === 'thumbnail' ? '10x10cm' : 'none'}
        >
          <a className="button">Download {type}</a>
        </MaterialDownload>
      </LinkStatus>
    </>
  );
}
