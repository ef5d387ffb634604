import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type {
  HTMLMaterialDownloadElement,
  LinkChangeEvent,
  MaterialDownloadAttributes,
} from '../element/globalTypes.js';

// Reached only from the React entry: augmenting `react` without React's types is an error (TS2665).

/**
 * The tag's props in React 19 JSX. React 19 sets a custom element's `on…` function props as listeners
 * for the event named after `on`, case kept: hence `oncm-link-change`.
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
