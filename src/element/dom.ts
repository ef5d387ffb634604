import type { MaterialDownloadView } from '../machine/connect';

/** Every DOM read and write of the element, in one place. */

export const LINK_CHANGE_EVENT = 'cm-link-change';
export const NO_ANCHOR_MESSAGE = 'the element expects its first child to be an anchor tag (<a>)';

export interface LinkChangeDetail {
  state: 'enabled' | 'disabled';
  href: string | null;
  error: string | null;
}

export function hostOf(container: Element | ShadowRoot): HTMLElement {
  return (container instanceof ShadowRoot ? container.host : container) as HTMLElement;
}

export function findAnchor(host: Element): HTMLAnchorElement | null {
  const first = host.firstElementChild;
  return first instanceof HTMLAnchorElement ? first : null;
}

/**
 * Only href, class `disabled` and `aria-disabled` are touched, and only when
 * they differ: the customer's node, text, other classes and listeners stay.
 */
export function applyAnchor(anchor: HTMLAnchorElement, view: Pick<MaterialDownloadView, 'href' | 'disabled'>): void {
  setAttribute(anchor, 'href', view.href);
  setAttribute(anchor, 'aria-disabled', view.disabled ? 'true' : null);
  if (anchor.classList.contains('disabled') !== view.disabled) anchor.classList.toggle('disabled', view.disabled);
}

export function reflectState(host: HTMLElement, state: string): void {
  setAttribute(host, 'data-state', state);
}

export function dispatchLinkChange(host: HTMLElement, detail: LinkChangeDetail): void {
  host.dispatchEvent(new CustomEvent<LinkChangeDetail>(LINK_CHANGE_EVENT, { detail, bubbles: true, composed: true }));
}

function setAttribute(element: Element, name: string, value: string | null): void {
  if (element.getAttribute(name) === value) return;
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/**
 * Calls back when the host's children may have arrived: after parsing while
 * the document is still loading (the parser connects an element before its
 * children), otherwise after the current task (frameworks append children
 * after inserting the parent). Returns a cancel function.
 */
export function afterChildrenArrive(callback: () => void): () => void {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', callback, { once: true });
    return () => document.removeEventListener('DOMContentLoaded', callback);
  }
  const timer = setTimeout(callback, 0);
  return () => clearTimeout(timer);
}

/** Calls back whenever the host's own children change, so a late or replaced anchor is bound too. */
export function observeChildren(host: HTMLElement, callback: () => void): () => void {
  const observer = new MutationObserver(callback);
  observer.observe(host, { childList: true });
  return () => observer.disconnect();
}
