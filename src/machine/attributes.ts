/**
 * Every input of the element, declared once. The inputs type, the observed
 * attributes and property accessors, the element's DOM and JSX typings and
 * the Custom Elements Manifest are all derived from `ATTRIBUTES`: adding an
 * attribute touches this table, its doc (attributeDocs.ts, which the compiler
 * asks for), validation and the query, nothing else.
 *
 * `values` maps each accepted key to the provider enum it stands for (`null`:
 * nothing is sent, e.g. `none`); an attribute without `values` takes any text.
 */

/** The `dimensions` keys, and the provider's thumbnail assignment type each stands for. */
export const DIMENSIONS = {
  none: null,
  '7x7in': 'THUMBNAIL_7X7_IN',
  '8x8in': 'THUMBNAIL_8X8_IN',
  '9x9in': 'THUMBNAIL_9X9_IN',
  '16x16in': 'THUMBNAIL_16X16_IN',
  '13_5x13_5in': 'THUMBNAIL_13_5X13_5_IN',
  '27x27in': 'THUMBNAIL_27X27_IN',
  '10x10cm': 'THUMBNAIL_10X10_CM',
  '20x20cm': 'THUMBNAIL_20X20_CM',
  '30x30cm': 'THUMBNAIL_30X30_CM',
} as const;

/** The `resolution` keys, and the provider's enum each stands for. */
export const RESOLUTIONS = { none: null, low: 'LOW', medium: 'MEDIUM', high: 'HIGH' } as const;

/** The `file-type` keys, and the provider's enum each stands for. */
export const FILE_TYPES = { none: null, exr: 'EXR', jpg: 'JPG', tiff: 'TIFF' } as const;

/** The provider's assignment type of the tileable image. */
export const TILE_ASSIGNMENT_TYPE = 'MATERIAL_TILEABLE_RENDER';

/** The kinds of file; only `tile` implies an assignment type of its own. */
export const DOWNLOAD_KINDS = { pbr: null, thumbnail: null, tile: TILE_ASSIGNMENT_TYPE } as const;

/** `lazy` waits until the element comes near the viewport before it fetches. */
export const LOADING_MODES = { eager: null, lazy: null } as const;

interface AttributeSpec {
  /** The HTML attribute; the table's key is the property. */
  readonly attribute: string;
  /** Accepted keys and the provider enum each stands for; null: free text. */
  readonly values: Readonly<Record<string, string | null>> | null;
  /** Used when the attribute is missing or empty; null: required or optional without one. */
  readonly default: string | null;
  readonly required: boolean;
}

/** Every input: its attribute, the keys it accepts, its default, and whether it is required. Its doc is in attributeDocs.ts. */
export const ATTRIBUTES = {
  organizationId: {
    attribute: 'organization-id',
    values: null,
    default: null,
    required: true,
  },
  articleId: {
    attribute: 'article-id',
    values: null,
    default: null,
    required: true,
  },
  type: {
    attribute: 'type',
    values: DOWNLOAD_KINDS,
    default: null,
    required: true,
  },
  dimensions: {
    attribute: 'dimensions',
    values: DIMENSIONS,
    default: 'none',
    required: false,
  },
  resolution: {
    attribute: 'resolution',
    values: RESOLUTIONS,
    default: 'none',
    required: false,
  },
  fileType: {
    attribute: 'file-type',
    values: FILE_TYPES,
    default: 'exr',
    required: false,
  },
  endpoint: {
    attribute: 'endpoint',
    values: null,
    default: null,
    required: false,
  },
  loading: {
    attribute: 'loading',
    values: LOADING_MODES,
    default: 'eager',
    required: false,
  },
} as const satisfies Record<string, AttributeSpec>;

/** The attribute table's type, which every input type below is derived from. */
type Attributes = typeof ATTRIBUTES;

/**
 * An input's name: the element's property, and the React component's prop.
 *
 * @example
 * ```ts
 * const required: InputName[] = ['organizationId', 'articleId', 'type'];
 * ```
 */
export type InputName = keyof Attributes;

/**
 * The keys an attribute accepts, or any text for a free one.
 *
 * @example
 * ```ts
 * const size: AttributeValue<'dimensions'> = '10x10cm'; // '11x11cm' does not compile
 * const article: AttributeValue<'articleId'> = 'A-100'; // any text
 * ```
 */
export type AttributeValue<Name extends InputName> = Attributes[Name]['values'] extends null
  ? string
  : Extract<keyof Attributes[Name]['values'], string>;

