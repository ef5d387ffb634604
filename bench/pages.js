// @ts-check
// Writes one page per N: N elements of mixed types already in the DOM, every
// one of which has a link in the provider's seed, so "every link set" is
// a finish line each file can reach.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { materials } from '../dev/provider/seed.js';
import { BUILD_DIR } from './build-files.js';

/**
 * @typedef {{ organizationId: string, articleId: string, type: 'pbr' | 'thumbnail' | 'tile', dimensions?: string, resolution: string, fileType: string }} ElementInputs
 */

const RESOLUTIONS = ['none', 'low', 'medium', 'high'];
const FILE_TYPES = ['none', 'exr', 'jpg', 'tiff'];

/** THUMBNAIL_13_5X13_5_IN becomes the attribute value 13_5x13_5in. */
const dimensionsKeyOf = (/** @type {string} */ assignmentType) =>
  assignmentType
    .replace(/^THUMBNAIL_/, '')
    .toLowerCase()
    .replace(/_(cm|in)$/, '$1');

/** The (article, type, dimensions) triples whose link the seed has, read from the seed itself. */
function linkedTargets() {
  /** @type {Omit<ElementInputs, 'resolution' | 'fileType'>[]} */
  const targets = [];
  for (const material of materials) {
    if (material.organizationId === 'org-test' || material.membersOnly) continue;
    const { organizationId, articleId } = material;
    const usable = (/** @type {{ fixedUrl?: string | null, noThumbnail?: boolean }} */ o) =>
      o.fixedUrl === undefined && !o.noThumbnail;
    const thumbnailTypes = new Set(
      material.dataObjectAssignments
        .filter((a) => a.assignmentType.startsWith('THUMBNAIL_') && usable(a.dataObject))
        .map((a) => a.assignmentType),
    );
    for (const assignmentType of thumbnailTypes) {
      // Only the first assignment of a type is read: it must be the usable one.
      const first = material.dataObjectAssignments.find((a) => a.assignmentType === assignmentType);
      if (first && usable(first.dataObject)) {
        targets.push({ organizationId, articleId, type: 'thumbnail', dimensions: dimensionsKeyOf(assignmentType) });
      }
    }
    const firstImage = material.dataObjectAssignments.find(
      (a) => a.assignmentType === 'MATERIAL_TILEABLE_RENDER' && a.dataObject.mediaType.startsWith('image/'),
    );
    if (firstImage && usable(firstImage.dataObject)) targets.push({ organizationId, articleId, type: 'tile' });
    const pbr = material.jsonFileAssignments.find((j) => j.state === 'DONE' && j.default);
    if (pbr?.jsonFile.outputDataObject && usable(pbr.jsonFile.outputDataObject)) {
      targets.push({ organizationId, articleId, type: 'pbr' });
    }
  }
  return targets;
}

/** A fixed shuffle, so every N starts with a spread of types and distinct lookups. */
function seededShuffle(/** @type {ElementInputs[]} */ items, seed = 20240601) {
  const shuffled = [...items];
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = shuffled.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = /** @type {[ElementInputs, ElementInputs]} */ ([shuffled[j], shuffled[i]]);
  }
  return shuffled;
}

/**
 * Types take turns (thumbnail, tile, pbr, ...); within a type every linked
 * target comes in every resolution and file type before any lookup repeats,
 * as a real catalogue page repeats a popular swatch.
 */
export function elementInputsFor(/** @type {number} */ n) {
  const targets = linkedTargets();
  const byType = ['thumbnail', 'tile', 'pbr'].map((type) =>
    seededShuffle(
      targets
        .filter((target) => target.type === type)
        .flatMap((target) =>
          RESOLUTIONS.flatMap((resolution) => FILE_TYPES.map((fileType) => ({ ...target, resolution, fileType }))),
        ),
    ),
  );
  return Array.from({ length: n }, (_, i) => {
    const ofType = /** @type {ElementInputs[]} */ (byType[i % byType.length]);
    return /** @type {ElementInputs} */ (ofType[Math.floor(i / byType.length) % ofType.length]);
  });
}

const escapeAttribute = (/** @type {string} */ value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * One element with its anchor, as a customer writes it; with a link the page's server resolved, as its server sends it.
 * @param {ElementInputs} inputs
 * @param {string | null} [resolvedHref]
 */
export function elementHtml(inputs, resolvedHref = null) {
  const attributes = [
    ['organization-id', inputs.organizationId],
    ['article-id', inputs.articleId],
    ['type', inputs.type],
    ['dimensions', inputs.dimensions],
    ['resolution', inputs.resolution],
    ['file-type', inputs.fileType],
  ]
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}="${escapeAttribute(String(value))}"`)
    .join(' ');
  if (resolvedHref === null)
    return `<cm-material-download ${attributes}><a class="button">Download</a></cm-material-download>`;
  return `<cm-material-download resolved ${attributes}><a class="button" href="${escapeAttribute(resolvedHref)}">Download</a></cm-material-download>`;
}

/**
 * @param {number[]} sizes
 * @returns {Map<number, string>} N to the page's path under /bench/
 */
export function writePages(sizes) {
  const probe = readFileSync(new URL('./page-probe.js', import.meta.url), 'utf8');
  mkdirSync(`${BUILD_DIR}pages`, { recursive: true });
  /** @type {Map<number, string>} */
  const paths = new Map();
  for (const n of sizes) {
    const html = [
      '<!doctype html>',
      '<html lang="en"><head><meta charset="utf-8">',
      `<title>bench: ${n} elements</title>`,
      `<script>${probe}</script>`,
      '</head><body>',
      ...elementInputsFor(n).map((inputs) => elementHtml(inputs)),
      '</body></html>',
    ].join('\n');
    writeFileSync(`${BUILD_DIR}pages/n-${n}.html`, html);
    paths.set(n, `pages/n-${n}.html`);
  }
  return paths;
}
