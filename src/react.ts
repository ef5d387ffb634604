/**
 * The entry for React apps: the library entry, the component and the tag's JSX typings, apart because those
 * need `@types/react`. The build marks it `'use client'` (a bundler drops a directive from a module it merges).
 * @packageDocumentation
 */

import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type {
  HTMLMaterialDownloadElement,
  LinkChangeEvent,
  MaterialDownloadAttributes,
} from './element/globalTypes.js';

export * from './index.js';
export { MaterialDownload, type MaterialDownloadProps } from './react/MaterialDownload.js';

/**
 * The tag's props in React 19 JSX, which sets an `on…` function prop as a listener of the event named after `on`.
 * @example `<cm-material-download article-id="A-100" oncm-link-change={(event) => setHref(event.detail.href)} />`
 */
export type MaterialDownloadJsxProps = MaterialDownloadAttributes &
  DetailedHTMLProps<HTMLAttributes<HTMLMaterialDownloadElement>, HTMLMaterialDownloadElement> & {
    'oncm-link-change'?: (event: LinkChangeEvent) => void;
  };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX typings live in this namespace
  namespace JSX {
    interface IntrinsicElements {
      'cm-material-download': MaterialDownloadJsxProps;
    }
  }
}
