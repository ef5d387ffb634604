'use client';

import type { DownloadType } from 'cm-material-download';
import { usePathname, useRouter } from 'next/navigation';

/**
 * The type lives in the URL, so the server page renders the element with it: choosing one asks
 * the server for the page again, and React updates the element's `type` in place.
 */
export function TypePicker({ type, types }: { type: DownloadType; types: readonly DownloadType[] }) {
  const router = useRouter();
  const pathname = usePathname();
  return (
    <label>
      File {/* Uncontrolled: a controlled select would snap back until the server's answer arrives. */}
      <select
        defaultValue={type}
        onChange={(event) => router.replace(`${pathname}?type=${event.target.value}`, { scroll: false })}
      >
        {types.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
    </label>
  );
}
