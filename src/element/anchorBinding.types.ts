import type { LinkChangeDetail } from './dom.js';
import type { MaterialDownloadActor } from './elementLogic.js';

/**
 * What the anchor's binding sees of an element, and how an element has its
 * anchor bound: the element's controller provides the one and calls the
 * other. Both sides import this module, never each other, so the binding
 * (React or Preact, loaded later) and the controller stay one way round.
 */

/** An element, as the binding of its anchor reads it and reports to it. */
export interface BoundElement {
  readonly host: HTMLElement;
  /** The running actor; null before the start and after the destruction. */
  readonly actor: MaterialDownloadActor | null;
  /** The machine's latest settling, or null before the first. */
  readonly settled: LinkChangeDetail | null;
  /** Calls `onSettled` after each settling of the machine, until the returned function is called. */
  followSettlings(onSettled: () => void): () => void;
  /** The page hears what the host shows now, once: the latest settling while anchored, `no-anchor` otherwise. */
  announce(anchored: boolean): void;
}

/** How a started element's anchor gets bound to its actor, and let go. */
export interface AnchorBinder {
  bind(element: BoundElement): void;
  unbind(host: HTMLElement): void;
}
