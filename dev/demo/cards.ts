/** The demo's cards: plain DOM, as a customer page would have it. */
import { readLinkExpiry } from '../../src/machine/linkExpiry';
import { ATTRIBUTES } from '../../src/machine/attributes';

export interface CardSpec {
  title: string;
  attributes: Record<string, string>;
  /** Shows what the element announces went wrong (its `cm-link-change` message and reason). */
  showsMessage?: boolean;
  /** A picture of the material, served by the local provider. */
  image?: string;
  /** Adds selects that change the element's attributes live. */
  controls?: boolean;
  /** The element's children; the contract's anchor unless an example needs otherwise. */
  inner?: string;
  /** Counts down to the expiry its signed link carries, and counts its renewals, so that one can be watched. */
  countdown?: boolean;
}

const CONTROL_OPTIONS: Record<string, string[]> = {
  type: ['thumbnail', 'tile', 'pbr'],
  dimensions: ['none', '7x7in', '8x8in', '9x9in', '13_5x13_5in', '16x16in', '27x27in', '10x10cm', '20x20cm', '30x30cm'],
  resolution: ['none', 'low', 'medium', 'high'],
  'file-type': ['none', 'exr', 'jpg', 'tiff'],
};

let nextId = 0;

export function createCard(
  spec: CardSpec,
  onInspect: (host: HTMLElement) => void,
): { card: HTMLElement; host: HTMLElement } {
  const card = document.createElement('article');
  card.className = 'card';
  const host = document.createElement('cm-material-download');
  host.id = `material-${++nextId}`;
  for (const [name, value] of Object.entries(spec.attributes)) host.setAttribute(name, value);
  host.innerHTML = spec.inner ?? '<a class="button">Download</a>';

  const title = Object.assign(document.createElement('h3'), { textContent: spec.title });
  const meta = Object.assign(document.createElement('div'), { className: 'meta' });
  const badge = Object.assign(document.createElement('span'), { className: 'badge', textContent: '–' });
  const href = Object.assign(document.createElement('div'), { className: 'href' });
  const inspect = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'inspect-button',
    textContent: 'inspect',
  });
  inspect.addEventListener('click', () => onInspect(host));

  const describe = () => {
    meta.textContent = [...host.attributes]
      .filter((a) => a.name !== 'id' && a.name !== 'data-state')
      .map((a) => `${a.name}="${a.value}"`)
      .join(' ');
  };
  const reflect = () => {
    const state = host.getAttribute('data-state') ?? '–';
    badge.textContent = state;
    badge.dataset.state = state;
    href.textContent = host.querySelector('a')?.getAttribute('href') ?? '';
    describe();
  };
  new MutationObserver(reflect).observe(host, { attributes: true, subtree: true });
  describe();

  if (spec.image) {
    card.append(
      Object.assign(document.createElement('img'), { className: 'swatch', src: spec.image, alt: '', loading: 'lazy' }),
    );
  }
  card.append(title, meta);
  if (spec.controls) card.append(controlsFor(host));
  const row = document.createElement('div');
  row.className = 'row';
  row.append(host, badge, inspect);
  card.append(row, href);
  if (spec.countdown) card.append(countdownOf(host));
  if (spec.showsMessage) card.append(messageOf(host));
  return { card, host };
}

/** What the element says about itself: the message and reason of its last `cm-link-change`, never a copy. */
function messageOf(host: HTMLElement): HTMLElement {
  const line = Object.assign(document.createElement('div'), { className: 'message' });
  host.addEventListener('cm-link-change', ({ detail }) => {
    line.textContent = detail.reason ? `${detail.reason}: ${detail.error ?? 'no file for these inputs'}` : '';
  });
  return line;
}

