import { createActor, fromCallback, fromPromise } from 'xstate';
import { logError, logWarning } from '../log.js';
import { ATTRIBUTES, INPUT_NAMES, type InputName } from '../machine/attributes.js';
import { createMaterialDownloadMachine, type MaterialDownloadActor } from '../machine/materialDownload.machine.js';
import type { LookupInput, LookupOutput, MaterialDownloadEvent } from '../machine/materialDownload.types.js';
import { bindAnchor } from './binding.js';
import { configureElements } from './configureElements.js';
import { DEFER_HYDRATION, readInputs, showPending } from './dom.js';
import type { MaterialDownloadElementConstructor } from './globalTypes.js';
import { debugAttributeAdded, debuggingArrival, observerFor, pageInspection } from './inspection.js';
import { pageWork } from './page.js';

declare const __CM_VERSION__: string | undefined;
export const VERSION = typeof __CM_VERSION__ === 'string' ? __CM_VERSION__ : '0.0.0-dev';
export const DEFAULT_TAG_NAME = 'cm-material-download';

const LAZY_ROOT_MARGIN = '200px';

/** Not an input: switches on the transition log. */
const DEBUG_ATTRIBUTE = 'debug';

/** On the page's transport; leaving `fetching` aborts it. An answer waits for debugging code still loading. */
export const lookupLink = fromPromise<LookupOutput, LookupInput>(async ({ input: { request, attempt }, signal }) => {
  const link = await pageWork().transport.lookup(request, signal, attempt);
  await debuggingArrival();
  return link;
});

/** While a lazy element waits. The observer reports the current intersection first: in view, it ends at once. */
export const watchVisibility = fromCallback<MaterialDownloadEvent, unknown>(({ sendBack, input }) => {
  if (typeof IntersectionObserver === 'undefined' || !(input instanceof Element)) {
    // Nothing can tell: fetching is better than never fetching.
    sendBack({ type: 'VISIBLE' });
    return undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => entries.some((entry) => entry.isIntersecting) && sendBack({ type: 'VISIBLE' }),
    { rootMargin: LAZY_ROOT_MARGIN },
  );
  observer.observe(input);
  return () => observer.disconnect();
});

/** While a lookup that failed on the wire waits, the browser back online or the page shown again is worth a try. */
export const watchConnection = fromCallback<MaterialDownloadEvent, boolean>(({ input: failedOnWire, sendBack }) =>
  failedOnWire ? pageWork().whenReconnected(() => sendBack({ type: 'RECONNECTED' })) : undefined,
);

export function buildElementLogic() {
  return createMaterialDownloadMachine({
    actors: { lookupLink, watchVisibility, watchConnection },
    reportError: ({ context }, { error }) => error && logError(error, context.target),
  });
}

