// @ts-check
// Sample catalogue for the local provider stand-in. Each article is shaped to
// exercise one part of the element's reading rules (first assignment, first
// image tileable, DONE + default PBR), so the demo and the tests can point at
// an article and know what the element must do with it.

/**
 * @typedef {'grain' | 'speckle' | 'brushed' | 'weave' | 'tile' | 'marble' | 'velvet' | 'plain'} Pattern
 * @typedef {{ colour: [number, number, number], pattern: Pattern }} Look
 * @typedef {'thumbnail' | 'tile' | 'video' | 'gallery' | 'picture' | 'pbr'} DataObjectKind
 *
 * @typedef {object} SeedDataObject
 * @property {string} id
 * @property {string} mediaType
 * @property {DataObjectKind} kind names the generated file
 * @property {string} slug tells apart files of one kind within an article
 * @property {string | null} [fixedUrl] hostile fixtures: returned verbatim as every URL of the object
 * @property {string} [fileName] every URL of the object names this file, as written (a space stays a space)
 * @property {boolean} [noThumbnail]
 *
 * @typedef {{ assignmentType: string, dataObject: SeedDataObject }} SeedAssignment
 * @typedef {'PENDING' | 'PROCESSING' | 'DONE' | 'FAILED'} JsonFileState
 * @typedef {{ state: JsonFileState, default: boolean, jsonFile: { id: string, outputDataObject: SeedDataObject | null } }} SeedJsonFileAssignment
 *
 * @typedef {object} SeedMaterial
 * @property {string} id
 * @property {string} articleId
 * @property {string} organizationId
 * @property {string | null} name
 * @property {Look | null} look colours the generated swatch images
 * @property {SeedAssignment[]} dataObjectAssignments
 * @property {SeedJsonFileAssignment[]} jsonFileAssignments
 * @property {boolean} [membersOnly] answered only to a signed-in caller, with links bound to who asked (members.js)
 */

/**
 * What an article's assignments are made of, before ids and slugs are given out.
 * @typedef {{ assignmentType: string, mediaType: string, kind: DataObjectKind, fixedUrl?: string | null, fileName?: string }} AssignmentSpec
 * @typedef {{ state: JsonFileState, default: boolean, fixedUrl?: string | null, fileName?: string, noOutput?: boolean }} PbrSpec
 */

/** @param {string} size e.g. '10X10_CM' @returns {AssignmentSpec} */
const thumb = (size) => ({ assignmentType: `THUMBNAIL_${size}`, mediaType: 'image/jpeg', kind: 'thumbnail' });
/** @param {string} mediaType @returns {AssignmentSpec} */
const tileable = (mediaType) => ({
  assignmentType: 'MATERIAL_TILEABLE_RENDER',
  mediaType,
  kind: mediaType.startsWith('video/') ? 'video' : 'tile',
});
/** @returns {AssignmentSpec} */
const gallery = () => ({ assignmentType: 'GALLERY_IMAGE', mediaType: 'image/png', kind: 'gallery' });
/** @returns {AssignmentSpec} */
const picture = () => ({ assignmentType: 'PICTURE_DATA', mediaType: 'image/png', kind: 'picture' });
/** @param {JsonFileState} state @param {boolean} isDefault @returns {PbrSpec} */
const pbr = (state, isDefault) => ({ state, default: isDefault });

/**
 * Gives every data object a slug that is stable and unique within the article,
 * so each one gets its own file name and tests can tell which one was picked.
 * @param {string} organizationId
 * @param {string} articleId
 * @param {string | null} name
 * @param {Look | null} look
 * @param {AssignmentSpec[]} assignments in the order the service lists them
 * @param {PbrSpec[]} pbrs in the order the service lists them
 * @returns {SeedMaterial}
 */
