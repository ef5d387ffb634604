// @ts-check
// Download URLs point back at this same server (see files.js), so every link
// the element receives can really be followed, on whatever port the server got.

import { VISITOR_PARAM } from './members.js';

/** @typedef {import('./seed.js').SeedDataObject} SeedDataObject */
/** @typedef {import('./seed.js').SeedMaterial} SeedMaterial */
/** @typedef {{ resolution?: string | null, fileType?: string | null }} ExportArgs */
/**
 * Where the files are and how their links are signed; without `sign`, links are plain. `visitor`
 * names who asked (members.js): a members-only material's links carry it.
 * @typedef {{ origin: string, sign?: (url: string) => string, visitor?: string | null }} FileLinks
 */

export const DEFAULT_RESOLUTION = 'MEDIUM';

/** What a thumbnail of each kind of object shows; named so a test can tell them apart. */
const THUMBNAIL_KIND = /** @type {const} */ ({
  thumbnail: 'thumbnail',
  tile: 'tile',
  video: 'poster',
  gallery: 'gallery',
  picture: 'picture',
  pbr: 'preview',
});

/**
 * @param {FileLinks} files
 * @param {SeedMaterial} material
 * @param {string} fileName
 */
function fileUrl({ origin, sign, visitor }, material, fileName) {
  const org = encodeURIComponent(material.organizationId);
  const article = encodeURIComponent(material.articleId);
  const path = `${origin}/files/${org}/${article}/${fileName}`;
  const url = material.membersOnly && visitor ? `${path}?${VISITOR_PARAM}=${visitor}` : path;
  return sign ? sign(url) : url;
}

/** @param {string} mediaType */
function extensionOf(mediaType) {
  const subtype = mediaType.split('/')[1] ?? 'bin';
  return subtype === 'jpeg' ? 'jpg' : subtype;
}

/**
 * URL of `dataObject.thumbnail(resolution, fileType).downloadUrl`.
 * @param {FileLinks} files
 * @param {SeedMaterial} material
 * @param {SeedDataObject} dataObject
 * @param {ExportArgs} args
 * @returns {string | null}
 */
export function thumbnailUrl(files, material, dataObject, { resolution, fileType }) {
  if (dataObject.fixedUrl !== undefined) return dataObject.fixedUrl;
  if (dataObject.fileName !== undefined) return fileUrl(files, material, dataObject.fileName);
  const ext = (fileType ?? 'PNG').toLowerCase();
  const name = `${THUMBNAIL_KIND[dataObject.kind]}-${dataObject.slug}-${resolution ?? DEFAULT_RESOLUTION}.${ext}`;
  return fileUrl(files, material, name);
}

/**
 * URL of `dataObject.downloadUrl(resolution, fileType)`: the object itself.
 * A PBR package is always a ZIP; the requested texture file type goes into its
 * name instead of its extension.
 * @param {FileLinks} files
 * @param {SeedMaterial} material
 * @param {SeedDataObject} dataObject
 * @param {ExportArgs} args
 * @returns {string | null}
 */
export function downloadUrl(files, material, dataObject, { resolution, fileType }) {
  if (dataObject.fixedUrl !== undefined) return dataObject.fixedUrl;
  if (dataObject.fileName !== undefined) return fileUrl(files, material, dataObject.fileName);
  const res = resolution ?? DEFAULT_RESOLUTION;
  const { kind, slug } = dataObject;
  if (kind === 'pbr') return fileUrl(files, material, `pbr-${slug}-${res}${fileType ? `-${fileType}` : ''}.zip`);
  if (kind === 'video') return fileUrl(files, material, `video-${slug}-${res}.mp4`);
  const ext = fileType ? fileType.toLowerCase() : extensionOf(dataObject.mediaType);
  return fileUrl(files, material, `source-${slug}-${res}.${ext}`);
}
