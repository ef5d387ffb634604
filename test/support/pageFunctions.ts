/**
 * What a customer's page does to <cm-material-download> elements, and how a
 * test reads them, as functions that run in the page. Every page object sends
 * these, whatever drives the browser: each takes one JSON argument and uses
 * nothing from outside its own body, since it travels as source.
 */

/** What the customer's anchor and the host show. */
export interface AnchorSnapshot {
  dataState: string | null;
  href: string | null;
  className: string;
  ariaDisabled: string | null;
}

/** Inputs a framework binds after it inserted an element: as properties, or as attributes. */
export type Binding = { properties: Record<string, string> } | { attributes: Record<string, string> };

export interface NewElement {
  id: string;
  attributes?: Record<string, string>;
  /** Set before the element is connected, as a script that ran before the element was defined would. */
  properties?: Record<string, unknown>;
  /** Its children's markup; an anchor unless given. */
  inner?: string;
  /** Bound right after it is connected, in the same task, as a framework's template does. */
  binding?: Binding;
  /** Under the page's `#root`, or inside an open shadow root of a host on the page. */
  inside?: 'root' | 'shadow root';
  /**
   * Then, still in the same task, as a framework that re-renders at once: moved into another
   * container, or removed (and kept in `window.__removed[id]`, for a test to put it back).
   */
  then?: 'moved' | 'removed';
}

/** Creates each element, and connects each in turn, all in the one task this runs in. */
export function addElements({ tag, elements }: { tag: string; elements: NewElement[] }): void {
  for (const { id, attributes = {}, properties = {}, inner, binding, inside = 'root', then } of elements) {
    const element = document.createElement(tag);
    element.id = id;
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    Object.assign(element, properties);
    element.innerHTML = inner ?? '<a class="button">Download</a>';
    if (inside === 'root') document.getElementById('root')!.append(element);
    else {
      const host = document.body.appendChild(document.createElement('div'));
      host.attachShadow({ mode: 'open' }).appendChild(document.createElement('section')).append(element);
    }
    if (binding && 'properties' in binding) Object.assign(element, binding.properties);
    else if (binding) for (const [name, value] of Object.entries(binding.attributes)) element.setAttribute(name, value);
    if (then === 'moved') element.parentElement!.appendChild(document.createElement('section')).append(element);
    if (then === 'removed') {
      element.remove();
      ((window as any).__removed ??= {})[id] = element;
    }
  }
}

/** What the element (or the one with this id) and its anchor show right now. */
export function anchorSnapshot(host: Element | string): AnchorSnapshot {
  const element = typeof host === 'string' ? document.getElementById(host)! : host;
  const anchor = element.firstElementChild!;
  return {
    dataState: element.getAttribute('data-state'),
    href: anchor.getAttribute('href'),
    className: anchor.className,
    ariaDisabled: anchor.getAttribute('aria-disabled'),
  };
}
