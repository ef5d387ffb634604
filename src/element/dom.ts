import { ATTRIBUTES, INPUT_NAMES, type MaterialDownloadInputs } from '../machine/attributes.js';
import { connect, viewsEqual, type MaterialDownloadView } from '../machine/connect.js';
import { takesResolvedLink, type MaterialDownloadActor } from '../machine/materialDownload.machine.js';
import type { LinkSettling, Reason } from '../machine/materialDownload.types.js';
import { logError } from '../log.js';
import { toSafeHref } from '../api/operation.js';
import { tried } from '../api/wire.js';
import { validateInputs } from '../machine/inputs.js';
import { afterChildrenArrive } from './page.js';

/**
 * The name of the event the element dispatches each time it settles.
 * @example `element.addEventListener(LINK_CHANGE_EVENT, (event) => console.log(event.detail.href));`
 */
export const LINK_CHANGE_EVENT = 'cm-link-change';
const NO_ANCHOR_MESSAGE = 'the element expects its first child to be an anchor tag (<a>)';

/**
 * The `detail` of `cm-link-change`: the machine's settling, as the anchor shows it.
 * @example `const describe = ({ state, href, error }: LinkChangeDetail) => (state === 'enabled' ? href : error);`
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a name of its own, not an alias: the compiler names it in the errors customers read
export interface LinkChangeDetail extends LinkSettling {}

/** An empty attribute means "not set", as a missing one does. */
export function readInputs(host: Element): MaterialDownloadInputs {
  const inputs: MaterialDownloadInputs = {};
  for (const name of INPUT_NAMES) {
    const value = host.getAttribute(ATTRIBUTES[name].attribute);
    if (value) inputs[name] = value;
  }
  return inputs;
}

/** The customer's own role and tabindex of each anchor shown disabled. */
const customerAttributes = new WeakMap<HTMLAnchorElement, CustomerAttributes>();
type CustomerAttributes = [role: string | null, tabindex: string | null];

/** The host's first element child if an `<a>`, or the first in Astro's `<astro-slot>` (`display: contents`). */
export function findAnchor({ firstElementChild: first }: Element): HTMLAnchorElement | null {
  const child = first?.localName === 'astro-slot' ? first.firstElementChild : first;
  return child instanceof HTMLAnchorElement ? child : null;
}

/**
 * Disabled, the anchor leaves the tab order and keeps a link role (an `<a>` without href has none) to be announced as
 * a disabled link; enabled, it gets the customer's own role and tabindex back.
 */
function applyAnchor(anchor: HTMLAnchorElement, { href, disabled }: Pick<MaterialDownloadView, 'href' | 'disabled'>) {
  setAttribute(anchor, 'href', href);
  setAttribute(anchor, 'aria-disabled', disabled ? 'true' : null);
  if (anchor.classList.contains('disabled') !== disabled) anchor.classList.toggle('disabled', disabled);
  const [role, tabindex]: CustomerAttributes = customerAttributes.get(anchor) ?? [
    anchor.getAttribute('role'),
    anchor.getAttribute('tabindex'),
  ];
  if (disabled) customerAttributes.set(anchor, [role, tabindex]);
  else customerAttributes.delete(anchor);
  setAttribute(anchor, 'role', disabled ? (role ?? 'link') : role);
  setAttribute(anchor, 'tabindex', disabled ? '-1' : tabindex);
}

/** For CSS: `data-state`, and `data-reason` while disabled. */
function reflectState(host: HTMLElement, state: string, reason: Reason | null): void {
  setAttribute(host, 'data-state', state);
  setAttribute(host, 'data-reason', reason);
}

/** Touches only what differs. */
function setAttribute(element: Element, name: string, value: string | null): void {
  if (element.getAttribute(name) === value) return;
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/** Calls back whenever the host's own children change; returns what stops it. */
export type ChildrenWatch = (host: HTMLElement, callback: () => void) => () => void;

/** One observer for all hosts, which holds no node alive. */
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

/** Until its binding renders: the actor's state, and an anchor that is no link yet, or the server's link. */
export function showPending(host: HTMLElement, state: string, href: string | null = null): void {
  reflectState(host, state, null);
  const anchor = findAnchor(host);
  if (anchor) applyAnchor(anchor, { href, disabled: href === null });
}

/** The link the page's server resolved for the host's inputs, if the host is marked `resolved`. */
function resolvedLinkOf(host: HTMLElement): string | null {
  if (!host.hasAttribute('resolved')) return null;
  const href = findAnchor(host)?.getAttribute('href');
  return (href && tried(() => toSafeHref(href))) || null;
}

/** Read once: a clone or a move looks up as always. */
export function takeResolvedLink(host: HTMLElement): string | null {
  const href = resolvedLinkOf(host);
  host.removeAttribute('resolved');
  return href;
}

/** Whether the statechart will start with the server's link: until then the anchor stays as the server wrote it. */
export function keepsResolvedLink(host: HTMLElement): boolean {
  const href = resolvedLinkOf(host);
  if (href === null) return false;
  const validation = validateInputs(readInputs(host));
  return takesResolvedLink(validation.ok ? validation.request : null, href);
}

/** What a binding has shown of one element: the page hears each change once. */
export interface Shown {
  announced: LinkSettling | 'no-anchor' | null;
  /** No anchor once the children could have arrived, and none since. */
  anchorMissing: boolean;
}

/**
 * Writes one view on the host and its anchor, and announces the settling. While the children may still be arriving
 * and no anchor is there, it announces nothing and calls `showAgain` once they can have: returns what stops that.
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
  if (!anchor && !shown.anchorMissing) {
    reflectState(host, view.state, view.reason);
    return afterChildrenArrive(() => {
      if (!findAnchor(host)) {
        logError(NO_ANCHOR_MESSAGE, host);
        shown.anchorMissing = true;
      }
      showAgain();
    });
  }
  if (anchor) shown.anchorMissing = false;
  reflectState(host, anchor ? view.state : 'disabled', anchor ? view.reason : 'no-anchor');
  if (anchor) applyAnchor(anchor, view);
  const settled = anchor ? view.settled : 'no-anchor';
  if (settled && settled !== shown.announced) {
    shown.announced = settled;
    // A detail of its own: a listener may keep or change it, never the machine's settling.
    const detail: LinkChangeDetail =
      settled === 'no-anchor'
        ? { state: 'disabled', href: null, error: NO_ANCHOR_MESSAGE, reason: 'no-anchor' }
        : { ...settled };
    host.dispatchEvent(new CustomEvent<LinkChangeDetail>(LINK_CHANGE_EVENT, { detail, bubbles: true, composed: true }));
  }
  return undefined;
}

let watch: ChildrenWatch | undefined;

/** The lite build's binding: the actor's own subscription, with the `connect` and `viewsEqual` React uses. */
export function bindWithSubscription(host: HTMLElement, actor: MaterialDownloadActor): () => void {
  const shown: Shown = { announced: null, anchorMissing: false };
  let view = connect(actor.getSnapshot());
  let stopWaiting: (() => void) | undefined;
  const show = () => {
    stopWaiting?.();
    stopWaiting = showView(host, view, shown, show);
  };
  const subscription = actor.subscribe((snapshot) => {
    const next = connect(snapshot);
    if (viewsEqual(view, next)) return;
    view = next;
    show();
  });
  const stopWatching = (watch ??= watchChildren())(host, show);
  show();
  return () => {
    subscription.unsubscribe();
    stopWatching();
    stopWaiting?.();
  };
}
