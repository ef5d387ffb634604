import type { AnchorBinder, BoundElement, Shown } from './anchorBinding.types.js';
import {
  DEFER_HYDRATION,
  NO_ANCHOR_MESSAGE,
  dispatchLinkChange,
  readInputs,
  showPending,
  type LinkChangeDetail,
} from './dom.js';
import type { CreateElementActor, MaterialDownloadActor } from './elementLogic.js';
import { debugAttributeAdded, inspectionStarted, inspectionStopped, observerFor } from './inspection.js';
import { requestAtStart } from '../machine/requestAtStart.js';
import { afterThisScript, destroyLater, keep, pageTransport, queueStart, type Startable } from './pageScheduler.js';

function noAnchorDetail(): LinkChangeDetail {
  return { state: 'disabled', href: null, error: NO_ANCHOR_MESSAGE, reason: 'no-anchor' };
}

/**
 * One element's behaviour, from its first connection to its destruction:
 * the only owner of the element's actor (as Lit's ReactiveController plugs
 * into its host). The custom element forwards its lifecycle here; the anchor
 * binding reads the actor and tells the controller what the host shows.
 * Timing belongs to the page scheduler.
 */
export class ElementController implements BoundElement, Startable {
  readonly host: HTMLElement;
  readonly #binder: AnchorBinder;
  readonly #createActor: CreateElementActor;
  #actor: MaterialDownloadActor | null = null;
  #destroyed = false;
  #inputsChangeQueued = false;
  /** What the page was told last: it hears each change once. */
  #announced: Shown | null = null;
  /** Lets go of the lookup sent ahead of the actor (`lookAhead`); null while none is held. */
  #releaseLookAhead: (() => void) | null = null;

  /** `binder` and `createActor` are its class's: one anchor binding and one statechart for all its elements. */
  constructor(host: HTMLElement, binder: AnchorBinder, createActor: CreateElementActor) {
    this.host = host;
    this.#binder = binder;
    this.#createActor = createActor;
  }

  /** The running actor; null before the start and after the destruction. */
  get actor(): MaterialDownloadActor | null {
    return this.#actor;
  }

  /** Also when a framework lets go of the host (`defer-hydration` removed): it is as if it connected then. */
  hostConnected(): void {
    keep(this.host);
    if (this.#destroyed || this.#actor || this.#hydrationDeferred()) return;
    showPending(this.host, 'idle');
    queueStart(this.host, this);
  }

  /** Not at once: a DOM move disconnects and reconnects within the task. */
  hostDisconnected(): void {
    destroyLater(this.host, () => this.destroy());
  }

  /** Several writes in one script are one change. */
  inputsChanged(): void {
    if (!this.#actor || this.#inputsChangeQueued) return;
    this.#inputsChangeQueued = true;
    afterThisScript(() => {
      this.#inputsChangeQueued = false;
      this.#actor?.send({ type: 'INPUTS.SET', inputs: readInputs(this.host) });
    });
  }

  /** `debug` added to a running element: its transitions from now on. */
  debugChanged(): void {
    if (this.#actor && this.host.hasAttribute('debug')) debugAttributeAdded(this.host, this.#actor);
  }

  /** The page hears what the host shows now, once: a page of a thousand elements keeps no detail for `no-anchor`. */
  announce(shown: Shown): void {
    if (shown === this.#announced) return;
    this.#announced = shown;
    // A detail of its own: a listener may keep or change it, never the machine's settling.
    dispatchLinkChange(this.host, shown === 'no-anchor' ? noAnchorDetail() : { ...shown });
  }

  /**
   * Sends the lookup the actor will make as it starts, before the actor is
   * made; the page scheduler asks the first elements in line. Held here, it
   * stays on its way until the actor has joined it as an identical operation
   * in flight; let go then, one that no actor joined (the inputs changed
   * meanwhile) is abandoned like any other.
   */
  lookAhead(): void {
    if (this.#releaseLookAhead || !this.#mayStart()) return;
    const request = requestAtStart(readInputs(this.host));
    if (!request) return;
    const held = new AbortController();
    // Its outcome is the actor's to take, through its own share of the operation.
    pageTransport()
      .lookupDownloadLink(request, held.signal, 0, true)
      .catch(() => {});
    this.#releaseLookAhead = () => held.abort();
  }

  /** What its start needs, made ahead: the statechart, built with its class's first actor. */
  prepare(): void {
    this.#createActor.prepare();
  }

  /** Creates and starts the actor, unless the element left or already started; the page scheduler calls it. */
  start(): MaterialDownloadActor | null {
    try {
      // Removed before its start, it starts when it is put back; held again, when let go.
      if (!this.#mayStart()) return this.#actor;
      const actor = this.#createActor(this.host, readInputs(this.host), observerFor(this.host));
      this.#actor = actor;
      actor.start();
      inspectionStarted(this.host, actor);
      this.#binder.bind(this);
      return actor;
    } finally {
      // The actor has joined the lookup sent ahead of it, or never will.
      this.#letGoOfLookAhead();
    }
  }

  /** Stops the actor for good, unless the element came back. */
  destroy(): void {
    if (this.host.isConnected) return;
    // Gone before its actor started: as if it had started, it never starts now.
    this.#destroyed = true;
    this.#letGoOfLookAhead();
    if (!this.#actor) return;
    this.#actor.send({ type: 'DESTROY' });
    this.#actor = null;
    inspectionStopped(this.host);
    this.#binder.unbind(this.host);
  }

  #mayStart(): boolean {
    return !this.#destroyed && !this.#actor && this.host.isConnected && !this.#hydrationDeferred();
  }

  #letGoOfLookAhead(): void {
    this.#releaseLookAhead?.();
    this.#releaseLookAhead = null;
  }

  /** A framework has not hydrated the host yet: writing on it now would differ from the server's HTML. */
  #hydrationDeferred(): boolean {
    return this.host.hasAttribute(DEFER_HYDRATION);
  }
}
