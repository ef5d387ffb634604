import { ATTRIBUTES, INPUT_NAMES, type InputName, type MaterialDownloadInputs } from '../machine/attributes.js';
import type { MaterialDownloadState } from '../machine/materialDownload.machine.js';
import { configureElements } from './configureElements.js';
import { showPending } from './dom.js';
import { afterStarts, queueStart } from './startQueue.js';
import { startActor, type MaterialDownloadActor } from './elementLogic.js';
import { inspectorFor, wantsInspection } from './inspection.js';
import { leaveChannel } from './inspectorChannel.js';
import type { HTMLMaterialDownloadElement } from './globalTypes.js';

type BindingRoot = typeof import('./bindingRoot.js');

/**
 * React and the bindings load once the queued actors have started, in a
 * task of their own: a page's first lookups never wait for React's code,
 * and its evaluation never lengthens a slice of starts.
 */
let bindingRoot: Promise<BindingRoot> | null = null;
const withBindingRoot = (use: (module: BindingRoot) => void) =>
  void (bindingRoot ??= new Promise<void>((loaded) => afterStarts(loaded)).then(() => import('./bindingRoot.js'))).then(
    use,
  );

/** Grace period after removal: a DOM move reconnects well within it. */
export const DESTROY_DELAY_MS = 10;

declare const __CM_VERSION__: string | undefined;
export const VERSION = typeof __CM_VERSION__ === 'string' ? __CM_VERSION__ : '0.0.0-dev';

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

/** The machine's initial state: what the host shows until its actor starts. */
const IDLE: MaterialDownloadState = 'idle';

const INPUT_ATTRIBUTES = INPUT_NAMES.map((name) => ATTRIBUTES[name].attribute);
/** Not an input: switches on the transition log (see inspection.ts). */
const DEBUG_ATTRIBUTE = 'debug';

/** Attributes are the inputs; an empty one means "not set", as a missing one does. */
function readInputs(host: HTMLElement): MaterialDownloadInputs {
  const inputs: MaterialDownloadInputs = {};
  for (const name of INPUT_NAMES) {
    const value = host.getAttribute(ATTRIBUTES[name].attribute);
    if (value) inputs[name] = value;
  }
  return inputs;
}

/**
 * The custom element owns its statechart's actor: it is created and started
 * right after the task that connected the element, in slices that yield to
 * the page, nearest the viewport first; their lookups share batches,
 * whatever React is doing. React only binds
 * the anchor to the actor, later (see bindingRoot). Made on first use, not
 * at import: importing the library in Node must not touch HTMLElement.
 */
export function createElementClass(): MaterialDownloadElementConstructor {
  class MaterialDownloadElement extends HTMLElement {
    static readonly observedAttributes = [...INPUT_ATTRIBUTES, DEBUG_ATTRIBUTE];
    static configure = configureElements;
    static readonly version = VERSION;

    #actor: MaterialDownloadActor | null = null;
    #destroyTimer: ReturnType<typeof setTimeout> | undefined;
    #destroyed = false;
    #inputsChangeQueued = false;
    #inspected = false;
    readonly #start = () => this.#startActor();

    /**
     * The actor starts once the task that connected the element is over, in
     * a slice of starts that yields to the page (see startQueue): inputs a
     * framework binds right after inserting the element are there by then,
     * and are never reported missing.
     */
    connectedCallback(): void {
      clearTimeout(this.#destroyTimer);
      if (this.#destroyed || this.#actor) return;
      this.#adoptEarlyProperties();
      showPending(this, IDLE);
      queueStart(this, this.#start);
    }

    #startActor(): void {
      // Removed before its start, it starts when it is put back.
      if (this.#destroyed || this.#actor || !this.isConnected) return;
      this.#inspected = wantsInspection(this);
      const { actor, settlings } = startActor(this, readInputs(this));
      this.#actor = actor;
      showPending(this, actor.getSnapshot().value);
      withBindingRoot(({ bind }) => bind(this, actor, settlings));
    }

    /** Not at once: a DOM move disconnects and reconnects within the task. */
    disconnectedCallback(): void {
      clearTimeout(this.#destroyTimer);
      this.#destroyTimer = setTimeout(() => this.#destroy(), DESTROY_DELAY_MS);
    }

    attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
      if (oldValue === newValue || !this.#actor) return;
      if (name === DEBUG_ATTRIBUTE) return this.#inspectFromNowOn();
      if (this.#inputsChangeQueued) return;
      // Several writes in one script are one change: `type` and `dimensions` often change together.
      this.#inputsChangeQueued = true;
      queueMicrotask(() => {
        this.#inputsChangeQueued = false;
        this.#actor?.send({ type: 'INPUTS.SET', inputs: readInputs(this) });
      });
    }

    /** `debug` added to a running element: its transitions from now on. */
    #inspectFromNowOn(): void {
      if (this.#inspected || !this.#actor) return;
      this.#inspected = true;
      this.#actor.system.inspect(inspectorFor(this));
    }

    #destroy(): void {
      if (this.isConnected) return;
      // Gone before its actor started: as if it had started, it never starts now.
      this.#destroyed = true;
      if (!this.#actor) return;
      this.#actor.send({ type: 'DESTROY' });
      this.#actor = null;
      leaveChannel(this);
      withBindingRoot(({ unbind }) => unbind(this));
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
