import {
  DEFAULT_DIMENSIONS,
  DEFAULT_LOADING,
  LOADING_MODES,
  DEFAULT_FILE_TYPE,
  DEFAULT_RESOLUTION,
  DIMENSIONS,
  DOWNLOAD_TYPES,
  FILE_TYPES,
  RESOLUTIONS,
  TILE_ASSIGNMENT_TYPE,
  isKeyOf,
} from './options';
import type { LinkRequest, MaterialDownloadInputs, Validation } from './types';

/** The seed's messages, word for word: customers search their logs for them. */
export const MESSAGES = {
  noArticleId: 'no article id provided',
  noOrganizationId: 'no organization id provided',
  dimensionsForPbr: 'Providing dimensions is not supported for PBRs.',
  missingAssignmentType: 'Missing assignment type. Did you provide valid dimensions?',
  dimensionsForTile: 'Providing dimensions is not supported for tileable images.',
  unrecognizedType: 'Unrecognized download link type',
} as const;

export function invalidValueMessage(attribute: string, value: string, valid: readonly string[]): string {
  return `Invalid ${attribute} "${value}". Valid values: ${valid.join(', ')}.`;
}

function isBlank(value: string | undefined): value is undefined | '' {
  return value === undefined || value === null || value === '';
}

/**
 * Checks the inputs in the seed's order and turns them into a provider
 * request, or says exactly what is wrong. Pure: no logging, no DOM.
 */
export function validateInputs(inputs: MaterialDownloadInputs): Validation {
  const fail = (error: string): Validation => ({ ok: false, error });
  const { articleId, organizationId, type } = inputs;
  const dimensions = isBlank(inputs.dimensions) ? DEFAULT_DIMENSIONS : inputs.dimensions;
  const resolution = isBlank(inputs.resolution) ? DEFAULT_RESOLUTION : inputs.resolution;
  const fileType = isBlank(inputs.fileType) ? DEFAULT_FILE_TYPE : inputs.fileType;
  const loading = isBlank(inputs.loading) ? DEFAULT_LOADING : inputs.loading;

  if (isBlank(articleId)) return fail(MESSAGES.noArticleId);
  if (isBlank(organizationId)) return fail(MESSAGES.noOrganizationId);
  if (isBlank(type) || !(DOWNLOAD_TYPES as readonly string[]).includes(type)) {
    return fail(invalidValueMessage('type', type ?? '', DOWNLOAD_TYPES));
  }
  if (!isKeyOf(DIMENSIONS, dimensions)) {
    return fail(invalidValueMessage('dimensions', dimensions, Object.keys(DIMENSIONS)));
  }
  if (!isKeyOf(RESOLUTIONS, resolution)) {
    return fail(invalidValueMessage('resolution', resolution, Object.keys(RESOLUTIONS)));
  }
  if (!isKeyOf(FILE_TYPES, fileType)) {
    return fail(invalidValueMessage('fileType', fileType, Object.keys(FILE_TYPES)));
  }
  if (!(LOADING_MODES as readonly string[]).includes(loading)) {
    return fail(invalidValueMessage('loading', loading, LOADING_MODES));
  }
  const lazy = loading === 'lazy';

  const base = {
    organizationId,
    articleId,
    ...optional('resolution', RESOLUTIONS[resolution]),
    ...optional('fileType', FILE_TYPES[fileType]),
    ...optional('endpoint', isBlank(inputs.endpoint) ? null : inputs.endpoint),
  };
  const assignmentType = DIMENSIONS[dimensions];

  switch (type) {
    case 'pbr':
      if (assignmentType) return fail(MESSAGES.dimensionsForPbr);
      return { ok: true, lazy, request: { ...base, kind: 'pbr' } };
    case 'thumbnail':
      if (!assignmentType) return fail(MESSAGES.missingAssignmentType);
      return { ok: true, lazy, request: { ...base, kind: 'thumbnail', assignmentType } };
    case 'tile':
      if (assignmentType) return fail(MESSAGES.dimensionsForTile);
      return { ok: true, lazy, request: { ...base, kind: 'tile', assignmentType: TILE_ASSIGNMENT_TYPE } };
    default:
      return fail(MESSAGES.unrecognizedType);
  }
}

/** `none` leaves the variable out of the request entirely, not `null`. */
function optional<K extends string, V>(key: K, value: V | null): Partial<Record<K, V>> {
  return value === null ? {} : ({ [key]: value } as Record<K, V>);
}

export type { LinkRequest };
