// Bench only: the same element carried by the stock @r2wc/react-to-web-component
// (one React root per element, root.render on every update), so the bench can
// set it beside the real build. A measurement, not a product: no configure(),
// no debug attribute, no properties set before define.
import r2wc from '@r2wc/react-to-web-component';
import { AnchorBinding } from '../../src/element/bindAnchor';
import { showPending, watchChildren } from '../../src/element/dom';
import { ElementController } from '../../src/element/ElementController';
import { elementActors } from '../../src/element/elementLogic';
import { DESTROY_DELAY_MS } from '../../src/element/pageScheduler';
import { INPUT_NAMES } from '../../src/machine/attributes';

const CONTROLLER = Symbol('cm.controller');

type Host = HTMLElement & { [CONTROLLER]?: ElementController };

const watch = watchChildren();

/** r2wc hands the shadow root in as `container`; the inputs it passes as props are not read: the actor has them. */
function MaterialDownload({ container }: { container?: ShadowRoot }) {
  const controller = (container?.host as Host | undefined)?.[CONTROLLER];
  const actor = controller?.actor;
  // r2wc can mount before connectedCallback (an attribute set on a created element): nothing to bind yet.
  return controller && actor ? (
    <>
      <AnchorBinding element={controller} actor={actor} watch={watch} />
      <slot />
    </>
  ) : (
    <slot />
  );
}

/** What r2wc's class has and its declared type (CustomElementConstructor) does not say. */
interface StockElement extends HTMLElement {
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void;
}

// Without a shadow root React would own the host's children and wipe the customer's anchor.
const Stock = r2wc(MaterialDownload, {
  shadow: 'open',
  props: Object.fromEntries(INPUT_NAMES.map((name) => [name, 'string'])),
}) as unknown as new () => StockElement;

/** r2wc renders the binding: the controller binds nothing of its own. */
const boundByR2wc = { bind: () => {}, unbind: () => {} };
const createActor = elementActors();

class R2wcMaterialDownload extends Stock {
  [CONTROLLER] = new ElementController(this, boundByR2wc, createActor);
  #destroyTimer: ReturnType<typeof setTimeout> | undefined;

  /** The actor first, so its lookup is queued in this task; then r2wc mounts this element's root. */
  override connectedCallback(): void {
    clearTimeout(this.#destroyTimer);
    const controller = this[CONTROLLER];
    if (!controller.actor) {
      const actor = controller.start();
      // Destroyed: it never starts again.
      if (!actor) return;
      showPending(this, actor.getSnapshot().value);
    }
    super.connectedCallback();
  }

  /** r2wc unmounts at once; a DOM move would lose the root and the actor. */
  override disconnectedCallback(): void {
    clearTimeout(this.#destroyTimer);
    this.#destroyTimer = setTimeout(() => {
      if (this.isConnected || !this[CONTROLLER].actor) return;
      this[CONTROLLER].destroy();
      super.disconnectedCallback();
    }, DESTROY_DELAY_MS);
  }

  /** Read from the attributes, not r2wc's props: r2wc ignores a removed attribute. */
  override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    super.attributeChangedCallback(name, oldValue, newValue);
    if (oldValue !== newValue) this[CONTROLLER].inputsChanged();
  }
}

if (!customElements.get('cm-material-download')) customElements.define('cm-material-download', R2wcMaterialDownload);
