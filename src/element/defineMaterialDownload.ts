import { logWarning } from '../log';
import { createElementClass, VERSION, type MaterialDownloadElementConstructor } from './createElementClass';

export const DEFAULT_TAG_NAME = 'cm-material-download';

let elementClass: MaterialDownloadElementConstructor | null = null;
let definedOnce = false;

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
 * @example defineMaterialDownload(); // <cm-material-download> now works
 */
export function defineMaterialDownload(tagName: string = DEFAULT_TAG_NAME): CustomElementConstructor | undefined {
  if (typeof customElements === 'undefined') return undefined;
  const existing = customElements.get(tagName) as (CustomElementConstructor & { version?: string }) | undefined;
  if (existing) {
    if (existing !== (getMaterialDownloadElement() as unknown) && existing.version !== VERSION) {
      logWarning(
        `<${tagName}> is already defined by version ${existing.version ?? 'unknown'}; keeping it, not ${VERSION}`,
      );
    }
    return existing;
  }
  // One constructor can be defined once; further tag names get a subclass.
  const Element = getMaterialDownloadElement() as unknown as CustomElementConstructor;
  const toDefine = definedOnce ? class extends Element {} : Element;
  customElements.define(tagName, toDefine);
  definedOnce = true;
  return toDefine;
}
