import { ATTRIBUTES, INPUT_NAMES, type MaterialDownloadInputs } from '../machine/attributes.js';
import type { MaterialDownloadView } from '../machine/connect.js';
import type { LinkSettling } from '../machine/materialDownload.types.js';
import type { Reason } from '../machine/reasons.js';
import { logError } from '../log.js';
import { afterChildrenArrive, pageWork } from './page.js';

/** Every DOM read and write of the element, in one place. */

/**
 * The name of the event the element dispatches each time it settles.
 *
 * @example
 * ```ts
 * element.addEventListener(LINK_CHANGE_EVENT, (event) => console.log(event.detail.href));
 * ```
 */
export const LINK_CHANGE_EVENT = 'cm-link-change';
export const NO_ANCHOR_MESSAGE = 'the element expects its first child to be an anchor tag (<a>)';
const NO_ANCHOR_DETAIL: LinkSettling = { state: 'disabled', href: null, error: NO_ANCHOR_MESSAGE, reason: 'no-anchor' };

/**
 * The `detail` of `cm-link-change`: what the anchor shows now, and why. It is
 * the machine's settling, as the anchor shows it.
 *
 * @example
 * ```ts
 * function describe({ state, href, error }: LinkChangeDetail): string {
 *   return state === 'enabled' ? `Ready: ${href}` : `No file (${error ?? 'none for these inputs'})`;
 * }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a name of its own, not an alias: the compiler names it in the errors customers read
export interface LinkChangeDetail extends LinkSettling {}

/**
 * The attribute a framework puts on a host it has not hydrated yet (Lit's
 * server rendering uses the same): until it is removed, the element writes
 * nothing and asks nothing.
 */
export const DEFER_HYDRATION = 'defer-hydration';

/** Attributes are the inputs; an empty one means "not set", as a missing one does. */
export function readInputs(host: Element): MaterialDownloadInputs {
  const inputs: MaterialDownloadInputs = {};
  for (const name of INPUT_NAMES) {
    const value = host.getAttribute(ATTRIBUTES[name].attribute);
    if (value) inputs[name] = value;
  }
  return inputs;
}

export function findAnchor(host: Element): HTMLAnchorElement | null {
  const first = host.firstElementChild;
  return first instanceof HTMLAnchorElement ? first : null;
}

/**
 * Only href, class `disabled` and the accessibility attributes are touched,
 * and only when they differ: the customer's node, text, other classes and
 * listeners stay. A disabled link is taken out of the tab order and keeps a
 * link role (an `<a>` without href has none), so it is announced as a
 * disabled link; enabling restores the customer's own role and tabindex.
 */
export function applyAnchor(anchor: HTMLAnchorElement, view: Pick<MaterialDownloadView, 'href' | 'disabled'>): void {
  setAttribute(anchor, 'href', view.href);
  setAttribute(anchor, 'aria-disabled', view.disabled ? 'true' : null);
  if (anchor.classList.contains('disabled') !== view.disabled) anchor.classList.toggle('disabled', view.disabled);
  const customerAttributes = pageWork().anchorsOverridden;
  const saved = customerAttributes.get(anchor);
  if (view.disabled) {
    const own = saved ?? { role: anchor.getAttribute('role'), tabindex: anchor.getAttribute('tabindex') };
    customerAttributes.set(anchor, own);
    setAttribute(anchor, 'role', own.role ?? 'link');
    setAttribute(anchor, 'tabindex', '-1');
  } else if (saved) {
    customerAttributes.delete(anchor);
    setAttribute(anchor, 'role', saved.role);
    setAttribute(anchor, 'tabindex', saved.tabindex);
  }
}

/** `data-state`, and `data-reason` while disabled, so CSS can style each case. */
export function reflectState(host: HTMLElement, state: string, reason: Reason | null = null): void {
  setAttribute(host, 'data-state', state);
  setAttribute(host, 'data-reason', reason);
}

export function dispatchLinkChange(host: HTMLElement, detail: LinkChangeDetail): void {
  host.dispatchEvent(new CustomEvent<LinkChangeDetail>(LINK_CHANGE_EVENT, { detail, bubbles: true, composed: true }));
}

function setAttribute(element: Element, name: string, value: string | null): void {
  if (element.getAttribute(name) === value) return;
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/** Calls back whenever the host's own children change; returns what stops it. */
export type ChildrenWatch = (host: HTMLElement, callback: () => void) => () => void;

/**
 * A late or replaced anchor is bound too: its host's children are watched.
 * One observer serves every host a watch is given, so a page of a thousand
 * elements gets one, not a thousand; a host it no longer watches for is
 * simply not called back (an observer cannot let go of one node, and holds
 * none alive).
 */
export function watchChildren(): ChildrenWatch {
  const callbacks = new Map<Node, () => void>();
  let observer: MutationObserver | null = null;
  return (host, callback) => {
    observer ??= new MutationObserver((records) => {
      for (const target of new Set(records.map((record) => record.target))) callbacks.get(target)?.();
    });
    callbacks.set(host, callback);
    observer.observe(host, { childList: true });
    return () => {
      if (callbacks.get(host) === callback) callbacks.delete(host);
    };
  };
}

/** Until its binding renders: the actor's state, and an anchor that is not a link yet. */
export function showPending(host: HTMLElement, state: string): void {
  reflectState(host, state, null);
  const anchor = findAnchor(host);
  if (anchor) applyAnchor(anchor, { href: null, disabled: true });
}

/** What a binding has shown of one element: the page hears each change once. */
export interface Shown {
  announced: LinkSettling | 'no-anchor' | null;
  /** No anchor once the children could have arrived, and none since. */
  anchorMissing: boolean;
}

/**
 * Writes one view on the host and its anchor, and announces the settling it
 * shows. The host never claims more than its anchor shows: with no anchor as
 * its first element child once its children can have arrived, it is disabled,
 * reason `no-anchor`. While they may still be arriving, nothing is announced
 * and `showAgain` is called once they can have.
 *
 * @returns what stops that wait, when there is one
 */
export function showView(
  host: HTMLElement,
  view: MaterialDownloadView,
  shown: Shown,
  showAgain: () => void,
): (() => void) | undefined {
  // A destroyed element is off the page for good: what it showed last stays.
  if (view.state === 'destroyed') return undefined;
  const anchor = findAnchor(host);
  if (anchor || shown.anchorMissing) {
    if (anchor) shown.anchorMissing = false;
    reflectState(host, anchor ? view.state : 'disabled', anchor ? view.reason : 'no-anchor');
    if (anchor) applyAnchor(anchor, view);
    const settled = anchor ? view.settled : 'no-anchor';
    if (settled && settled !== shown.announced) {
      shown.announced = settled;
      // A detail of its own: a listener may keep or change it, never the machine's settling.
      dispatchLinkChange(host, settled === 'no-anchor' ? { ...NO_ANCHOR_DETAIL } : { ...settled });
    }
    return undefined;
  }
  reflectState(host, view.state, view.reason);
  return afterChildrenArrive(() => {
    if (!findAnchor(host)) {
      logError(NO_ANCHOR_MESSAGE, host);
      shown.anchorMissing = true;
    }
    showAgain();
  });
}
