import { logWarning } from '../log.js';
import { createElementClass, VERSION } from './createElementClass.js';
import type { MaterialDownloadElementConstructor } from './globalTypes.js';

export const DEFAULT_TAG_NAME = 'cm-material-download';

let elementClass: MaterialDownloadElementConstructor | null = null;

/** The element class, made on first use: importing the library in Node must not touch HTMLElement. */
export function getMaterialDownloadElement(): MaterialDownloadElementConstructor {
  elementClass ??= createElementClass();
  return elementClass;
}

/**
 * Registers the element under `tagName` (default `cm-material-download`).
 * Safe to call twice, and beside another copy: an existing definition wins,
 * with a warning when it comes from another version.
 *
 * @param tagName - The custom element name to define; another name gets a subclass of its own.
 * @returns The class now defined under `tagName` (the existing one, if there was one), or
 * `undefined` where there is no `customElements` (server-side rendering, Node).
 *
 * @example
 * ```ts
 * import { defineMaterialDownload } from 'cm-material-download';
 *
 * defineMaterialDownload(); // <cm-material-download> now works
 * defineMaterialDownload('acme-swatch-download'); // the same element under a tag of your own
 * ```
 */
export function defineMaterialDownload(tagName: string = DEFAULT_TAG_NAME): CustomElementConstructor | undefined {
  if (typeof customElements === 'undefined') return undefined;
  const existing: (CustomElementConstructor & { version?: string }) | undefined = customElements.get(tagName);
  if (existing) {
    if (existing !== (getMaterialDownloadElement() as unknown) && existing.version !== VERSION) {
      logWarning(
        `<${tagName}> is already defined by version ${existing.version ?? 'unknown'}; keeping it, not ${VERSION}`,
      );
    }
    return existing;
  }
  const Element = getMaterialDownloadElement() as unknown as CustomElementConstructor;
  return defineOnce(tagName, Element);
}

function defineOnce(tagName: string, Element: CustomElementConstructor): CustomElementConstructor {
  try {
    customElements.define(tagName, Element);
    return Element;
  } catch {
    // One constructor can be defined once: a further tag name gets a subclass. (A name the
    // registry refuses is refused again, with the browser's own error.)
    const Subclass = class extends Element {};
    customElements.define(tagName, Subclass);
    return Subclass;
  }
}