function material(organizationId, articleId, name, look, assignments, pbrs) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  /** @param {string} base */
  const unique = (base) => {
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}_${n}`;
  };
  let tileCount = 0;
  const prefix = `${organizationId}/${articleId}`;
  return {
    id: `mat-${organizationId}-${articleId}`,
    articleId,
    organizationId,
    name,
    look,
    dataObjectAssignments: assignments.map((spec) => {
      const slug =
        spec.assignmentType === 'MATERIAL_TILEABLE_RENDER'
          ? `MATERIAL_TILEABLE_RENDER_${++tileCount}`
          : unique(spec.assignmentType);
      return {
        assignmentType: spec.assignmentType,
        dataObject: {
          id: `${prefix}/${spec.kind}-${slug}`,
          mediaType: spec.mediaType,
          kind: spec.kind,
          slug,
          ...(spec.fixedUrl !== undefined ? { fixedUrl: spec.fixedUrl } : {}),
          ...(spec.fileName !== undefined ? { fileName: spec.fileName } : {}),
        },
      };
    }),
    jsonFileAssignments: pbrs.map((spec) => {
      const slug = unique(`${spec.state}${spec.default ? '_DEFAULT' : ''}`);
      return {
        state: spec.state,
        default: spec.default,
        jsonFile: {
          id: `${prefix}/json-${slug}`,
          outputDataObject: spec.noOutput
            ? null
            : {
                id: `${prefix}/pbr-${slug}`,
                mediaType: 'application/zip',
                kind: 'pbr',
                slug,
                ...(spec.fixedUrl !== undefined ? { fixedUrl: spec.fixedUrl } : {}),
                ...(spec.fileName !== undefined ? { fileName: spec.fileName } : {}),
              },
        },
      };
    }),
  };
}

/**
 * Test-only articles whose every URL is the given hostile value; the element
 * must refuse to put any of them into an href.
 * @param {string} articleId
 * @param {string | null} url
 */
function hostile(articleId, url) {
  /** @param {AssignmentSpec} spec @returns {AssignmentSpec} */
  const fixed = (spec) => ({ ...spec, fixedUrl: url });
  return material(
    'org-test',
    articleId,
    `Hostile fixture ${articleId}`,
    null,
    [fixed(thumb('10X10_CM')), fixed(thumb('7X7_IN')), fixed(tileable('image/png'))],
    [{ ...pbr('DONE', true), fixedUrl: url }],
  );
}

/** @type {SeedMaterial[]} */
export const materials = [
  // org-1
  material(
    'org-1',
    'A-100',
    'Oak Veneer',
    { colour: [176, 126, 74], pattern: 'grain' },
    [
      thumb('10X10_CM'),
      thumb('7X7_IN'),
      thumb('13_5X13_5_IN'),
      thumb('30X30_CM'),
      gallery(),
      tileable('image/png'),
      tileable('image/png'),
    ],
    // PBR link: the third one, the only DONE + default
    [pbr('PENDING', false), pbr('DONE', false), pbr('DONE', true)],
  ),
  material(
    'org-1',
    'A-101',
    'Slate Grey',
    { colour: [92, 100, 110], pattern: 'speckle' },
    // a non-thumbnail comes first, so "first assignment" without a type filter is not a thumbnail
    [
      picture(),
      thumb('8X8_IN'),
      thumb('10X10_CM'),
      thumb('16X16_IN'),
      thumb('20X20_CM'),
      // tile link: MATERIAL_TILEABLE_RENDER_2, the first image after a video
      tileable('video/mp4'),
      tileable('image/png'),
      tileable('image/png'),
    ],
    [pbr('DONE', false), pbr('DONE', true)],
  ),
  material(
    'org-1',
    'A-102',
    'Brushed Brass',
    { colour: [181, 148, 72], pattern: 'brushed' },
    // only tileable is a video: no tile link
    [thumb('9X9_IN'), thumb('10X10_CM'), thumb('27X27_IN'), thumb('30X30_CM'), tileable('video/mp4')],
    // no PBR link: the default one is still PENDING, the DONE one is not default
    [pbr('PENDING', true), pbr('DONE', false), pbr('PROCESSING', false)],
  ),
  material(
    'org-1',
    'A-103',
    'Linen Weave',
    { colour: [214, 200, 172], pattern: 'weave' },
    [
      thumb('7X7_IN'),
      thumb('8X8_IN'),
      thumb('9X9_IN'),
      thumb('10X10_CM'),
      thumb('13_5X13_5_IN'),
      tileable('image/jpeg'),
    ],
    // PBR link: DONE_DEFAULT; the FAILED default before it must be skipped
    [pbr('FAILED', true), pbr('DONE', true)],
  ),
  // Only for a signed-in visitor: refused to a caller without credentials, its links bound to who asked.
  {
    ...material(
      'org-1',
      'A-MEMBERS',
      'Members Cork',
      { colour: [168, 120, 82], pattern: 'speckle' },
      [thumb('10X10_CM'), tileable('image/png')],
      [pbr('DONE', true)],
    ),
    membersOnly: true,
  },
  // Nothing at all: the material exists but has no assignments, so no 10x10cm thumbnail either.
  material('org-1', 'A-199', 'Raw Concrete', { colour: [150, 150, 146], pattern: 'speckle' }, [], []),

  // org-2
  material(
    'org-2',
    'B-200',
    'Terracotta Tile',
    { colour: [190, 98, 64], pattern: 'tile' },
    // two 10x10cm thumbnails: the link is the first one (THUMBNAIL_10X10_CM, not ..._2)
    [
      thumb('10X10_CM'),
      thumb('10X10_CM'),
      thumb('16X16_IN'),
      thumb('20X20_CM'),
      thumb('27X27_IN'),
      thumb('30X30_CM'),
      tileable('image/png'),
    ],
    // two DONE defaults: the link is the first (DONE_DEFAULT, not DONE_DEFAULT_2)
    [pbr('DONE', true), pbr('DONE', true)],
  ),
  material(
    'org-2',
    'B-201',
    'Walnut Burl',
    { colour: [98, 64, 42], pattern: 'grain' },
    [
      thumb('7X7_IN'),
      thumb('10X10_CM'),
      thumb('13_5X13_5_IN'),
      thumb('27X27_IN'),
      tileable('video/mp4'),
      tileable('image/png'),
    ],
    // no PBR link: still processing
    [pbr('PROCESSING', true)],
  ),
  material(
    'org-2',
    'B-202',
    'Carrara Marble',
    { colour: [228, 228, 224], pattern: 'marble' },
    [thumb('8X8_IN'), thumb('9X9_IN'), thumb('10X10_CM'), thumb('16X16_IN'), thumb('20X20_CM'), tileable('image/png')],
    [pbr('PENDING', false), pbr('DONE', true)],
  ),
  material(
    'org-2',
    'B-203',
    'Midnight Velvet',
    { colour: [40, 44, 86], pattern: 'velvet' },
    [thumb('10X10_CM'), thumb('13_5X13_5_IN'), thumb('30X30_CM'), tileable('image/png'), tileable('image/png')],
    [pbr('DONE', true)],
  ),

  // org-test: only for tests; every URL is one the element must refuse
  hostile('hostile-javascript', 'javascript:alert(1)'),
  hostile('hostile-relative', '/files/x.png'),
  hostile('hostile-protocol-relative', '//evil.example/x.png'),
  hostile('hostile-data', 'data:text/html,hi'),
  // the thumbnail (and the PBR output) exist, but the service has no URL for them
  hostile('hostile-null', null),
  hostile('hostile-vbscript', 'vbscript:msgbox(1)'),
  hostile('hostile-javascript-mixed-case', 'JaVaScRiPt:alert(1)'),
  // browsers strip tabs and newlines inside a URL and leading spaces before it: each is javascript: once parsed
  hostile('hostile-javascript-tab', 'java\tscript:alert(1)'),
  hostile('hostile-javascript-space', ' javascript:alert(1)'),
  hostile('hostile-padded', '  https://files.example/x.png  '),
  hostile('hostile-newline-padded', '\nhttps://files.example/x.png\t'),
  hostile('hostile-long', `https://files.example/${'a'.repeat(100 * 1024)}.png`),
  // Not hostile: file names the service writes as people do, with a space, sent unencoded
  // (https://…/My Material.zip). A browser reads them as …/My%20Material.zip, and so must the element.
  material(
    'org-test',
    'spaced-name',
    'My Material',
    { colour: [120, 140, 90], pattern: 'plain' },
    [
      { ...thumb('10X10_CM'), fileName: 'My Material.png' },
      { ...tileable('image/png'), fileName: 'My Material tile.png' },
    ],
    [{ ...pbr('DONE', true), fileName: 'My Material.zip' }],
  ),
];

/**
 * @param {string} organizationId
 * @param {string} articleId
 * @returns {SeedMaterial | undefined}
 */
export function findMaterial(organizationId, articleId) {
  return materials.find((m) => m.organizationId === organizationId && m.articleId === articleId);
}
