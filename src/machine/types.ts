import type { DownloadFileType, DownloadResolution, ThumbnailAssignmentType, TileAssignmentType } from './attributes';

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

export type LinkKind = LinkRequest['kind'];

export type Validation = { ok: true; request: LinkRequest; lazy: boolean } | { ok: false; error: string };
