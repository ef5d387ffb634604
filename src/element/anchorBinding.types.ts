import type { LinkChangeDetail } from './dom.js';
import type { MaterialDownloadActor } from './elementLogic.js';

/**
 * What the anchor's binding sees of an element, and how an element has its
 * anchor bound: the element's controller provides the one and calls the
 * other. Both sides import this module, never each other, so the binding
 * (React's, loaded later, or the lite build's) and the controller stay one way round.
 */

/** What the host shows when the page is told: a settling its anchor shows, or that it has no anchor. */
export type Shown = LinkChangeDetail | 'no-anchor';

/** An element, as the binding of its anchor reads it and reports to it. */
export interface BoundElement {
  readonly host: HTMLElement;
  /** The running actor; null before the start and after the destruction. */
  readonly actor: MaterialDownloadActor | null;
  /** The page hears what the host shows now, once. */
  announce(shown: Shown): void;
}

/** How a started element's anchor gets bound to its actor, and let go. */
export interface AnchorBinder {
  bind(element: BoundElement): void;
  unbind(host: HTMLElement): void;
}