function countdownOf(host: HTMLElement): HTMLElement {
  const line = Object.assign(document.createElement('div'), { className: 'countdown' });
  let links = 0;
  let renewedAt = '';
  host.addEventListener('cm-link-change', ({ detail }) => {
    if (detail.state !== 'enabled') return;
    links += 1;
    renewedAt = new Date().toLocaleTimeString(undefined, { hour12: false });
    show();
  });
  const show = () => {
    const expiresAt = readLinkExpiry(host.querySelector('a')?.getAttribute('href') ?? '');
    const left = expiresAt === null ? null : Math.ceil((expiresAt - Date.now()) / 1000);
    const renewals = links > 1 ? ` · renewed ${links - 1}×, last at ${renewedAt}` : '';
    line.textContent =
      (left === null ? 'no expiry in the link' : left > 0 ? `the link expires in ${left} s` : 'the link has expired') +
      renewals;
    line.dataset.expired = String(left !== null && left <= 0);
    line.dataset.renewals = String(Math.max(0, links - 1));
  };
  show();
  // Half a second: the count never skips a whole second behind the clock.
  setInterval(show, 500);
  return line;
}

/** What the element uses when the attribute is not set, from the attribute table: `exr` for file-type. */
function defaultOf(attribute: string): string | null {
  return Object.values(ATTRIBUTES).find((spec) => spec.attribute === attribute)?.default ?? null;
}

function controlsFor(host: HTMLElement): HTMLElement {
  const controls = document.createElement('div');
  controls.className = 'controls';
  for (const [attribute, options] of Object.entries(CONTROL_OPTIONS)) {
    const select = document.createElement('select');
    select.name = attribute;
    select.setAttribute('aria-label', `${attribute} of ${host.getAttribute('article-id')}`);
    select.append(
      ...options.map((value) => Object.assign(document.createElement('option'), { value, textContent: value })),
    );
    select.value = host.getAttribute(attribute) ?? defaultOf(attribute) ?? 'none';
    select.addEventListener('change', () => {
      if (select.value === 'none' && attribute !== 'file-type') host.removeAttribute(attribute);
      else host.setAttribute(attribute, select.value);
    });
    controls.append(Object.assign(document.createElement('label'), { textContent: attribute }), select);
  }
  return controls;
}

/** The visitor's account on this demo page: what signing in and out does. */
export interface DemoAccount {
  signIn(): void;
  signOut(): void;
  signedIn(): boolean;
}

/**
 * Links only a signed-in visitor gets, one row each, and buttons that sign the visitor in and out:
 * its links follow whoever is signed in now, in this tab or in another.
 */
export function createMembersCard(
  links: Omit<CardSpec, 'showsMessage'>[],
  account: DemoAccount,
  onInspect: (host: HTMLElement) => void,
): HTMLElement {
  const card = document.createElement('article');
  card.className = 'card members';
  const status = Object.assign(document.createElement('p'), { className: 'status' });
  // Another tab's sign-in or sign-out reaches this one as a storage event: the status follows it too.
  const showStatus = () => (status.textContent = account.signedIn() ? 'Signed in.' : 'Signed out.');
  window.addEventListener('storage', showStatus);
  showStatus();
  const button = (text: string, action: () => void) => {
    const element = Object.assign(document.createElement('button'), { type: 'button', textContent: text });
    element.addEventListener('click', () => {
      action();
      showStatus();
    });
    return element;
  };
  const buttons = Object.assign(document.createElement('div'), { className: 'account' });
  buttons.append(
    button('Sign in', () => account.signIn()),
    button('Sign out', () => account.signOut()),
    status,
  );

  card.append(
    Object.assign(document.createElement('h3'), { textContent: 'Members only' }),
    Object.assign(document.createElement('p'), {
      className: 'hint',
      textContent: 'Another tab of this demo follows by itself: sign in or out in one, and watch the other.',
    }),
    buttons,
  );
  for (const spec of links) {
    const { card: linkCard } = createCard({ ...spec, showsMessage: true }, onInspect);
    linkCard.className = 'member-link';
    card.append(linkCard);
  }
  return card;
}
