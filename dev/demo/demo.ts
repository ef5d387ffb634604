import { materials } from '../provider/seed.js';
import { createCard, type CardSpec } from './cards';
import { InspectorPanel } from './inspector/panel';
import { TransitionLog } from './inspector/transitionLog';

/**
 * The demo page: the built dist/cm-material-download.js, as a customer loads
 * it, against the local provider. The inspect hook applies to elements that
 * connect after it is set, so the order is: load the element file, set the
 * hook, then add the cards (index.html holds no element of its own). The
 * panel sees every element from its first transition.
 */
const TAG = 'cm-material-download';
const swatch = (organizationId: string, articleId: string) =>
  `/files/${organizationId}/${articleId}/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.png`;

const catalogue: CardSpec[] = materials
  .filter((material) => material.organizationId !== 'org-test')
  .map((material) => ({
    title: `${material.name} · ${material.articleId}`,
    attributes: {
      'organization-id': material.organizationId,
      'article-id': material.articleId,
      type: 'thumbnail',
      dimensions: '10x10cm',
    },
    image: swatch(material.organizationId, material.articleId),
    controls: true,
  }));

const org1 = { 'organization-id': 'org-1' };
const examples: CardSpec[] = [
  { title: 'Thumbnail 7×7 in', attributes: { ...org1, 'article-id': 'A-100', type: 'thumbnail', dimensions: '7x7in' } },
  {
    title: 'Thumbnail 13.5×13.5 in, high, JPG',
    attributes: {
      ...org1,
      'article-id': 'A-100',
      type: 'thumbnail',
      dimensions: '13_5x13_5in',
      resolution: 'high',
      'file-type': 'jpg',
    },
  },
  {
    title: 'Thumbnail 30×30 cm, low, TIFF',
    attributes: {
      ...org1,
      'article-id': 'A-102',
      type: 'thumbnail',
      dimensions: '30x30cm',
      resolution: 'low',
      'file-type': 'tiff',
    },
  },
  {
    title: 'Thumbnail 20×20 cm, medium, EXR',
    attributes: {
      'organization-id': 'org-2',
      'article-id': 'B-202',
      type: 'thumbnail',
      dimensions: '20x20cm',
      resolution: 'medium',
    },
  },
  { title: 'Tile (a video comes first)', attributes: { ...org1, 'article-id': 'A-101', type: 'tile' } },
  {
    title: 'Tile, high',
    attributes: { 'organization-id': 'org-2', 'article-id': 'B-203', type: 'tile', resolution: 'high' },
  },
  { title: 'PBR package', attributes: { ...org1, 'article-id': 'A-100', type: 'pbr' } },
  {
    title: 'PBR package, JPG',
    attributes: { 'organization-id': 'org-2', 'article-id': 'B-200', type: 'pbr', 'file-type': 'jpg' },
  },
  {
    title: 'Lazy: fetches when scrolled near',
    attributes: { 'organization-id': 'org-2', 'article-id': 'B-202', type: 'pbr', loading: 'lazy' },
  },
  { title: 'No file: only a video tileable', attributes: { ...org1, 'article-id': 'A-102', type: 'tile' } },
  { title: 'No file: no DONE default PBR', attributes: { ...org1, 'article-id': 'A-102', type: 'pbr' } },
  {
    title: 'No file: an article with nothing',
    attributes: { ...org1, 'article-id': 'A-199', type: 'thumbnail', dimensions: '10x10cm' },
  },
];

const invalid: CardSpec[] = [
  { title: 'No article id', attributes: { ...org1, type: 'pbr' }, message: 'no article id provided' },
  {
    title: 'No organization id',
    attributes: { 'article-id': 'A-100', type: 'pbr' },
    message: 'no organization id provided',
  },
  {
    title: 'Unknown type',
    attributes: { ...org1, 'article-id': 'A-100', type: 'video' },
    message: 'Invalid type "video". Valid values: pbr, thumbnail, tile.',
  },
  {
    title: 'Dimensions on a PBR',
    attributes: { ...org1, 'article-id': 'A-100', type: 'pbr', dimensions: '10x10cm' },
    message: 'Providing dimensions is not supported for PBRs.',
  },
  {
    title: 'Thumbnail without dimensions',
    attributes: { ...org1, 'article-id': 'A-100', type: 'thumbnail' },
    message: 'Missing assignment type. Did you provide valid dimensions?',
  },
  {
    title: 'Dimensions on a tile',
    attributes: { ...org1, 'article-id': 'A-100', type: 'tile', dimensions: '7x7in' },
    message: 'Providing dimensions is not supported for tileable images.',
  },
  {
    title: 'Unknown dimensions',
    attributes: { ...org1, 'article-id': 'A-100', type: 'thumbnail', dimensions: '11x11in' },
    message:
      'Invalid dimensions "11x11in". Valid values: none, 7x7in, 8x8in, 9x9in, 16x16in, 13_5x13_5in, 27x27in, 10x10cm, 20x20cm, 30x30cm.',
  },
  {
    title: 'Unknown resolution',
    attributes: { ...org1, 'article-id': 'A-100', type: 'pbr', resolution: 'ultra' },
    message: 'Invalid resolution "ultra". Valid values: none, low, medium, high.',
  },
  {
    title: 'Unknown file type',
    attributes: { ...org1, 'article-id': 'A-100', type: 'pbr', 'file-type': 'gif' },
    message: 'Invalid fileType "gif". Valid values: none, exr, jpg, tiff.',
  },
  {
    title: 'First child is not an anchor',
    attributes: { ...org1, 'article-id': 'A-100', type: 'pbr' },
    inner: '<span class="button">Download</span>',
    message: 'the element expects its first child to be an anchor tag (<a>)',
  },
];

async function main(): Promise<void> {
  const script = Object.assign(document.createElement('script'), { src: '/dist/cm-material-download.js' });
  document.head.append(script);
  await customElements.whenDefined(TAG);

  // Before the first card: an element connected earlier would never be inspected.
  const log = new TransitionLog();
  (customElements.get(TAG) as unknown as { configure(options: object): void }).configure({ inspect: log.inspect });

  const inspectorRoot = document.getElementById('inspector')!;
  const toggle = document.getElementById('panel-toggle')!;
  const panel = new InspectorPanel(
    inspectorRoot,
    log,
    (host) => host.closest('.card')?.querySelector('h3')?.textContent ?? host.id,
  );
  const open = (host: HTMLElement) => {
    inspectorRoot.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    panel.inspect(host);
  };
  toggle.addEventListener('click', () => {
    inspectorRoot.hidden = !inspectorRoot.hidden;
    toggle.setAttribute('aria-expanded', String(!inspectorRoot.hidden));
    const first = document.querySelector<HTMLElement>(TAG);
    if (!inspectorRoot.hidden && first) panel.inspect(first);
  });

  const hosts: HTMLElement[] = [];
  for (const [sectionId, specs] of [
    ['catalogue', catalogue],
    ['examples', examples],
    ['invalid', invalid],
  ] as const) {
    const section = document.getElementById(sectionId)!;
    for (const spec of specs) {
      const { card, host } = createCard(spec, open);
      section.append(card);
      hosts.push(host);
    }
  }
  panel.setElements(hosts);
  document.body.dataset.ready = 'true';
}

void main();
