import { materials } from '../provider/seed.js';
import { createCard, createMembersCard, type CardSpec, type DemoAccount } from './cards';

/**
 * The demo page: the built dist/cm-material-download.js, as a customer loads
 * it, against the local provider, and beside it the inspector a customer can
 * load too (dist/cm-material-download.inspector.js), whose panel index.html
 * places, collapsed. The inspector sees every element from its first
 * transition whichever file loads first.
 */
const TAG = 'cm-material-download';
const swatch = (organizationId: string, articleId: string) =>
  `/files/${organizationId}/${articleId}/thumbnail-THUMBNAIL_10X10_CM-MEDIUM.png`;

const catalogue: CardSpec[] = materials
  // A members-only article has a card of its own, with a sign-in.
  .filter((material) => material.organizationId !== 'org-test' && !material.membersOnly)
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
  {
    title: 'Signed link that lives 10 s, renewed before it expires',
    attributes: {
      ...org1,
      'article-id': 'A-103',
      type: 'pbr',
      // The local provider signs this element's links (an Azure SAS) to live 10 s.
      endpoint: new URL('/graphql?link-style=azure&link-lifetime-ms=10000', location.href).href,
    },
    countdown: true,
  },
];

const invalid: CardSpec[] = [
  { title: 'No article id', attributes: { ...org1, type: 'pbr' }, showsMessage: true },
  {
    title: 'No organization id',
    attributes: { 'article-id': 'A-100', type: 'pbr' },
    showsMessage: true,
  },
  {
    title: 'Unknown type',
    attributes: { ...org1, 'article-id': 'A-100', type: 'video' },
    showsMessage: true,
  },
  {
    title: 'Dimensions on a PBR',
    attributes: { ...org1, 'article-id': 'A-100', type: 'pbr', dimensions: '10x10cm' },
    showsMessage: true,
  },
  {
    title: 'Thumbnail without dimensions',
    attributes: { ...org1, 'article-id': 'A-100', type: 'thumbnail' },
    showsMessage: true,
  },
  {
    title: 'Dimensions on a tile',
    attributes: { ...org1, 'article-id': 'A-100', type: 'tile', dimensions: '7x7in' },
    showsMessage: true,
  },
  {
    title: 'Unknown dimensions',
    attributes: { ...org1, 'article-id': 'A-100', type: 'thumbnail', dimensions: '11x11in' },
    showsMessage: true,
  },
  {
    title: 'Unknown resolution',
    attributes: { ...org1, 'article-id': 'A-100', type: 'pbr', resolution: 'ultra' },
    showsMessage: true,
  },
  {
    title: 'Unknown file type',
    attributes: { ...org1, 'article-id': 'A-100', type: 'pbr', 'file-type': 'gif' },
    showsMessage: true,
  },
  {
    title: 'First child is not an anchor',
    attributes: { ...org1, 'article-id': 'A-100', type: 'pbr' },
    inner: '<span class="button">Download</span>',
    showsMessage: true,
  },
];

/**
 * A refusal the local provider plays on purpose (its `fault-refused-*` articles). Only faults that
 * a server answers per operation belong here: the demo's elements share batches, and a fault that
 * decides a whole batch (a status, `fault-errors`) would fail its neighbours too.
 */
const refused: CardSpec[] = [
  {
    title: 'Refused inside GraphQL (HotChocolate, HTTP 200)',
    attributes: { ...org1, 'article-id': 'fault-refused-hotchocolate-not-authorized', type: 'pbr' },
    showsMessage: true,
  },
];

/** The members-only article's three links (dev/provider/members.js): refused until the visitor signs in. */
const members: CardSpec[] = [
  { title: 'PBR package', attributes: { ...org1, 'article-id': 'A-MEMBERS', type: 'pbr' } },
  {
    title: 'Thumbnail 10×10 cm',
    attributes: { ...org1, 'article-id': 'A-MEMBERS', type: 'thumbnail', dimensions: '10x10cm' },
  },
  { title: 'Tile', attributes: { ...org1, 'article-id': 'A-MEMBERS', type: 'tile' } },
];

/** The element reads the visitor's token from here; refresh() makes every element look its link up again. */
const USER_TOKEN = 'cm-user-token';
const account: DemoAccount = {
  signIn() {
    localStorage.setItem(USER_TOKEN, 'demo-visitor-token');
    customElements.get(TAG)!.refresh();
  },
  signOut() {
    localStorage.removeItem(USER_TOKEN);
    customElements.get(TAG)!.refresh();
  },
  signedIn: () => localStorage.getItem(USER_TOKEN) !== null,
};

/** Resolves once the script has run. */
const load = (src: string) =>
  new Promise<void>((resolve, reject) => {
    const script = Object.assign(document.createElement('script'), { src });
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`${src} did not load`)));
    document.head.append(script);
  });

async function main(): Promise<void> {
  await Promise.all([load('/dist/cm-material-download.inspector.js'), load('/dist/cm-material-download.js')]);
  await customElements.whenDefined(TAG);

  const panel = document.querySelector('cm-material-download-inspector')!;
  const toggle = document.getElementById('panel-toggle')!;
  const open = (host: HTMLElement) => {
    document.querySelector('.card.inspected')?.classList.remove('inspected');
    host.closest('.card')?.classList.add('inspected');
    panel.inspect(host);
    toggle.setAttribute('aria-expanded', 'true');
  };
  toggle.addEventListener('click', () => {
    panel.collapsed = !panel.collapsed;
    toggle.setAttribute('aria-expanded', String(!panel.collapsed));
  });

  for (const [sectionId, specs] of [
    ['catalogue', catalogue],
    ['examples', examples],
    ['invalid', invalid],
    ['refused', refused],
  ] as const) {
    const section = document.getElementById(sectionId)!;
    for (const spec of specs) section.append(createCard(spec, open).card);
  }
  document.getElementById('members')!.append(createMembersCard(members, account, open));
  document.body.dataset.ready = 'true';
}

void main();
