import { describe, expect, it } from 'vitest';
import { BUILDS, type CustomerPage } from './support/customerPage';
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
