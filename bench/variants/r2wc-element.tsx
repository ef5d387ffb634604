// Bench only: the same element carried by the stock @r2wc/react-to-web-component
// (one React root per element, root.render on every update), so the bench can
// set it beside the real build. A measurement, not a product: no configure(),
// no debug attribute, no properties set before define.
import r2wc from '@r2wc/react-to-web-component';
import { DESTROY_DELAY_MS } from '../../src/element/createElementClass';
import { hostOf, showPending } from '../../src/element/dom';
import { startActor } from '../../src/element/elementLogic';
import { useAnchorBinding } from '../../src/element/useAnchorBinding';
import { ATTRIBUTES, INPUT_NAMES, type InputName, type MaterialDownloadInputs } from '../../src/machine/attributes';

const STARTED = Symbol('cm.started');

type Started = ReturnType<typeof startActor>;
type Host = HTMLElement & { [STARTED]?: Started | null };

/** As the real element reads them: an empty attribute is not set. */
const readInputs = (host: HTMLElement): MaterialDownloadInputs =>
  Object.fromEntries(
    INPUT_NAMES.map((name) => [name, host.getAttribute(ATTRIBUTES[name].attribute)] as const).filter(
      (entry): entry is readonly [InputName, string] => Boolean(entry[1]),
    ),
  );

/** r2wc hands the shadow root in as `container`; the inputs it passes as props are not read: the actor has them. */
function MaterialDownload({ container }: { container?: HTMLElement }) {
  const host = hostOf(container as unknown as ShadowRoot) as Host;
  const started = host[STARTED];
  // r2wc can mount before connectedCallback (an attribute set on a created element): nothing to bind yet.
  return started ? <Binding host={host} {...started} /> : <slot />;
}

function Binding({ host, actor, settlings }: { host: HTMLElement } & Started) {
  useAnchorBinding(host, actor, settlings);
  return <slot />;
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
  [STARTED]: Started | null = null;
  #destroyTimer: ReturnType<typeof setTimeout> | undefined;
  #destroyed = false;
  #inputsChangeQueued = false;

  /** The actor first, so its lookup is queued in this task; then r2wc mounts this element's root. */
  override connectedCallback(): void {
    clearTimeout(this.#destroyTimer);
    if (this.#destroyed) return;
    if (!this[STARTED]) {
      this[STARTED] = startActor(this, readInputs(this));
      showPending(this, this[STARTED].actor.getSnapshot().value);
    }
    super.connectedCallback();
  }

  /** r2wc unmounts at once; a DOM move would lose the root and the actor. */
  override disconnectedCallback(): void {
    clearTimeout(this.#destroyTimer);
    this.#destroyTimer = setTimeout(() => {
      if (this.isConnected || !this[STARTED]) return;
      this.#destroyed = true;
      this[STARTED].actor.send({ type: 'DESTROY' });
      super.disconnectedCallback();
    }, DESTROY_DELAY_MS);
  }

  /** Read from the attributes, not r2wc's props: r2wc ignores a removed attribute. */
  override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    super.attributeChangedCallback(name, oldValue, newValue);
    if (oldValue === newValue || !this[STARTED] || this.#inputsChangeQueued) return;
    this.#inputsChangeQueued = true;
    queueMicrotask(() => {
      this.#inputsChangeQueued = false;
      this[STARTED]?.actor.send({ type: 'INPUTS.SET', inputs: readInputs(this) });
    });
  }
}

if (!customElements.get('cm-material-download')) customElements.define('cm-material-download', R2wcMaterialDownload);