/** Made on first use, not at import: importing the library in Node must not touch HTMLElement. */
function createElementClass(): MaterialDownloadElementConstructor {
  // Built with the first actor, not when the file is evaluated: the page's first lookups need not wait for it.
  let logic: ReturnType<typeof buildElementLogic> | undefined;

  class MaterialDownloadElement extends HTMLElement {
    static readonly observedAttributes = [
      ...INPUT_NAMES.map((name) => ATTRIBUTES[name].attribute),
      DEBUG_ATTRIBUTE,
      DEFER_HYDRATION,
    ];
    static configure = configureElements;
    static readonly version = VERSION;

    #actor: MaterialDownloadActor | null = null;
    #unbind: (() => void) | null = null;
    #destroyed = false;
    #inputsChangeQueued = false;

    connectedCallback(): void {
      this.#adoptEarlyProperties();
      this.#queueStart();
    }

    /** Not at once: a DOM move disconnects and reconnects within the task. */
    disconnectedCallback(): void {
      pageWork().destroyLater(this, () => this.#destroy());
    }

    attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
      if (oldValue === newValue) return;
      if (name === DEBUG_ATTRIBUTE) {
        if (this.#actor && newValue !== null) debugAttributeAdded(this, this.#actor);
      } else if (name === DEFER_HYDRATION) {
        // A framework lets go of the host: as if it connected now.
        if (newValue === null && this.isConnected) this.#queueStart();
      } else if (this.#actor && !this.#inputsChangeQueued) {
        // Several writes in one script (`type` and `dimensions` together) are one change.
        this.#inputsChangeQueued = true;
        queueMicrotask(() => {
          this.#inputsChangeQueued = false;
          this.#actor?.send({ type: 'INPUTS.SET', inputs: readInputs(this) });
        });
      }
    }

    #mayStart(): boolean {
      // Until a framework has hydrated the host, writing on it would differ from the server's HTML.
      return !this.#destroyed && !this.#actor && this.isConnected && !this.hasAttribute(DEFER_HYDRATION);
    }

    #queueStart(): void {
      pageWork().keep(this);
      if (!this.#mayStart()) return;
      showPending(this, 'idle');
      pageWork().queueStart(this, () => this.#start());
    }

    #start(): void {
      if (!this.#mayStart()) return;
      const inspect = observerFor(this);
      const actor = createActor((logic ??= buildElementLogic()), {
        input: { inputs: readInputs(this), target: this },
        clock: pageWork().clock,
        ...(inspect ? { inspect } : {}),
      });
      this.#actor = actor;
      pageInspection().live.set(this, actor);
      actor.start();
      this.#unbind = bindAnchor(this, actor);
    }

    /** For good, unless the element came back meanwhile; gone before its start, it never starts. */
    #destroy(): void {
      if (this.isConnected) return;
      this.#destroyed = true;
      if (!this.#actor) return;
      this.#actor.send({ type: 'DESTROY' });
      this.#actor = null;
      pageInspection().live.delete(this);
      this.#unbind?.();
    }

    /** A property set before the element was defined is an own property hiding the accessor: hand it over. */
    #adoptEarlyProperties(): void {
      const own = this as Record<string, unknown>;
      for (const name of INPUT_NAMES) {
        if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
        const value = own[name];
        delete own[name];
        own[name] = value;
      }
    }
  }

  for (const name of INPUT_NAMES) defineInputProperty(MaterialDownloadElement.prototype, name);
  return MaterialDownloadElement;
}

/** Each property reflects its attribute: one source of truth, visible in the markup. */
function defineInputProperty(prototype: HTMLElement, name: InputName): void {
  const { attribute } = ATTRIBUTES[name];
  Object.defineProperty(prototype, name, {
    enumerable: true,
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute(attribute) ?? undefined;
    },
    set(this: HTMLElement, value: unknown) {
      if (value === null || value === undefined) this.removeAttribute(attribute);
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- as the DOM's reflected properties do
      else this.setAttribute(attribute, String(value));
    },
  });
}

let elementClass: MaterialDownloadElementConstructor | undefined;

/**
 * Registers the element under `tagName` (default `cm-material-download`). Safe to call twice, and beside
 * another copy: an existing definition wins, with a warning when it comes from another version.
 *
 * @returns The class defined under `tagName`, or `undefined` without `customElements` (SSR, Node).
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
  const Element = (elementClass ??= createElementClass()) as unknown as CustomElementConstructor;
  const existing: (CustomElementConstructor & { version?: string }) | undefined = customElements.get(tagName);
  if (existing) {
    if (existing !== Element && existing.version !== VERSION) {
      logWarning(
        `<${tagName}> is already defined by version ${existing.version ?? 'unknown'}; keeping it, not ${VERSION}`,
      );
    }
    return existing;
  }
  let defined = Element;
  try {
    customElements.define(tagName, Element);
  } catch {
    // One constructor defines one name: a further name gets a subclass (an invalid name throws again).
    defined = class extends Element {};
    customElements.define(tagName, defined);
  }
  pageWork().startUpgraded();
  return defined;
}
