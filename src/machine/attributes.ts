/**
 * Every input, declared once: the inputs' types, the observed attributes, the typings and the manifest derive
 * from `ATTRIBUTES`. `values` maps each accepted key to the provider enum it stands for (`null`: nothing is sent).
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
/** The `type` keys; only `tile` implies an assignment type of its own. */
export const DOWNLOAD_KINDS = { pbr: null, thumbnail: null, tile: TILE_ASSIGNMENT_TYPE } as const;
/** The `loading` keys. */
export const LOADING_MODES = { eager: null, lazy: null } as const;

/** The table's key is the property; `values: null` takes any text; `default` stands in for a missing attribute. */
export const ATTRIBUTES = {
  organizationId: { attribute: 'organization-id', values: null, default: null, required: true },
  articleId: { attribute: 'article-id', values: null, default: null, required: true },
  type: { attribute: 'type', values: DOWNLOAD_KINDS, default: null, required: true },
  dimensions: { attribute: 'dimensions', values: DIMENSIONS, default: 'none', required: false },
  resolution: { attribute: 'resolution', values: RESOLUTIONS, default: 'none', required: false },
  fileType: { attribute: 'file-type', values: FILE_TYPES, default: 'exr', required: false },
  endpoint: { attribute: 'endpoint', values: null, default: null, required: false },
  loading: { attribute: 'loading', values: LOADING_MODES, default: 'eager', required: false },
} as const satisfies Record<
  string,
  { attribute: string; values: Record<string, string | null> | null; default: string | null; required: boolean }
>;

/** The table's type, which every input type is derived from. */
type Attributes = typeof ATTRIBUTES;

/** An input's name: the element's property, and the React component's prop. */
export type InputName = keyof Attributes;

/** The keys an attribute accepts, or any text for a free one. */
export type AttributeValue<Name extends InputName> = Attributes[Name]['values'] extends null
  ? string
  : Extract<keyof Attributes[Name]['values'], string>;

/**
 * The element's properties, typed by the table: the compiler refuses what validation would log.
 * @example `Object.assign(document.createElement('cm-material-download'), { articleId: 'A-100', type: 'pbr' } satisfies MaterialDownloadProperties);`
 */
export type MaterialDownloadProperties = { -readonly [Name in InputName]?: AttributeValue<Name> };

/**
 * The same inputs as HTML or JSX attributes, by their kebab-case names.
 * @example `const attributes: MaterialDownloadAttributeValues = { 'organization-id': 'org-1', 'file-type': 'jpg' };`
 */
export type MaterialDownloadAttributeValues = {
  -readonly [Name in InputName as Attributes[Name]['attribute']]?: AttributeValue<Name>;
};

/** What the element was given, as the customer wrote it: any field may be missing or wrong. */
export type MaterialDownloadInputs = { -readonly [Name in InputName]?: string };

export const INPUT_NAMES = Object.keys(ATTRIBUTES) as InputName[];

/**
 * The values of `type`: which file the element links to.
 * @example `const [type, setType] = useState<DownloadType>('thumbnail');`
 */
export type DownloadType = AttributeValue<'type'>;
/** The values of `dimensions`: a thumbnail's size, or `none`. @example `const size: DimensionsKey = '13_5x13_5in';` */
export type DimensionsKey = AttributeValue<'dimensions'>;
/** The values of `resolution`. @example `const resolution: ResolutionKey = 'high';` */
export type ResolutionKey = AttributeValue<'resolution'>;
/** The values of `file-type` (`fileType`). @example `const fileType: FileTypeKey = 'tiff';` */
export type FileTypeKey = AttributeValue<'fileType'>;
/**
 * The values of `loading`: fetch at once, or once near the viewport.
 * @example `const loading: LoadingMode = 'lazy';`
 */
export type LoadingMode = AttributeValue<'loading'>;

/** The provider's assignment type for a thumbnail size: what `dimensions` is sent as. */
export type ThumbnailAssignmentType = NonNullable<(typeof DIMENSIONS)[DimensionsKey]>;
/** The provider's assignment type for the tileable image (`type="tile"`). */
export type TileAssignmentType = typeof TILE_ASSIGNMENT_TYPE;
/** The provider's enum for a resolution: what `resolution` is sent as. */
export type DownloadResolution = NonNullable<(typeof RESOLUTIONS)[ResolutionKey]>;
/** The provider's enum for a file format: what `file-type` is sent as. */
export type DownloadFileType = NonNullable<(typeof FILE_TYPES)[FileTypeKey]>;

/** Own keys only: `toString` is no dimension. */
export function isKeyOf<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.prototype.hasOwnProperty.call(table, key);
}

/**
 * The `type` values, in order: for pickers and docs.
 * @example `DOWNLOAD_TYPES.map((type) => <option key={type}>{type}</option>)`
 */
export const DOWNLOAD_TYPES = /* @__PURE__ */ Object.keys(DOWNLOAD_KINDS) as DownloadType[];
