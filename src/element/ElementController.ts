import type { InspectionEvent } from 'xstate';
import type { LinkSettledEvent } from '../machine/materialDownload.types.js';
import type { AnchorBinder, BoundElement } from './anchorBinding.types.js';
import { NO_ANCHOR_MESSAGE, dispatchLinkChange, readInputs, showPending, type LinkChangeDetail } from './dom.js';
import { createElementActor, type MaterialDownloadActor } from './elementLogic.js';
import { inspectorFor, wantsInspection } from './inspection.js';
import { channelObserver, enterChannel, leaveChannel } from './inspectorChannel.js';
import { afterStarts, afterThisScript, destroyLater, keep, queueStart } from './pageScheduler.js';

type BindAnchor = typeof import('./bindAnchor.js');

/** React and the binding load once, after the queued starts (see pageScheduler). */
let binding: Promise<BindAnchor> | null = null;
function withBinding(use: (module: BindAnchor) => void): void {
  binding ??= new Promise<void>((loaded) => afterStarts(loaded)).then(() => import('./bindAnchor.js'));
  void binding.then(use);
}

/** The element's own: React, loaded once the page's first starts are done. */
const reactBinder: AnchorBinder = {
  bind: (controller) => withBinding(({ bindAnchor }) => bindAnchor(controller)),
  unbind: (host) => withBinding(({ unbindAnchor }) => unbindAnchor(host)),
};

/** What the page was told while the host had no anchor; a page of a thousand elements keeps no detail for it. */
const NO_ANCHOR = Symbol('no anchor');

/** A detail of its own for each event: a listener may keep or change what it was given. */
function noAnchorDetail(): LinkChangeDetail {
  return { state: 'disabled', href: null, error: NO_ANCHOR_MESSAGE, reason: 'no-anchor' };
}

/**
 * One element's behaviour, from its first connection to its destruction:
 * the only owner of the element's actor (as Lit's ReactiveController plugs
 * into its host). The custom element forwards its lifecycle here; the anchor
 * binding reads the actor and tells the controller when the page has seen a
 * settling. Timing belongs to the page scheduler.
 */
export class ElementController implements BoundElement {
  readonly host: HTMLElement;
  readonly #binder: AnchorBinder;
  #actor: MaterialDownloadActor | null = null;
  #destroyed = false;
  #inputsChangeQueued = false;
  #inspected = false;
  /** The machine's latest settling: what the anchor shows once it is there. */
  #settled: LinkChangeDetail | null = null;
  /** What the page was told last: it hears each change once. */
  #announced: LinkChangeDetail | typeof NO_ANCHOR | null = null;
  /** The anchor binding: one per element, and the only one that listens. */
  #settlingListener: (() => void) | null = null;

  constructor(host: HTMLElement, binder: AnchorBinder = reactBinder) {
    this.host = host;
    this.#binder = binder;
  }

  /** The running actor; null before the start and after the destruction. */
  get actor(): MaterialDownloadActor | null {
    return this.#actor;
  }

  hostConnected(): void {
    keep(this.host);
    if (this.#destroyed || this.#actor) return;
    showPending(this.host, 'idle');
    queueStart(this.host, () => this.start());
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
    if (this.#inspected || !this.#actor || !this.host.hasAttribute('debug')) return;
    this.#inspected = true;
    this.#actor.system.inspect(inspectorFor(this.host));
  }

  /** The machine's latest settling, or null before the first. */
  get settled(): LinkChangeDetail | null {
    return this.#settled;
  }

  /** Calls `onSettled` after each settling of the machine, until the returned function is called. */
  followSettlings(onSettled: () => void): () => void {
    this.#settlingListener = onSettled;
    return () => {
      if (this.#settlingListener === onSettled) this.#settlingListener = null;
    };
  }

  /**
   * The page hears what the host shows now, once: the latest settling while
   * an anchor shows it, `no-anchor` while there is none.
   */
  announce(anchored: boolean): void {
    const told = anchored ? this.#settled : NO_ANCHOR;
    if (!told || told === this.#announced) return;
    this.#announced = told;
    dispatchLinkChange(this.host, told === NO_ANCHOR ? noAnchorDetail() : told);
  }

  /** Creates and starts the actor, unless the element left or already started; the page scheduler calls it. */
  start(): MaterialDownloadActor | null {
    // Removed before its start, it starts when it is put back.
    if (this.#destroyed || this.#actor || !this.host.isConnected) return this.#actor;
    this.#inspected = wantsInspection(this.host);
    const actor = createElementActor(this.host, readInputs(this.host), this.#observer());
    // Before the start: an invalid input settles during `start()`.
    actor.on('link.settled', ({ state, href, error, reason }: LinkSettledEvent) => {
      this.#settled = { state, href, error, reason };
      this.#settlingListener?.();
    });
    this.#actor = actor;
    enterChannel(this.host, actor);
    actor.start();
    showPending(this.host, actor.getSnapshot().value);
    this.#binder.bind(this);
    return actor;
  }

  /** Stops the actor for good, unless the element came back. */
  destroy(): void {
    if (this.host.isConnected) return;
    // Gone before its actor started: as if it had started, it never starts now.
    this.#destroyed = true;
    if (!this.#actor) return;
    this.#actor.send({ type: 'DESTROY' });
    this.#actor = null;
    leaveChannel(this.host);
    this.#binder.unbind(this.host);
  }

  /** One observer or none: XState builds no inspection events without one. */
  #observer(): ((event: InspectionEvent) => void) | undefined {
    const own = this.#inspected ? inspectorFor(this.host) : undefined;
    const inspector = channelObserver(this.host);
    if (!own || !inspector) return own ?? inspector;
    return (event) => {
      own(event);
      inspector(event);
    };
  }
}
