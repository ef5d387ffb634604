'use client';

import type { LinkChangeDetail, LinkChangeEvent } from 'cm-material-download';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Shows each `cm-link-change` of the elements inside it. A Server Component cannot hand
 * MaterialDownload an `onLinkChange` function, but the event bubbles: this client component
 * hears it around the element instead.
 */
export function LinkStatus({ children }: { children: ReactNode }) {
  const [link, setLink] = useState<LinkChangeDetail | null>(null);
  const around = useRef<HTMLDivElement>(null);

  // Effects run children first: MaterialDownload defines the element in this same pass, and its
  // first event comes after a lookup, so this listener is in place for it.
  useEffect(() => {
    const element = around.current;
    if (!element) return undefined;
    const listener = (event: LinkChangeEvent) => setLink(event.detail);
    element.addEventListener('cm-link-change', listener);
    return () => element.removeEventListener('cm-link-change', listener);
  }, []);

  return (
    <div ref={around}>
      {children}
      <p role="status">
        {link === null
          ? 'Looking up the file…'
          : link.href
            ? `Ready: ${link.href}`
            : `Unavailable: ${link.error ?? 'no file for these inputs'}`}
      </p>
    </div>
  );
}
