import { useState } from 'react';
import { DOWNLOAD_TYPES, type DownloadType, type LinkChangeDetail } from 'cm-material-download/react';

/**
 * The element as a plain tag in JSX: attributes come from state, and React 19
 * attaches `oncm-link-change` as a listener for the element's own event.
 */
export function App() {
  const [type, setType] = useState<DownloadType>('thumbnail');
  const [link, setLink] = useState<LinkChangeDetail | null>(null);

  return (
    <main>
      <h1>Sample material A-100</h1>
      <label>
        File{' '}
        <select value={type} onChange={(event) => setType(event.target.value as DownloadType)}>
          {DOWNLOAD_TYPES.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </label>{' '}
      <cm-material-download
        organization-id="org-1"
        article-id="A-100"
        type={type}
        // Only thumbnails take a size; `none` tells the element there is none.
        dimensions={type === 'thumbnail' ? '10x10cm' : 'none'}
        oncm-link-change={(event) => setLink(event.detail)}
      >
        <a className="button">Download {type}</a>
      </cm-material-download>
      <p role="status">
        {link === null
          ? 'Looking up the file…'
          : link.href
            ? `Ready: ${link.href}`
            : `No file (${link.error ?? 'none for these inputs'})`}
      </p>
    </main>
  );
}
