import type {
  DownloadFileType,
  DownloadResolution,
  DownloadType,
  ThumbnailAssignmentType,
  TileAssignmentType,
} from './options';

/**
 * What the element was given, as the customer wrote it. Every field may be
 * missing or wrong: validation decides.
 */
export interface MaterialDownloadInputs {
  /** `organization-id`: the provider's organization identifier. Required. */
  organizationId?: string;
  /** `article-id`: the material's article number. Required. */
  articleId?: string;
  /** `type`: `pbr`, `thumbnail` or `tile`. Required. */
  type?: string;
  /** `dimensions`: thumbnail size key. @default 'none' */
  dimensions?: string;
  /** `resolution`: `none`, `low`, `medium`, `high`. @default 'none' */
  resolution?: string;
  /** `file-type`: `none`, `exr`, `jpg`, `tiff`. @default 'exr' */
  fileType?: string;
  /** `endpoint`: absolute URL of the provider's `/graphql`. @default configure()'s endpoint */
  endpoint?: string;
  /** `loading`: `eager` fetches at once, `lazy` when the element comes near the viewport. @default 'eager' */
  loading?: string;
}

interface LinkRequestBase {
  organizationId: string;
  articleId: string;
  resolution?: DownloadResolution;
  fileType?: DownloadFileType;
  /** Only when the element has its own; otherwise the configured one applies. */
  endpoint?: string;
}

/** A validated lookup: everything the transport needs, already in provider terms. */
export type LinkRequest =
  | (LinkRequestBase & { kind: 'pbr' })
  | (LinkRequestBase & { kind: 'thumbnail'; assignmentType: ThumbnailAssignmentType })
  | (LinkRequestBase & { kind: 'tile'; assignmentType: TileAssignmentType });

export type LinkKind = DownloadType;

export type Validation = { ok: true; request: LinkRequest; lazy: boolean } | { ok: false; error: string };
