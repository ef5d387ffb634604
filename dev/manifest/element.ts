/**
 * What the Custom Elements Manifest says about `<cm-material-download>`, for
 * IDEs and catalogues. The real class is made by a factory at runtime
 * (src/element/defineMaterialDownload.ts), which the analyzer cannot follow,
 * so it reads this declaration instead; test/ecosystem/manifest.test.ts holds
 * it to the real attribute names, value tables, event and states.
 */

/**
 * Turns the `<a>` inside it into a download link for a material's PBR
 * package, thumbnail or tileable image, looked up from the provider's GraphQL
 * service. The anchor stays the customer's: only its `href`, class `disabled`,
 * `aria-disabled`, `role` and `tabindex` are touched. Any input change fetches
 * again; problems go to `console.error`, prefixed `cm-material-download:`.
 *
 * The host's `data-state` attribute shows where the element is, for CSS:
 * - `validating`: inputs just changed
 * - `waiting`: `loading="lazy"` and not yet near the viewport
 * - `fetching`: the request is out
 * - `enabled`: a link is known and set as the anchor's `href`
 * - `disabled`: invalid input, no link, or a failure
 *
 * @summary A download link for a material, looked up by organization and article.
 * @tag cm-material-download
 *
 * @attr {string} organization-id - The provider's organization id. Required.
 * @attr {string} article-id - The material's article number. Required.
 * @attr {'pbr' | 'thumbnail' | 'tile'} type - Which file: the PBR package, a thumbnail (needs `dimensions`) or the tileable image. Required.
 * @attr {'none' | '7x7in' | '8x8in' | '9x9in' | '16x16in' | '13_5x13_5in' | '27x27in' | '10x10cm' | '20x20cm' | '30x30cm'} [dimensions=none] - Thumbnail size; only for `type="thumbnail"`, which needs one. `none` leaves it out of the request.
 * @attr {'none' | 'low' | 'medium' | 'high'} [resolution=none] - Resolution of the file; `none` leaves it out of the request.
 * @attr {'none' | 'exr' | 'jpg' | 'tiff'} [file-type=exr] - File format; `none` leaves it out of the request.
 * @attr {string} endpoint - Absolute URL of the provider's `/graphql`. Without it: `configure({ endpoint })`, else the build-time default, else `/graphql`.
 * @attr {'eager' | 'lazy'} [loading=eager] - `eager` fetches at once, `lazy` once the element comes within 200 px of the viewport.
 * @attr {boolean} debug - Present: every transition of this element goes to `console.debug`.
 *
 * @fires {CustomEvent<{ state: 'enabled' | 'disabled', href: string | null, error: string | null }>} cm-link-change - Each time the element settles; bubbles and is composed. `error` is null when the provider simply has no file for those inputs.
 *
 * @slot - The anchor: the element's first element child must be an `<a>`.
 */
export declare class MaterialDownloadElement extends HTMLElement {
  // Each property mirrors its attribute; generate.js links the two and copies the attribute's description.
  organizationId?: string;
  articleId?: string;
  type?: 'pbr' | 'thumbnail' | 'tile';
  dimensions?:
    'none' | '7x7in' | '8x8in' | '9x9in' | '16x16in' | '13_5x13_5in' | '27x27in' | '10x10cm' | '20x20cm' | '30x30cm';
  resolution?: 'none' | 'low' | 'medium' | 'high';
  fileType?: 'none' | 'exr' | 'jpg' | 'tiff';
  endpoint?: string;
  loading?: 'eager' | 'lazy';
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
