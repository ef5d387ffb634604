// Bench only: the same element carried by the stock @r2wc/react-to-web-component
// (one React root per element, root.render on every update), so the bench can
// set it beside the real build. A measurement, not a product: no configure(),
// no debug attribute, no properties set before define.
import r2wc from '@r2wc/react-to-web-component';
import { createActor } from 'xstate';
import { readInputs, showPending, watchChildren } from '../../src/element/dom';
import { buildElementLogic } from '../../src/element/element';
import type { MaterialDownloadActor } from '../../src/machine/materialDownload.machine';
import { DESTROY_DELAY_MS, pageWork } from '../../src/element/page';
import { AnchorBinding } from '../../src/element/reactBinding';
import { INPUT_NAMES } from '../../src/machine/attributes';

const ACTOR = Symbol('cm.actor');

type Host = HTMLElement & { [ACTOR]?: MaterialDownloadActor | null };

const watch = watchChildren();
const logic = buildElementLogic();

/** r2wc hands the shadow root in as `container`; the inputs it passes as props are not read: the actor has them. */
function MaterialDownload({ container }: { container?: ShadowRoot }) {
  const host = container?.host as Host | undefined;
  const actor = host?.[ACTOR];
  // r2wc can mount before connectedCallback (an attribute set on a created element): nothing to bind yet.
  return host && actor ? (
    <>
      <AnchorBinding host={host} actor={actor} watch={watch} />
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

class R2wcMaterialDownload extends Stock {
  [ACTOR]: MaterialDownloadActor | null | undefined;
  #destroyTimer: ReturnType<typeof setTimeout> | undefined;

  /** The actor first, so its lookup is queued in this task; then r2wc mounts this element's root. */
  override connectedCallback(): void {
    clearTimeout(this.#destroyTimer);
    // Destroyed: it never starts again.
    if (this[ACTOR] === null) return;
    if (!this[ACTOR]) {
      const actor = createActor(logic, { input: { inputs: readInputs(this), target: this }, clock: pageWork().clock });
      this[ACTOR] = actor;
      actor.start();
      showPending(this, actor.getSnapshot().value);
    }
    super.connectedCallback();
  }

  /** r2wc unmounts at once; a DOM move would lose the root and the actor. */
  override disconnectedCallback(): void {
    clearTimeout(this.#destroyTimer);
    this.#destroyTimer = setTimeout(() => {
      if (this.isConnected || !this[ACTOR]) return;
      this[ACTOR].send({ type: 'DESTROY' });
      this[ACTOR] = null;
      super.disconnectedCallback();
    }, DESTROY_DELAY_MS);
  }

  /** Read from the attributes, not r2wc's props: r2wc ignores a removed attribute. */
  override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    super.attributeChangedCallback(name, oldValue, newValue);
    if (oldValue !== newValue)
      queueMicrotask(() => this[ACTOR]?.send({ type: 'INPUTS.SET', inputs: readInputs(this) }));
  }
}

if (!customElements.get('cm-material-download')) customElements.define('cm-material-download', R2wcMaterialDownload);
