import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { MaterialDownloadAttributeValues, MaterialDownloadProperties } from '../machine/attributes';
import type { LinkChangeDetail } from './dom';

/**
 * Types for the pages and apps that use `<cm-material-download>` as a tag
 * rather than through the React component: DOM lookups, listeners and JSX.
 * Each value type is the table validation checks against, so the compiler
 * refuses what the element would log as invalid.
 */

/** Dispatched each time the element settles; bubbles and is composed. */
export type LinkChangeEvent = CustomEvent<LinkChangeDetail>;

export interface MaterialDownloadEventMap {
  'cm-link-change': LinkChangeEvent;
}

/** The element's attributes as written in HTML or JSX: derived from the attribute table. */
export interface MaterialDownloadAttributes extends MaterialDownloadAttributeValues {
  /** Present: every transition of this element goes to `console.debug`. */
  debug?: boolean;
}

/** What `document.querySelector('cm-material-download')` returns. */
export interface HTMLMaterialDownloadElement extends HTMLElement, MaterialDownloadProperties {}

/**
 * React 19 sets a custom element's `on…` function props as listeners for the
 * event named after `on`, case kept: hence `oncm-link-change`, not a camelCase name.
 */
export type MaterialDownloadJsxProps = DetailedHTMLProps<
  HTMLAttributes<HTMLMaterialDownloadElement>,
  HTMLMaterialDownloadElement
> &
  MaterialDownloadAttributes & {
    'oncm-link-change'?: (event: LinkChangeEvent) => void;
  };

declare global {
  interface HTMLElementTagNameMap {
    'cm-material-download': HTMLMaterialDownloadElement;
  }
  // The event bubbles, so any ancestor, `document` included, can listen for it with its type.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the map into the DOM's own
  interface GlobalEventHandlersEventMap extends MaterialDownloadEventMap {}
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX typings live in this namespace
  namespace JSX {
    interface IntrinsicElements {
      'cm-material-download': MaterialDownloadJsxProps;
    }
  }
}
