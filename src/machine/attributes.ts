/**
 * The values each attribute accepts and the provider enum each one stands for.
 * `none` leaves the variable out of the request.
 */

export const DOWNLOAD_TYPES = ['pbr', 'thumbnail', 'tile'] as const;
export type DownloadType = (typeof DOWNLOAD_TYPES)[number];

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

export const RESOLUTIONS = {
  none: null,
  low: 'LOW',
  medium: 'MEDIUM',
  high: 'HIGH',
} as const;

export const FILE_TYPES = {
  none: null,
  exr: 'EXR',
  jpg: 'JPG',
  tiff: 'TIFF',
} as const;

export type DimensionsKey = keyof typeof DIMENSIONS;
export type ResolutionKey = keyof typeof RESOLUTIONS;
export type FileTypeKey = keyof typeof FILE_TYPES;

export type ThumbnailAssignmentType = NonNullable<(typeof DIMENSIONS)[DimensionsKey]>;
export type TileAssignmentType = 'MATERIAL_TILEABLE_RENDER';
export type DownloadResolution = NonNullable<(typeof RESOLUTIONS)[ResolutionKey]>;
export type DownloadFileType = NonNullable<(typeof FILE_TYPES)[FileTypeKey]>;

export const TILE_ASSIGNMENT_TYPE: TileAssignmentType = 'MATERIAL_TILEABLE_RENDER';

/** `lazy` waits until the element comes near the viewport before it fetches. */
export const LOADING_MODES = ['eager', 'lazy'] as const;
export type LoadingMode = (typeof LOADING_MODES)[number];
export const DEFAULT_LOADING: LoadingMode = 'eager';

export const DEFAULT_DIMENSIONS: DimensionsKey = 'none';
export const DEFAULT_RESOLUTION: ResolutionKey = 'none';
export const DEFAULT_FILE_TYPE: FileTypeKey = 'exr';

/** Own keys only: `'toString' in DIMENSIONS` must not count as a valid key. */
export function isKeyOf<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.prototype.hasOwnProperty.call(table, key);
}
