import { createActor, fromCallback, fromPromise } from 'xstate';
import { configureTransport, type MaterialDownloadConfig } from '../api/config.js';
import { CREDENTIAL_KEYS } from '../api/transport.js';
import { tried } from '../api/wire.js';
import { logError, logWarning } from '../log.js';
import { ATTRIBUTES, INPUT_NAMES } from '../machine/attributes.js';
import { createMaterialDownloadMachine, type MaterialDownloadActor } from '../machine/materialDownload.machine.js';
import type { LookupInput, LookupOutput, MaterialDownloadEvent } from '../machine/materialDownload.types.js';
import { connect } from '../machine/connect.js';
import {
  bindWithSubscription,
  findAnchor,
  readInputs,
  showPending,
  takeResolvedLink,
  keepsResolvedLink,
} from './dom.js';
import type { ElementConfigureOptions, MaterialDownloadElementConstructor } from './globalTypes.js';
import { debugAttributeAdded, debuggingArrival, observerFor, pageInspection, setInspector } from './inspection.js';
import { pageWork } from './page.js';

declare const __CM_VERSION__: string | undefined;
declare const __CM_LITE__: boolean | undefined;
const VERSION = typeof __CM_VERSION__ === 'string' ? __CM_VERSION__ : '0.0.0-dev';
/** Until a framework (Lit's SSR too) has hydrated the host, writing on it would differ from the server's HTML. */
const DEFER_HYDRATION = 'defer-hydration';

/** Leaving `fetching` aborts it. An answer waits for debugging code still loading, so the log tells each step first. */
const lookupLink = fromPromise<LookupOutput, LookupInput>(async ({ input: { request, attempt }, signal }) => {
  const link = await pageWork().transport.lookup(request, signal, attempt);
  await debuggingArrival();
  return link;
});

/** The observer reports the current intersection first: an element in view ends the wait at once. */
const watchVisibility = fromCallback<MaterialDownloadEvent, unknown>(({ sendBack, input }) => {
  const seen = () => sendBack({ type: 'VISIBLE' });
  // Nothing can tell: fetching is better than never fetching.
  if (typeof IntersectionObserver === 'undefined' || !(input instanceof Element)) return void seen();
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && seen(), {
    rootMargin: '200px',
  });
  observer.observe(input);
  return () => observer.disconnect();
});

const watchConnection = fromCallback<MaterialDownloadEvent, boolean>(({ input: failedOnWire, sendBack }) =>
  failedOnWire ? pageWork().whenReconnected(() => sendBack({ type: 'RECONNECTED' })) : undefined,
);

export const buildElementLogic = () =>
  createMaterialDownloadMachine({
    actors: { lookupLink, watchVisibility, watchConnection },
    reportError: ({ context }, { error }) => error && logError(error, context.target),
  });

let reactBinding: Promise<typeof import('./reactBinding.js')> | undefined;

/** React loads once the first starts are over: they never wait for it. */
function bindWithReactLater(host: HTMLElement, actor: MaterialDownloadActor): () => void {
  const { state, href } = connect(actor.getSnapshot());
  showPending(host, state, href);
  reactBinding ??= pageWork()
    .startsOver()
    .then(() => import('./reactBinding.js'));
  let unbind: (() => void) | undefined;
  let unbound = false;
  void reactBinding.then(({ bindWithReact }) => {
    if (!unbound) unbind = bindWithReact(host, actor);
  });
  return () => {
    unbound = true;
    unbind?.();
  };
}

const bindAnchor = typeof __CM_LITE__ === 'boolean' && __CM_LITE__ ? bindWithSubscription : bindWithReactLater;

/**
 * Sets options for every element from now on (script-tag users: the element class's `configure`); a bad value
 * is logged and ignored, never thrown.
 * @param options - The options to change; the others keep their values.
 * @returns The options in force afterwards.
 * @example `configure({ endpoint: 'https://api.example.com/graphql', batch: { intervalMs: 20 } });`
 */
export function configure(options: ElementConfigureOptions = {}): Readonly<MaterialDownloadConfig> {
  const { inspect, ...transport } = options;
  if (inspect !== undefined) setInspector(inspect);
  return configureTransport(transport);
}

