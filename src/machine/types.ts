import type {
  DownloadFileType,
  DownloadResolution,
  ThumbnailAssignmentType,
  TileAssignmentType,
} from './attributes.js';

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

/**
 * A validated lookup: everything the transport needs, already in provider terms.
 *
 * @example
 * ```ts
 * const request: LinkRequest = {
 *   kind: 'thumbnail',
 *   organizationId: 'org-1',
 *   articleId: 'A-100',
 *   assignmentType: 'THUMBNAIL_10X10_CM',
 *   fileType: 'JPG',
 * };
 * ```
 */
export type LinkRequest =
  | (LinkRequestBase & { kind: 'pbr' })
  | (LinkRequestBase & { kind: 'thumbnail'; assignmentType: ThumbnailAssignmentType })
  | (LinkRequestBase & { kind: 'tile'; assignmentType: TileAssignmentType });

/**
 * Which file a request asks for.
 *
 * @example
 * ```ts
 * const operationFor = (kind: LinkKind) => (kind === 'pbr' ? 'GetPbrMaterialDownloadLink' : 'GetMaterialDownloadLink');
 * ```
 */
export type LinkKind = LinkRequest['kind'];

export type Validation = { ok: true; request: LinkRequest; lazy: boolean } | { ok: false; error: string };
