// @ts-check
// The baselines' shared front half: attributes in, one GraphQL operation out,
// with the same variables the element sends, so the provider does the same work.
import { getMaterialDownloadLinkQuery, getPbrMaterialDownloadLinkQuery } from '../../src/api/operation';

/**
 * @typedef {'pbr' | 'thumbnail' | 'tile'} LinkKind
 * @typedef {{ operationName: string, query: string, variables: Record<string, string> }} Operation
 * @typedef {{ kind: LinkKind, operation: Operation }} LinkRequest
 */

/** `none` leaves the variable out; any other key is the upper-case enum value. */
const enumOrNothing = (/** @type {string} */ key) => (key === 'none' ? undefined : key.toUpperCase());

/** '13_5x13_5in' becomes THUMBNAIL_13_5X13_5_IN, '10x10cm' THUMBNAIL_10X10_CM. */
const thumbnailAssignmentType = (/** @type {string} */ dimensions) =>
  `THUMBNAIL_${dimensions.toUpperCase().replace(/(CM|IN)$/, '_$1')}`;

/**
 * Only what a well-formed bench page needs: the baselines are there to be
 * measured, not to validate.
 * @param {Element} host
 * @returns {LinkRequest | null}
 */
export function linkRequestOf(host) {
  const articleId = host.getAttribute('article-id');
  const organizationId = host.getAttribute('organization-id');
  const kind = host.getAttribute('type');
  const dimensions = host.getAttribute('dimensions') || 'none';
  if (!articleId || !organizationId) return null;
  /** @type {Record<string, string>} */
  const variables = { articleId, organizationId };
  const resolution = enumOrNothing(host.getAttribute('resolution') || 'none');
  const fileType = enumOrNothing(host.getAttribute('file-type') || 'exr');
  if (resolution) variables.resolution = resolution;
  if (fileType) variables.fileType = fileType;

  if (kind === 'pbr') {
    return {
      kind,
      operation: { operationName: 'GetPbrMaterialDownloadLink', query: getPbrMaterialDownloadLinkQuery, variables },
    };
  }
  if (kind === 'thumbnail' || kind === 'tile') {
    const assignmentType = kind === 'tile' ? 'MATERIAL_TILEABLE_RENDER' : thumbnailAssignmentType(dimensions);
    return {
      kind,
      operation: {
        operationName: 'GetMaterialDownloadLink',
        query: getMaterialDownloadLinkQuery,
        variables: { ...variables, assignmentType },
      },
    };
  }
  return null;
}

/** The same `/graphql` default as the element, resolved against the page. */
export function endpointOf(/** @type {Element} */ host) {
  return new URL(host.getAttribute('endpoint') || '/graphql', document.baseURI).href;
}
