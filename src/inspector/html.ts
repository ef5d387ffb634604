type Child = Node | string;

/**
 * An HTML element built with DOM calls: no markup is ever parsed, so a page
 * that enforces Trusted Types (or forbids inline styles) has nothing to refuse.
 *
 * @param tag - The element's tag name.
 * @param attributes - Attributes set as given; `style` is never one of them (CSP `style-src` refuses it).
 * @param children - Nodes, or strings as text.
 */
export function html<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}
