import r2wc, { type R2WCBaseProps } from '@r2wc/core';
import type { ComponentType } from 'react';
import { configureElements } from './configureElements';
import { logWarning } from '../log';
import { actorOf } from './actorRegistry';
import { showPending } from './dom';
import { cancelMount, scheduleMount } from './mountScheduler';
import { MaterialDownload } from './MaterialDownload';
import { syncMountRenderer } from './syncMountRenderer';
import { INPUT_NAMES } from './useSyncedInputs';

export const DEFAULT_TAG_NAME = 'cm-material-download';

/** Grace period after removal: a DOM move reconnects well within it. */
export const DESTROY_DELAY_MS = 10;

/** r2wc's internals we extend, reached through its own well-known symbols. */
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');
const R2WC_CONNECTED = Symbol.for('r2wc.connected');
const R2WC_CONTEXT = Symbol.for('r2wc.context');

interface R2wcInternals {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
  [R2WC_CONNECTED]: boolean;
  /** Set once mounted: a reconnect (a DOM move) is then an update, not a mount. */
  [R2WC_CONTEXT]?: unknown;
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void;
}

type R2wcElement = HTMLElement & R2wcInternals;

const ATTRIBUTE_TO_PROP = Object.fromEntries(
  INPUT_NAMES.map((name) => [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), name]),
) as Record<string, (typeof INPUT_NAMES)[number]>;

export type MaterialDownloadElement = HTMLElement & {
  organizationId?: string;
  articleId?: string;
  type?: string;
  dimensions?: string;
  resolution?: string;
  fileType?: string;
  endpoint?: string;
  loading?: string;
};

export interface MaterialDownloadElementConstructor {
  new (): MaterialDownloadElement;
  readonly prototype: MaterialDownloadElement;
  /** Options for every element: `customElements.get('cm-material-download').configure({...})`. */
  configure: typeof configureElements;
  /** The package version that defined the class; a different one under the same tag gets a warning. */
  readonly version: string;
}

declare const __CM_VERSION__: string | undefined;
const VERSION = typeof __CM_VERSION__ === 'string' ? __CM_VERSION__ : '0.0.0-dev';

let elementClass: MaterialDownloadElementConstructor | null = null;
let definedOnce = false;

/**
 * The class is made on first use, not at import: importing the library in
 * Node (server rendering) must not touch HTMLElement.
 */
export function getMaterialDownloadElement(): MaterialDownloadElementConstructor {
  elementClass ??= createElementClass();
  return elementClass;
}

function createElementClass(): MaterialDownloadElementConstructor {
  const Base = r2wc(
    // r2wc passes the host as `container`; the component only needs it to find the host.
    MaterialDownload as unknown as ComponentType<R2WCBaseProps>,
    // No `shadow` here: the renderer attaches it at mount (see syncMountRenderer).
    { props: Object.fromEntries(INPUT_NAMES.map((name) => [name, 'string'])) },
    syncMountRenderer,
  ) as unknown as new () => R2wcElement;

  class Element extends Base {
    static configure = configureElements;
    static version = VERSION;
    #destroyTimer: ReturnType<typeof setTimeout> | undefined;
    #destroyed = false;
    #adopted = false;

    constructor() {
      super();
      // r2wc starts out "connected" and renders on the first attribute set, before the
      // rest are: a detached element must wait for connectedCallback to render at all.
      this[R2WC_CONNECTED] = false;
    }

    override connectedCallback(): void {
      clearTimeout(this.#destroyTimer);
      if (this.#destroyed) return;
      if (!this.#adopted) this.#adoptEarlyProperties();
      if (this[R2WC_CONTEXT]) {
        super.connectedCallback();
        return;
      }
      scheduleMount(
        this,
        () => super.connectedCallback(),
        () => showPending(this),
      );
    }

    /** r2wc unmounts at once, which would lose the actor on a mere move. */
    override disconnectedCallback(): void {
      cancelMount(this);
      this[R2WC_CONNECTED] = false;
      clearTimeout(this.#destroyTimer);
      this.#destroyTimer = setTimeout(() => this.#destroy(), DESTROY_DELAY_MS);
    }

    /** r2wc keeps the old value on removal or an empty value; the customer means "not set". */
    override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
      if (this.#destroyed) return;
      const prop = ATTRIBUTE_TO_PROP[name];
      if (prop && (newValue === null || newValue === '')) {
        delete this[R2WC_PROPS][prop];
        this[R2WC_RENDER]();
        return;
      }
      super.attributeChangedCallback(name, oldValue, newValue);
    }

    #destroy(): void {
      if (this.isConnected || this.#destroyed) return;
      this.#destroyed = true;
      actorOf(this)?.send({ type: 'DESTROY' });
      super.disconnectedCallback();
    }

    /**
     * A property set before the element was defined is an own property that
     * hides r2wc's accessor; hand it to the accessor instead.
     */
    #adoptEarlyProperties(): void {
      this.#adopted = true;
      for (const name of INPUT_NAMES) {
        if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
        const value = (this as Record<string, unknown>)[name];
        delete (this as Record<string, unknown>)[name];
        (this as Record<string, unknown>)[name] = value;
      }
    }
  }
  return Element as unknown as MaterialDownloadElementConstructor;
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
