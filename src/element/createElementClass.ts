import { ATTRIBUTES, INPUT_NAMES, type InputName } from '../machine/attributes.js';
import { configureElements } from './configureElements.js';
import { DEFER_HYDRATION } from './dom.js';
import { pageAnchorBinder } from './anchorBinder.js';
import { ElementController } from './ElementController.js';
import { elementActors } from './elementLogic.js';
import type { MaterialDownloadElementConstructor } from './globalTypes.js';

declare const __CM_VERSION__: string | undefined;
export const VERSION = typeof __CM_VERSION__ === 'string' ? __CM_VERSION__ : '0.0.0-dev';

/** Not an input: switches on the transition log (see inspection.ts). */
const DEBUG_ATTRIBUTE = 'debug';

/**
 * A shell: attributes and their properties, and the lifecycle handed to the
 * element's controller, which owns everything else. Made on first use, not
 * at import: importing the library in Node must not touch HTMLElement.
 */
export function createElementClass(): MaterialDownloadElementConstructor {
  const binder = pageAnchorBinder();
  const createActor = elementActors();

  class MaterialDownloadElement extends HTMLElement {
    static readonly observedAttributes = [
      ...INPUT_NAMES.map((name) => ATTRIBUTES[name].attribute),
      DEBUG_ATTRIBUTE,
      DEFER_HYDRATION,
    ];
    static configure = configureElements;
    static readonly version = VERSION;

    readonly #controller = new ElementController(this, binder, createActor);

    connectedCallback(): void {
      this.#adoptEarlyProperties();
      this.#controller.hostConnected();
    }

    disconnectedCallback(): void {
      this.#controller.hostDisconnected();
    }

    attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
      if (oldValue === newValue) return;
      if (name === DEBUG_ATTRIBUTE) this.#controller.debugChanged();
      else if (name === DEFER_HYDRATION) {
        if (newValue === null && this.isConnected) this.#controller.hostConnected();
      } else this.#controller.inputsChanged();
    }

    /**
     * A property set before the element was defined is an own property that
     * hides the accessor; hand it to the accessor instead.
     */
    #adoptEarlyProperties(): void {
      for (const name of INPUT_NAMES) {
        if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
        const value = (this as Record<string, unknown>)[name];
        delete (this as Record<string, unknown>)[name];
        (this as Record<string, unknown>)[name] = value;
      }
    }
  }

  for (const name of INPUT_NAMES) defineInputProperty(MaterialDownloadElement.prototype, name);
  return MaterialDownloadElement;
}

/** Each property reflects its attribute: one source of truth, visible in the markup. */
function defineInputProperty(prototype: HTMLElement, name: InputName): void {
  const attribute = ATTRIBUTES[name].attribute;
  Object.defineProperty(prototype, name, {
    enumerable: true,
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute(attribute) ?? undefined;
    },
    set(this: HTMLElement, value: unknown) {
      if (value === null || value === undefined) this.removeAttribute(attribute);
      // As the DOM does for its own reflected properties: whatever is set is stringified, objects too.
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a real change would alter what the element accepts
      else this.setAttribute(attribute, String(value));
    },
  });
}
