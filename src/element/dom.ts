import { ATTRIBUTES, INPUT_NAMES, type MaterialDownloadInputs } from '../machine/attributes.js';
import type { MaterialDownloadView } from '../machine/connect.js';
import type { Reason } from '../machine/reasons.js';

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

/**
 * The `detail` of `cm-link-change`: what the anchor shows now, and why.
 *
 * @example
 * ```ts
 * function describe({ state, href, error }: LinkChangeDetail): string {
 *   return state === 'enabled' ? `Ready: ${href}` : `No file (${error ?? 'none for these inputs'})`;
 * }
 * ```
 */
export interface LinkChangeDetail {
  /** `enabled`: the anchor links to `href`. `disabled`: it links nowhere. */
  state: 'enabled' | 'disabled';
  /** The link set on the anchor; null while disabled. */
  href: string | null;
  /** What went wrong, as logged; null when nothing did (or the provider simply has no file). */
  error: string | null;
  /** Why the anchor links nowhere, as the host's `data-reason` says; null while enabled. */
  reason: Reason | null;
}

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

/** The customer's own `role` and `tabindex`, kept while the element overrides them. */
const customerAttributes = new WeakMap<HTMLAnchorElement, { role: string | null; tabindex: string | null }>();

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

/** Who to call when a host's children change: one observer serves every element. */
const childWatchers = new Map<Node, () => void>();
let childrenObserver: MutationObserver | null = null;

function childrenChanged(records: MutationRecord[]): void {
  for (const target of new Set(records.map((record) => record.target))) childWatchers.get(target)?.();
}

/**
 * Calls back whenever the host's own children change, so a late or replaced
 * anchor is bound too. A page of a thousand elements gets one observer, not
 * a thousand; a host it no longer watches for is simply not called back
 * (an observer cannot let go of one node, and holds none alive).
 */
export function observeChildren(host: HTMLElement, callback: () => void): () => void {
  childrenObserver ??= new MutationObserver(childrenChanged);
  childWatchers.set(host, callback);
  childrenObserver.observe(host, { childList: true });
  return () => {
    if (childWatchers.get(host) === callback) childWatchers.delete(host);
  };
}

/** Until its binding renders: the actor's state, and an anchor that is not a link yet. */
export function showPending(host: HTMLElement, state: string): void {
  reflectState(host, state, null);
  const anchor = findAnchor(host);
  if (anchor) applyAnchor(anchor, { href: null, disabled: true });
}
