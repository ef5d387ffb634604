/**
 * What the Custom Elements Manifest says about `<cm-material-download>`
 * beyond its inputs, for IDEs and catalogues. The real class is made by a
 * factory at runtime (src/element/createElementClass.ts), which the analyzer
 * cannot follow, so it reads this declaration instead. The inputs, each an
 * attribute and its property, are not written here: manifest.ts adds them
 * from `ATTRIBUTES` (src/machine/attributes.ts). test/ecosystem/manifest.test.ts
 * holds the rest to the real event and states.
 */

/**
 * Turns the `<a>` inside it into a download link for a material's PBR
 * package, thumbnail or tileable image, looked up from the provider's GraphQL
 * service. The anchor stays the customer's: only its `href`, class `disabled`,
 * `aria-disabled`, `role` and `tabindex` are touched. Any input change fetches
 * again; problems go to `console.error`, prefixed `cm-material-download:`.
 *
 * The host's `data-state` attribute shows where the element is, for CSS:
 * - `idle`: just inserted, or none of `organization-id`, `article-id` and `type` set yet (it waits quietly)
 * - `validating`: inputs just changed
 * - `waiting`: `loading="lazy"` and not yet near the viewport
 * - `fetching`: the request is out
 * - `retrying`: the lookup failed on the wire; the next try waits (about 0.5 s, then 1.5 s, or `Retry-After`)
 * - `enabled`: a link is known and set as the anchor's `href`
 * - `disabled`: invalid input, no link, or a failure
 *
 * @summary A download link for a material, looked up by organization and article.
 * @tag cm-material-download
 *
 * @attr {boolean} debug - Present: every transition of this element goes to `console.debug`.
 *
 * @fires {CustomEvent<{ state: 'enabled' | 'disabled', href: string | null, error: string | null }>} cm-link-change - Each time the element settles; bubbles and is composed. `error` is null when the provider simply has no file for those inputs.
 *
 * @slot - The anchor: the element's first element child must be an `<a>`.
 */
export declare class MaterialDownloadElement extends HTMLElement {
  /**
   * Options for every element on the page: `endpoint`, `timeoutMs`, `batch`, `cacheTtlMs`, `inspect`.
   * For script-tag users: `customElements.get('cm-material-download').configure({ endpoint })`.
   */
  static configure(options?: {
    endpoint?: string;
    timeoutMs?: number;
    batch?: false | { intervalMs?: number; max?: number };
    cacheTtlMs?: number;
    inspect?: ((inspectionEvent: unknown, element: HTMLElement) => void) | null;
  }): { endpoint: string; timeoutMs: number; batch: false | { intervalMs: number; max: number }; cacheTtlMs: number };
  /** The package version that defined the element; another version under the same tag gets a warning. */
  static readonly version: string;
}
