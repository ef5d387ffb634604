import {
  ATTRIBUTES,
  DIMENSIONS,
  DOWNLOAD_KINDS,
  FILE_TYPES,
  RESOLUTIONS,
  TILE_ASSIGNMENT_TYPE,
  INPUT_NAMES,
  isKeyOf,
  type DownloadFileType,
  type DownloadResolution,
  type InputName,
  type MaterialDownloadInputs,
  type ThumbnailAssignmentType,
  type TileAssignmentType,
} from './attributes.js';

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

function isBlank(value: string | undefined | null): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}

/** Checked after the required ones, in this order (the seed's). */
const KEYED_INPUTS = ['type', 'dimensions', 'resolution', 'fileType', 'loading'] as const;

/**
 * Checks the inputs in the seed's order and turns them into a provider request, or says what is wrong.
 *
 * @example
 * ```ts
 * validateInputs({ organizationId: 'org-1', articleId: 'A-100', type: 'pbr' }); // { ok: true, lazy: false, request }
 * ```
 */
export function validateInputs(inputs: MaterialDownloadInputs): Validation {
  const fail = (error: string): Validation => ({ ok: false, error });
  const { articleId, organizationId } = inputs;
  if (isBlank(articleId)) return fail(MESSAGES.noArticleId);
  if (isBlank(organizationId)) return fail(MESSAGES.noOrganizationId);

  const keyed = {} as Record<(typeof KEYED_INPUTS)[number], string>;
  for (const name of KEYED_INPUTS) {
    const { values, default: fallback } = ATTRIBUTES[name];
    const given = inputs[name];
    const value = isBlank(given) ? (fallback ?? '') : given;
    if (!isKeyOf(values, value)) return fail(invalidValueMessage(name, value, Object.keys(values)));
    keyed[name] = value;
  }
  const { type, dimensions, resolution, fileType, loading } = keyed;
  const lazy = loading === 'lazy';

  const base = {
    organizationId,
    articleId,
    ...optional('resolution', RESOLUTIONS[resolution as keyof typeof RESOLUTIONS]),
    ...optional('fileType', FILE_TYPES[fileType as keyof typeof FILE_TYPES]),
    ...optional('endpoint', isBlank(inputs.endpoint) ? null : inputs.endpoint),
  };
  const assignmentType = DIMENSIONS[dimensions as keyof typeof DIMENSIONS];

  // The loop above refused every type outside DOWNLOAD_KINDS: these cases are all there is.
  switch (type as keyof typeof DOWNLOAD_KINDS) {
    case 'pbr':
      if (assignmentType) return fail(MESSAGES.dimensionsForPbr);
      return { ok: true, lazy, request: { ...base, kind: 'pbr' } };
    case 'thumbnail':
      if (!assignmentType) return fail(MESSAGES.missingAssignmentType);
      return { ok: true, lazy, request: { ...base, kind: 'thumbnail', assignmentType } };
    case 'tile':
      if (assignmentType) return fail(MESSAGES.dimensionsForTile);
      return { ok: true, lazy, request: { ...base, kind: 'tile', assignmentType: TILE_ASSIGNMENT_TYPE } };
  }
}

/** `none` leaves the variable out of the request entirely, not `null`. */
function optional<K extends string, V>(key: K, value: V | null): Partial<Record<K, V>> {
  return value === null ? {} : ({ [key]: value } as Record<K, V>);
}

/** What every request carries, whichever file it asks for. */
interface LinkRequestBase {
  /** The provider's organization id. */
  organizationId: string;
  /** The material's article number. */
  articleId: string;
  /** Left out for `resolution="none"`. */
  resolution?: DownloadResolution;
  /** Left out for `file-type="none"`. */
  fileType?: DownloadFileType;
  /** Only when the element has its own; otherwise the configured one applies. */
  endpoint?: string;
}

/** A validated lookup: everything the transport needs, already in provider terms. */
export type LinkRequest =
  | (LinkRequestBase & { kind: 'pbr' })
  | (LinkRequestBase & { kind: 'thumbnail'; assignmentType: ThumbnailAssignmentType })
  | (LinkRequestBase & { kind: 'tile'; assignmentType: TileAssignmentType });

/** Which file a request asks for. */
export type LinkKind = LinkRequest['kind'];

export type Validation = { ok: true; request: LinkRequest; lazy: boolean } | { ok: false; error: string };

/** The inputs an element cannot do without: `organizationId`, `articleId` and `type`. */
export const REQUIRED_INPUTS: readonly InputName[] = INPUT_NAMES.filter((name) => ATTRIBUTES[name].required);

/** Whether any required input is there yet: a framework may insert the element first and bind it later. */
export function hasRequiredInput(inputs: MaterialDownloadInputs): boolean {
  return REQUIRED_INPUTS.some((name) => Boolean(inputs[name]));
}

/** Validated once per inputs object (each change brings a new one): compared first, then entered. */
const validations = new WeakMap<MaterialDownloadInputs, { validation: Validation; key: string }>();

export function validationOf(inputs: MaterialDownloadInputs): { validation: Validation; key: string } {
  let known = validations.get(inputs);
  if (!known) {
    const validation = validateInputs(inputs);
    validations.set(inputs, (known = { validation, key: JSON.stringify(validation) }));
  }
  return known;
}

/** Whether new inputs ask for another request, timing or problem: spelling out a default asks for nothing new. */
export function changesValidation(before: MaterialDownloadInputs, after: MaterialDownloadInputs): boolean {
  return validationOf(before).key !== validationOf(after).key;
}