/**
 * The element's properties, typed by the table: the compiler refuses what validation would log.
 *
 * @example
 * ```ts
 * const swatch: MaterialDownloadProperties = { organizationId: 'org-1', articleId: 'A-100', type: 'thumbnail', dimensions: '10x10cm' };
 * Object.assign(document.createElement('cm-material-download'), swatch);
 * ```
 */
export type MaterialDownloadProperties = { -readonly [Name in InputName]?: AttributeValue<Name> };

/**
 * The same inputs as HTML or JSX attributes, by their kebab-case names.
 *
 * @example
 * ```ts
 * const attributes: MaterialDownloadAttributeValues = { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr', 'file-type': 'jpg' };
 * for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
 * ```
 */
export type MaterialDownloadAttributeValues = {
  -readonly [Name in InputName as Attributes[Name]['attribute']]?: AttributeValue<Name>;
};

/**
 * What the element was given, as the customer wrote it: any field may be missing or wrong.
 * The machine's input and the React component's props.
 *
 * @example
 * ```ts
 * const inputs: MaterialDownloadInputs = { organizationId: 'org-1', articleId: 'A-100', type: 'pdf' }; // logged as invalid
 * actor.send({ type: 'INPUTS.SET', inputs });
 * ```
 */
export type MaterialDownloadInputs = { -readonly [Name in InputName]?: string };

export const INPUT_NAMES = Object.keys(ATTRIBUTES) as InputName[];

/**
 * The values of `type`: which file the element links to.
 *
 * @example
 * ```ts
 * const [type, setType] = useState<DownloadType>('thumbnail');
 * ```
 */
export type DownloadType = AttributeValue<'type'>;
/**
 * The values of `dimensions`: a thumbnail's size, or `none`.
 *
 * @example
 * ```ts
 * const size: DimensionsKey = '13_5x13_5in';
 * ```
 */
export type DimensionsKey = AttributeValue<'dimensions'>;
/**
 * The values of `resolution`.
 *
 * @example
 * ```ts
 * const resolution: ResolutionKey = 'high';
 * ```
 */
export type ResolutionKey = AttributeValue<'resolution'>;
/**
 * The values of `file-type` (`fileType`).
 *
 * @example
 * ```ts
 * const fileType: FileTypeKey = 'tiff';
 * ```
 */
export type FileTypeKey = AttributeValue<'fileType'>;
/**
 * The values of `loading`: fetch at once, or once near the viewport.
 *
 * @example
 * ```ts
 * const loading: LoadingMode = 'lazy';
 * ```
 */
export type LoadingMode = AttributeValue<'loading'>;

/**
 * The provider's assignment type for a thumbnail size: what `dimensions` is sent as.
 *
 * @example
 * ```ts
 * const assignmentType: ThumbnailAssignmentType = 'THUMBNAIL_13_5X13_5_IN'; // dimensions="13_5x13_5in"
 * ```
 */
export type ThumbnailAssignmentType = NonNullable<(typeof DIMENSIONS)[DimensionsKey]>;
/**
 * The provider's assignment type for the tileable image (`type="tile"`).
 *
 * @example
 * ```ts
 * const assignmentType: TileAssignmentType = 'MATERIAL_TILEABLE_RENDER';
 * ```
 */
export type TileAssignmentType = typeof TILE_ASSIGNMENT_TYPE;
/**
 * The provider's enum for a resolution: what `resolution` is sent as.
 *
 * @example
 * ```ts
 * const resolution: DownloadResolution = 'HIGH'; // resolution="high"
 * ```
 */
export type DownloadResolution = NonNullable<(typeof RESOLUTIONS)[ResolutionKey]>;
/**
 * The provider's enum for a file format: what `file-type` is sent as.
 *
 * @example
 * ```ts
 * const fileType: DownloadFileType = 'EXR'; // file-type="exr", the default
 * ```
 */
export type DownloadFileType = NonNullable<(typeof FILE_TYPES)[FileTypeKey]>;

/** Own keys only: `'toString' in DIMENSIONS` must not count as a valid key. */
export function isKeyOf<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.prototype.hasOwnProperty.call(table, key);
}

/**
 * The `type` values, in order: for pickers and docs.
 *
 * @example
 * ```tsx
 * <select value={type} onChange={(event) => setType(event.target.value as DownloadType)}>
 *   {DOWNLOAD_TYPES.map((option) => <option key={option}>{option}</option>)}
 * </select>
 * ```
 */
export const DOWNLOAD_TYPES = Object.keys(DOWNLOAD_KINDS) as DownloadType[];
