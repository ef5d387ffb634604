import type { MaterialDownloadAttributeValues, MaterialDownloadProperties } from '../machine/attributes.js';
import type { ConfigureOptions, MaterialDownloadConfig } from '../api/config.js';
import type { MaterialDownloadInspector } from './inspection.js';
import type { LinkChangeDetail } from './dom.js';

// No React types here (they are in src/react.ts), so `skipLibCheck` may be off.

/**
 * `cm-link-change`: dispatched each time the element settles; bubbles and is composed.
 * @example `const onLinkChange = (event: LinkChangeEvent) => console.log(event.detail.href ?? event.detail.error);`
 */
export type LinkChangeEvent = CustomEvent<LinkChangeDetail>;

/**
 * The element's events by name, merged into the DOM's own map: `addEventListener` types the event.
 * @example `const type: keyof MaterialDownloadEventMap = 'cm-link-change';`
 */
export interface MaterialDownloadEventMap {
  /** The element settled: enabled with a link, or disabled. */
  'cm-link-change': LinkChangeEvent;
}

/**
 * The element's attributes as written in HTML or JSX.
 * @example `const swatch: MaterialDownloadAttributes = { 'article-id': 'A-100', type: 'tile' };`
 */
export interface MaterialDownloadAttributes extends MaterialDownloadAttributeValues {
  /** Present: every transition of this element goes to `console.debug`. */
  debug?: boolean;
  /** Present: not yet hydrated by a framework, so it writes and asks nothing; `MaterialDownload` removes it for you. */
  'defer-hydration'?: boolean | '';
}

/**
 * What `document.querySelector('cm-material-download')` returns: an `HTMLElement` with a property per attribute.
 * @example `document.querySelector('cm-material-download')!.type = 'thumbnail';`
 */
export interface HTMLMaterialDownloadElement extends HTMLElement, MaterialDownloadProperties {}

/**
 * The element's class, as `customElements.get('cm-material-download')` returns it once defined.
 * @example `customElements.get('cm-material-download')?.configure({ endpoint: 'https://api.example.com/graphql' });`
 */
export interface MaterialDownloadElementConstructor {
  /** Creates an element, as `document.createElement('cm-material-download')` does. */
  new (): HTMLMaterialDownloadElement;
  /** What every element of the class inherits: the properties of its attributes among them. */
  readonly prototype: HTMLMaterialDownloadElement;
  /**
   * Options for every element: `customElements.get('cm-material-download').configure({ … })`.
   * @param options - The options to change; the others keep their values.
   */
  configure(options?: ElementConfigureOptions): Readonly<MaterialDownloadConfig>;
  /** Every element looks its link up again, past any cache: call it once the visitor signed in or out. */
  refresh(): void;
  /** The package version that defined the class; a different one under the same tag gets a warning. */
  readonly version: string;
}

/**
 * What `configure` takes: the transport's options and the debugging hook. A field left out keeps its value.
 * @example `const options: ElementConfigureOptions = { timeoutMs: 10_000, retry: false, inspect: null };`
 */
export interface ElementConfigureOptions extends ConfigureOptions {
  /** Receives every element's XState inspection events; null switches it off. Set it before elements connect. */
  inspect?: MaterialDownloadInspector | null;
}

declare global {
  interface CustomElementRegistry {
    get(name: 'cm-material-download'): MaterialDownloadElementConstructor | undefined;
    whenDefined(name: 'cm-material-download'): Promise<MaterialDownloadElementConstructor>;
  }
  interface HTMLElementTagNameMap {
    'cm-material-download': HTMLMaterialDownloadElement;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the map into the DOM's own
  interface GlobalEventHandlersEventMap extends MaterialDownloadEventMap {}
}
