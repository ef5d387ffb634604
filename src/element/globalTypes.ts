import type { MaterialDownloadAttributeValues, MaterialDownloadProperties } from '../machine/attributes.js';
import type { configureElements } from './configureElements.js';
import type { LinkChangeDetail } from './dom.js';

/**
 * Types for the pages and apps that use `<cm-material-download>` as a tag
 * rather than through the React component: DOM lookups and listeners. They
 * need no React types, so an Angular, Vue or plain TypeScript app compiles
 * them with `skipLibCheck` off; React's JSX typings are in src/react/reactJsx.ts.
 * Each value type is the table validation checks against, so the compiler
 * refuses what the element would log as invalid.
 */

/**
 * `cm-link-change`: dispatched each time the element settles; bubbles and is composed.
 *
 * @example
 * ```ts
 * function onLinkChange(event: LinkChangeEvent) {
 *   console.log(event.detail.state, event.detail.href ?? event.detail.error);
 * }
 * document.addEventListener('cm-link-change', onLinkChange);
 * ```
 */
export type LinkChangeEvent = CustomEvent<LinkChangeDetail>;

/**
 * The element's events by name; merged into the DOM's own map, so `addEventListener` on the
 * element, an ancestor or `document` types the event.
 *
 * @example
 * ```ts
 * const type: keyof MaterialDownloadEventMap = 'cm-link-change';
 * element.addEventListener(type, (event) => console.log(event.detail.href));
 * ```
 */
export interface MaterialDownloadEventMap {
  /** The element settled: enabled with a link, or disabled. */
  'cm-link-change': LinkChangeEvent;
}

/**
 * The element's attributes as written in HTML or JSX: derived from the attribute table.
 *
 * @example
 * ```tsx
 * const swatch: MaterialDownloadAttributes = { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'tile' };
 * <cm-material-download {...swatch}><a>Download</a></cm-material-download>;
 * ```
 */
export interface MaterialDownloadAttributes extends MaterialDownloadAttributeValues {
  /** Present: every transition of this element goes to `console.debug`. */
  debug?: boolean;
  /**
   * Present: a framework has not hydrated this element yet; it writes nothing and asks nothing
   * until the attribute is removed (`MaterialDownload` does this for you).
   */
  'defer-hydration'?: boolean | '';
}

/**
 * What `document.querySelector('cm-material-download')` returns: an `HTMLElement` with a
 * property for each attribute, typed by the attribute table.
 *
 * @example
 * ```ts
 * const element: HTMLMaterialDownloadElement | null = document.querySelector('cm-material-download');
 * if (element) element.type = 'thumbnail';
 * ```
 */
export interface HTMLMaterialDownloadElement extends HTMLElement, MaterialDownloadProperties {}

/**
 * The element's class, as `customElements.get('cm-material-download')` returns it once the
 * element is defined: what script-tag users reach `configure` and `version` through.
 *
 * @example
 * ```ts
 * const Element = customElements.get('cm-material-download') as MaterialDownloadElementConstructor | undefined;
 * Element?.configure({ endpoint: 'https://api.example.com/graphql' });
 * console.log(Element?.version);
 * ```
 */
export interface MaterialDownloadElementConstructor {
  /** Creates an element, as `document.createElement('cm-material-download')` does. */
  new (): HTMLMaterialDownloadElement;
  /** What every element of the class inherits: the properties of its attributes among them. */
  readonly prototype: HTMLMaterialDownloadElement;
  /** Options for every element: `customElements.get('cm-material-download').configure({ … })`. */
  configure: typeof configureElements;
  /** The package version that defined the class; a different one under the same tag gets a warning. */
  readonly version: string;
}

declare global {
  // `customElements.get('cm-material-download')?.configure(…)`, the script-tag users' way, type-checks.
  interface CustomElementRegistry {
    get(name: 'cm-material-download'): MaterialDownloadElementConstructor | undefined;
  }
  interface HTMLElementTagNameMap {
    'cm-material-download': HTMLMaterialDownloadElement;
  }
  // The event bubbles, so any ancestor, `document` included, can listen for it with its type.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the map into the DOM's own
  interface GlobalEventHandlersEventMap extends MaterialDownloadEventMap {}
}
