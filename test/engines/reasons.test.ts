import { describe, expect, it } from 'vitest';
import { BUILDS, type CustomerPage } from '../support/customerPage';
import { engine } from './support/engine';
import { useEngine } from './support/useEngine';

/**
 * Why a link is disabled, as a page reads it: `cm-link-change`'s `reason`
 * and the host's `data-reason`, one word for each case; and the host never
 * claims more than its anchor shows.
 */

const browser = useEngine();

const swatch = { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'thumbnail', dimensions: '10x10cm' };
const ANCHOR = '<a class="button">Download</a>';

describe.each(BUILDS)(`%s in ${engine.name}`, (build) => {
  let I: CustomerPage;

  /** The event and the host agree on the reason: each element's last settling. */
  async function reasonOf(id: string) {
    const change = await I.settled(id);
    return { state: change.state, reason: change.reason, dataReason: await I.attribute(id, 'data-reason') };
  }

  it.each([
    ['an invalid input', { ...swatch, type: 'pdf' }, 'invalid-input'],
    ['a missing input', { ...swatch, 'article-id': '' }, 'invalid-input'],
    ['no file for these inputs', { ...swatch, 'article-id': 'A-999' }, 'not-found'],
    ['HTTP 401', { ...swatch, 'article-id': 'fault-status-401-json' }, 'unauthorized'],
    ['HTTP 403', { ...swatch, 'article-id': 'fault-status-403-json' }, 'unauthorized'],
    ['HTTP 500', { ...swatch, 'article-id': 'fault-status-500-json' }, 'request-failed'],
    [
      'a dropped connection (what a network or CORS failure looks like to a page)',
      { ...swatch, 'article-id': 'fault-drop' },
      'request-failed',
    ],
    [
      'a javascript: answer',
      { ...swatch, 'organization-id': 'org-test', 'article-id': 'hostile-javascript' },
      'unsafe-link',
    ],
  ])('%s: disabled, with reason and data-reason %s', async (_, attributes, reason) => {
    I = await browser.open(build, { configure: { retry: false } });
    const id = await I.add(attributes);
    expect(await reasonOf(id)).toEqual({ state: 'disabled', reason, dataReason: reason });
    expect((await I.anchorOf(id)).href).toBeNull();
  });

  describe('a provider that answers HTTP 200 with a GraphQL error', () => {
    it.each([
      [
        "HotChocolate's AUTH_NOT_AUTHORIZED (materials nulled)",
        'fault-refused-hotchocolate-not-authorized',
        'unauthorized',
        'the provider refused: AUTH_NOT_AUTHORIZED: The current user is not authorized to access this resource.',
      ],
      [
        "HotChocolate's AUTH_NOT_AUTHENTICATED (data null)",
        'fault-refused-hotchocolate-not-authenticated',
        'unauthorized',
        'the provider refused: AUTH_NOT_AUTHENTICATED: The current user is not authenticated.',
      ],
      [
        "Apollo Server's UNAUTHENTICATED",
        'fault-refused-apollo-unauthenticated',
        'unauthorized',
        'the provider refused: UNAUTHENTICATED: You must be logged in to see materials.',
      ],
      [
        "Apollo Server's FORBIDDEN",
        'fault-refused-apollo-forbidden',
        'unauthorized',
        'the provider refused: FORBIDDEN: You are not allowed to see the materials of this organization.',
      ],
      ['an error without data', 'fault-errors', 'request-failed', 'GraphQL error: Internal failure'],
      ['an error with data: null', 'fault-errors-null-data', 'request-failed', 'GraphQL error: Internal failure'],
    ])('%s: %s in its words, logged once, asked once', async (_, articleId, reason, error) => {
      // Quick retries: a failure worth another try would be asked again before the element settles.
      I = await browser.open(build, { configure: { retry: { attempts: 2, baseDelayMs: 20 } } });
      const id = await I.add({ ...swatch, 'article-id': articleId });
      expect(await I.settled(id)).toMatchObject({ state: 'disabled', href: null, reason, error });
      expect(await I.attribute(id, 'data-reason')).toBe(reason);
      expect((await I.anchorOf(id)).href).toBeNull();
      expect(await I.consoleErrors()).toEqual([expect.stringContaining(`cm-material-download: ${error}`)]);
      expect(I.provider.requests).toHaveLength(1);
    });
  });

  it('an enabled element has reason null and no data-reason', async () => {
    I = await browser.open(build);
    const id = await I.add(swatch);
    expect(await reasonOf(id)).toEqual({ state: 'enabled', reason: null, dataReason: null });
  });

  describe('the host never claims more than its anchor shows', () => {
    it('an anchor wrapped in a div: disabled with no-anchor, whatever the lookup found', async () => {
      I = await browser.open(build);
      const id = await I.add(swatch, { inner: `<div>${ANCHOR}</div>` });
      await expect.poll(() => I.attribute(id, 'data-reason'), { timeout: 10_000 }).toBe('no-anchor');
      const changes = await I.linkChanges(id);
      expect(changes.map(({ state, href, reason }) => ({ state, href, reason }))).toEqual([
        { state: 'disabled', href: null, reason: 'no-anchor' },
      ]);
      expect(await I.attribute(id, 'data-state')).toBe('disabled');
      expect(await I.elementErrors()).toEqual([expect.stringContaining('expects its first child to be an anchor')]);
    });

    it('an anchor first in Astro’s <astro-slot>, as a React island gets its children: bound as the host’s own', async () => {
      I = await browser.open(build);
      const id = await I.add(swatch, { inner: `<astro-slot>${ANCHOR}</astro-slot>` });
      const change = await I.settled(id);
      expect(change).toMatchObject({
        state: 'enabled',
        reason: null,
        href: expect.stringContaining('/files/org-1/A-100/'),
      });
      expect(await I.childrenOf(id)).toContain(`href="${change.href}"`);
      expect(await I.elementErrors()).toEqual([]);
    });

    it('no anchor, then one added later: no-anchor, then bound and the real state announced', async () => {
      I = await browser.open(build);
      const id = await I.add(swatch, { inner: '' });
      await expect.poll(() => I.attribute(id, 'data-reason'), { timeout: 10_000 }).toBe('no-anchor');
      const change = await I.settleAfter(id, () => I.setChildren(id, ANCHOR));
      expect(change).toMatchObject({
        state: 'enabled',
        reason: null,
        href: expect.stringContaining('/files/org-1/A-100/'),
      });
      expect(await I.attribute(id, 'data-reason')).toBeNull();
      expect((await I.anchorOf(id)).href).toBe(change.href);
    });

    it('the anchor replaced by another: the new one is bound, with no event in between', async () => {
      I = await browser.open(build);
      const id = await I.add(swatch);
      const first = await I.settled(id);
      await I.setChildren(id, '<a class="button" id="second-anchor">Download</a>');
      await expect.poll(async () => (await I.anchorOf(id)).href, { timeout: 10_000 }).toBe(first.href);
      expect(await I.linkChanges(id)).toHaveLength(1);
      expect(await I.attribute(id, 'data-state')).toBe('enabled');
    });

    it('the anchor removed, then put back: no-anchor while it is gone, the link again once it returns', async () => {
      I = await browser.open(build);
      const id = await I.add(swatch);
      const first = await I.settled(id);
      const gone = await I.settleAfter(id, () => I.setChildren(id, 'Download'));
      expect(gone).toMatchObject({ state: 'disabled', href: null, reason: 'no-anchor' });
      const back = await I.settleAfter(id, () => I.setChildren(id, ANCHOR));
      expect(back).toMatchObject({ state: 'enabled', href: first.href, reason: null });
    });
  });
});
