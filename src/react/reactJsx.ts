import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type {
  HTMLMaterialDownloadElement,
  LinkChangeEvent,
  MaterialDownloadAttributes,
} from '../element/globalTypes.js';

/*
 * The tag in React 19 JSX. A file of its own, reached only from the React
 * entry (`cm-material-download/react`): augmenting `react` where React's
 * types are not installed is an error (TS2665), so apps without React must
 * never load it.
 */

/**
 * The tag's props in React 19 JSX: React's own, the attributes, and the event. React 19 sets a
 * custom element's `on…` function props as listeners for the event named after `on`, case
 * kept: hence `oncm-link-change`, not a camelCase name.
 *
 * @example
 * ```tsx
 * const props: MaterialDownloadJsxProps = {
 *   'organization-id': 'org-1',
 *   'article-id': 'A-100',
 *   type: 'pbr',
 *   'oncm-link-change': (event) => console.log(event.detail.href),
 * };
 * <cm-material-download {...props}><a>Download</a></cm-material-download>;
 * ```
 */
export type MaterialDownloadJsxProps = DetailedHTMLProps<
  HTMLAttributes<HTMLMaterialDownloadElement>,
  HTMLMaterialDownloadElement
> &
  MaterialDownloadAttributes & {
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
