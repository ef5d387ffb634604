import {
  ATTRIBUTES,
  DIMENSIONS,
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

export const invalidValueMessage = (attribute: string, value: string, valid: readonly string[]) =>
  `Invalid ${attribute} "${value}". Valid values: ${valid.join(', ')}.`;

/** Checked after the required ones, in the seed's order. */
const KEYED_INPUTS = ['type', 'dimensions', 'resolution', 'fileType', 'loading'] as const;

/**
 * Checks the inputs in the seed's order and turns them into a provider request, or says what is wrong.
 * @example `validateInputs({ organizationId: 'org-1', articleId: 'A-100', type: 'pbr' }); // { ok: true, lazy: false, request }`
 */
export function validateInputs(inputs: MaterialDownloadInputs): Validation {
  const fail = (error: string): Validation => ({ ok: false, error });
  const { articleId, organizationId, endpoint } = inputs;
  if (!articleId) return fail(MESSAGES.noArticleId);
  if (!organizationId) return fail(MESSAGES.noOrganizationId);
  const keyed = {} as Record<(typeof KEYED_INPUTS)[number], string>;
  for (const name of KEYED_INPUTS) {
    const { values, default: fallback } = ATTRIBUTES[name];
    const value = inputs[name] || (fallback ?? '');
    if (!isKeyOf(values, value)) return fail(invalidValueMessage(name, value, Object.keys(values)));
    keyed[name] = value;
  }
  const lazy = keyed.loading === 'lazy';
  // `none` leaves the variable out of the request, not null.
  const resolution = RESOLUTIONS[keyed.resolution as keyof typeof RESOLUTIONS] ?? undefined;
  const fileType = FILE_TYPES[keyed.fileType as keyof typeof FILE_TYPES] ?? undefined;
  const base = {
    organizationId,
    articleId,
    ...(resolution && { resolution }),
    ...(fileType && { fileType }),
    ...(endpoint && { endpoint }),
  };
  const assignmentType = DIMENSIONS[keyed.dimensions as keyof typeof DIMENSIONS];
  if (keyed.type === 'thumbnail') {
    if (!assignmentType) return fail(MESSAGES.missingAssignmentType);
    return { ok: true, lazy, request: { ...base, kind: 'thumbnail', assignmentType } };
  }
  if (assignmentType) return fail(keyed.type === 'pbr' ? MESSAGES.dimensionsForPbr : MESSAGES.dimensionsForTile);
  return keyed.type === 'pbr'
    ? { ok: true, lazy, request: { ...base, kind: 'pbr' } }
    : { ok: true, lazy, request: { ...base, kind: 'tile', assignmentType: TILE_ASSIGNMENT_TYPE } };
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

export type LinkKind = LinkRequest['kind'];

export type Validation = { ok: true; request: LinkRequest; lazy: boolean } | { ok: false; error: string };

export const REQUIRED_INPUTS: readonly InputName[] = INPUT_NAMES.filter((name) => ATTRIBUTES[name].required);

/** A framework may insert the element first and bind it later: without any required input, nothing is missing yet. */
export const hasRequiredInput = (inputs: MaterialDownloadInputs) => REQUIRED_INPUTS.some((name) => inputs[name]);

/** Validated once per inputs object (each change brings a new one): compared first, then entered. */
const validations = new WeakMap<MaterialDownloadInputs, { validation: Validation; key: string }>();

export function validationOf(inputs: MaterialDownloadInputs): { validation: Validation; key: string } {
  if (!validations.has(inputs)) {
    const validation = validateInputs(inputs);
    validations.set(inputs, { validation, key: JSON.stringify(validation) });
  }
  return validations.get(inputs)!;
}

/** Whether new inputs ask for another request, timing or problem: spelling out a default asks for nothing new. */
export const changesValidation = (before: MaterialDownloadInputs, after: MaterialDownloadInputs) =>
  validationOf(before).key !== validationOf(after).key;
