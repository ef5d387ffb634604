import type { InputName } from './attributes.js';

/**
 * What each input is for, for the manifest and the README. Not in `ATTRIBUTES`, which the element
 * reads as it runs: a minifier keeps every property of an object it keeps.
 */
export const ATTRIBUTE_DOCS = {
  organizationId: "The provider's organization id.",
  articleId: "The material's article number.",
  type: 'Which file: the PBR package, a thumbnail (needs `dimensions`) or the tileable image.',
  dimensions: 'Thumbnail size; only for `type="thumbnail"`, which needs one. `none` leaves it out of the request.',
  resolution: 'Resolution of the file; `none` leaves it out of the request.',
  fileType: 'File format; `none` leaves it out of the request.',
  endpoint:
    "Absolute URL of the provider's `/graphql`. Without it: `configure({ endpoint })`, else the build-time default, else `/graphql`.",
  loading: '`eager` fetches at once, `lazy` once the element comes within 200 px of the viewport.',
} as const satisfies Record<InputName, string>;