/** The started elements of this copy of the code. */
const running = new Map<HTMLElement, MaterialDownloadActor>();

/**
 * Every element on the page looks its link up again, past the answer cache, batched as at load; a link stays on its
 * anchor until the next one comes. Call it once the visitor has signed in or out: other tabs follow by themselves.
 * @example `localStorage.setItem('cm-user-token', token); refresh();`
 */
export function refresh(): void {
  lookUpAgain('refresh');
}

/** Elements waiting for their inputs or their anchor, or with invalid ones, take no part (the statechart says which). */
function lookUpAgain(cause: 'refresh' | 'credentials'): void {
  if (running.size === 0) return;
  pageWork().transport.forget();
  for (const [host, actor] of running) if (findAnchor(host)) actor.send({ type: 'REFRESH', cause });
}

/** Made on first use, not at import: importing the library in Node must not touch HTMLElement. */
function createElementClass(): MaterialDownloadElementConstructor {
  // Built with the first actor, not as the file loads: the page's first lookups need not wait for it.
  let logic: ReturnType<typeof buildElementLogic> | undefined;
  // Another tab signed the visitor in or out, or storage was cleared. (The manifest builds the class in Node.)
  globalThis.addEventListener?.('storage', ({ key, storageArea }) => {
    const credentials = key === null || CREDENTIAL_KEYS.includes(key);
    if (credentials && storageArea === tried(() => localStorage)) lookUpAgain('credentials');
  });

  class MaterialDownloadElement extends HTMLElement {
    static readonly observedAttributes = [
      ...INPUT_NAMES.map((name) => ATTRIBUTES[name].attribute),
      'debug',
      DEFER_HYDRATION,
    ];
    static configure = configure;
    static refresh = refresh;
    static readonly version = VERSION;

    #actor: MaterialDownloadActor | null = null;
    #unbind: (() => void) | null = null;
    #destroyed = false;
    #inputsChangeQueued = false;

    connectedCallback(): void {
      // A property set before the element was defined is an own property hiding the accessor: hand it over.
      const own = this as Record<string, unknown>;
      for (const name of INPUT_NAMES.filter((name) => Object.hasOwn(own, name))) {
        const value = own[name];
        delete own[name];
        own[name] = value;
      }
      this.#queueStart();
    }

    // Not at once: a DOM move disconnects and reconnects within the task.
    disconnectedCallback(): void {
      pageWork().destroyLater(this, () => this.#destroy());
    }

    attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
      if (oldValue === newValue) return;
      if (name === 'debug') {
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
      return !this.#destroyed && !this.#actor && this.isConnected && !this.hasAttribute(DEFER_HYDRATION);
    }

    #queueStart(): void {
      pageWork().keep(this);
      if (!this.#mayStart()) return;
      // The server's link stays from the first paint; any other anchor is no link until the start.
      if (!keepsResolvedLink(this)) showPending(this, 'idle');
      pageWork().queueStart(this, () => this.#start());
    }

    #start(): void {
      if (!this.#mayStart()) return;
      const inspect = observerFor(this);
      const actor = createActor((logic ??= buildElementLogic()), {
        input: { inputs: readInputs(this), target: this, resolvedHref: takeResolvedLink(this) },
        clock: pageWork().clock,
        ...(inspect ? { inspect } : {}),
      });
      this.#actor = actor;
      running.set(this, actor);
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
      running.delete(this);
      pageInspection().live.delete(this);
      this.#unbind?.();
    }
  }

  // Each property reflects its attribute: one source of truth, visible in the markup.
  for (const name of INPUT_NAMES) {
    const { attribute } = ATTRIBUTES[name];
    Object.defineProperty(MaterialDownloadElement.prototype, name, {
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
  return MaterialDownloadElement;
}

let elementClass: MaterialDownloadElementConstructor | undefined;

/**
 * Registers the element under `tagName`. Safe to call twice, and beside another copy: an existing definition
 * wins, with a warning when it comes from another version.
 * @returns The class defined under `tagName`, or `undefined` without `customElements` (SSR, Node).
 * @example `defineMaterialDownload(); // or under a tag of your own: defineMaterialDownload('acme-swatch-download')`
 */
export function defineMaterialDownload(tagName = 'cm-material-download'): CustomElementConstructor | undefined {
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
