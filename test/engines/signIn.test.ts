import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BUILDS, UNTIL, type Attributes, type CustomerPage, type ElementId } from '../support/customerPage';
import { engine } from './support/engine';
import { useEngine } from './support/useEngine';

/**
 * Sign in, sign out, no reload: the links follow the visitor who is there now,
 * whether this page signs them in and calls `refresh()` or another tab does
 * (a `storage` event). Against the local provider's members-only article,
 * A-MEMBERS, which it refuses to a caller without credentials and whose
 * links name who asked (`visitor=`, dev/provider/members.js).
 */

const browser = useEngine();

const org1 = { 'organization-id': 'org-1' };
const MEMBERS: Attributes[] = [
  { ...org1, 'article-id': 'A-MEMBERS', type: 'pbr' },
  { ...org1, 'article-id': 'A-MEMBERS', type: 'thumbnail', dimensions: '10x10cm' },
  { ...org1, 'article-id': 'A-MEMBERS', type: 'tile' },
];
const MEMBERS_ASKED = [
  'A-MEMBERS/GetMaterialDownloadLink',
  'A-MEMBERS/GetMaterialDownloadLink',
  'A-MEMBERS/GetPbrMaterialDownloadLink',
];
const publicSwatch = { ...org1, 'article-id': 'A-100', type: 'thumbnail', dimensions: '10x10cm' };
const TOKEN_KEY = 'cm-user-token';

/** What the provider names a visitor who signed in with this token: the element sends it as a bearer token. */
const visitor = (token: string) => createHash('sha256').update(`Bearer ${token}`).digest('hex').slice(0, 12);
const visitorIn = (href: string | null) => (href === null ? null : new URL(href).searchParams.get('visitor'));

const REFUSED = {
  state: 'disabled',
  href: null,
  reason: 'unauthorized',
  error: expect.stringContaining('The current user is not authenticated.'),
};
const DISABLED = { dataState: 'disabled', href: null, className: 'button disabled', ariaDisabled: 'true' };
const enabled = (href: string) => ({ dataState: 'enabled', href, className: 'button', ariaDisabled: null });

describe.each(BUILDS)(`%s in ${engine.name}`, (build) => {
  let I: CustomerPage;

  /** `articleId/operationName` of each operation of these requests, sorted: a batch's order is the element's own. */
  const askedIn = (requests: typeof I.provider.requests) =>
    requests
      .flatMap((request) => request.operations.map((o) => `${String(o.variables.articleId)}/${o.operationName}`))
      .sort();

  /** The members-only links, added together, once each has settled. */
  async function addMembersLinks(): Promise<ElementId[]> {
    const ids = await I.addTogether(MEMBERS);
    await I.settledAll(ids);
    return ids;
  }

  /** Runs `signInOrOut` and resolves once each element has settled again, with the requests sent meanwhile. */
  async function settledAfter(ids: ElementId[], signInOrOut: () => Promise<void>) {
    const sentBefore = I.provider.requests.length;
    const changes = await I.settleAllAfter(ids, signInOrOut);
    return { changes, sent: I.provider.requests.slice(sentBefore) };
  }

  describe('signing in', () => {
    it.each([
      ['in another tab (a storage event)', (token: string) => I.inAnotherTab({ set: { [TOKEN_KEY]: token } })],
      ['on this page, then refresh()', (token: string) => I.signInHere(token)],
    ])('refused links come once the visitor signs in %s: one batched request with their token', async (_, signIn) => {
      I = await browser.open(build);
      await I.openAnotherTab();
      const ids = await addMembersLinks();
      expect(await I.linkChanges()).toEqual(ids.map((id) => expect.objectContaining({ id, ...REFUSED })));
      const errorsBefore = await I.consoleErrors();
      const shown = await I.recordShownChanges(ids[0]!);

      const { changes, sent } = await settledAfter(ids, () => signIn('token-1'));

      expect(changes.map(({ state, href }) => [state, visitorIn(href)])).toEqual(
        ids.map(() => ['enabled', visitor('token-1')]),
      );
      for (const [index, id] of ids.entries()) expect(await I.anchorOf(id)).toEqual(enabled(changes[index]!.href!));
      expect(sent).toHaveLength(1);
      expect(Array.isArray(sent[0]!.body)).toBe(true);
      expect(askedIn(sent)).toEqual(MEMBERS_ASKED);
      expect(sent[0]!.headers.authorization).toBe('Bearer token-1');
      expect(sent[0]!.headers).not.toHaveProperty('api-key');
      // A refused link looks up again in plain sight: fetching, then the link.
      expect((await shown()).filter((change) => change.name === 'data-state').map((change) => change.value)).toEqual([
        'fetching',
        'enabled',
      ]);
      expect(await I.download(changes[0]!.href!)).toBe(200);
      expect(await I.consoleErrors()).toEqual(errorsBefore);
    });
  });

  describe('signing out in another tab', () => {
    it.each([
      ['removes the token', { remove: TOKEN_KEY }],
      ['clears the storage', 'clear'],
    ] as const)(
      'when it %s, every members-only link goes (unauthorized) and a public link comes back enabled',
      async (_, signOut) => {
        I = await browser.open(build, { storage: { [TOKEN_KEY]: 'token-1' } });
        await I.openAnotherTab();
        const ids = await I.addTogether([publicSwatch, ...MEMBERS]);
        const settled = await I.settledAll(ids);
        const [publicLink, ...membersLinks] = settled;
        expect(settled.map((change) => change.state)).toEqual(ids.map(() => 'enabled'));
        expect(membersLinks.map((change) => visitorIn(change.href))).toEqual(MEMBERS.map(() => visitor('token-1')));
        const hrefs = await I.recordHrefWrites();

        const { changes, sent } = await settledAfter(ids, () => I.inAnotherTab(signOut));

        const [publicAgain, ...refused] = changes;
        expect(refused).toEqual(refused.map(() => expect.objectContaining(REFUSED)));
        for (const id of ids.slice(1)) {
          expect(await I.anchorOf(id)).toEqual(DISABLED);
          expect(await I.attribute(id, 'data-reason')).toBe('unauthorized');
        }
        expect(publicAgain).toMatchObject({ state: 'enabled', href: publicLink!.href, reason: null });
        expect(await I.anchorOf(ids[0]!)).toEqual(enabled(publicLink!.href!));
        expect(await hrefs.writes(ids[0])).not.toContain(null);
        // Looked up again together, without the token.
        expect(sent).toHaveLength(1);
        expect(askedIn(sent)).toEqual([...MEMBERS_ASKED, 'A-100/GetMaterialDownloadLink'].sort());
        expect(sent[0]!.headers).not.toHaveProperty('authorization');
      },
    );
  });

  describe('another visitor', () => {
    it("gets links of their own, never an answer kept for the one before: on this page's own switch, and across tabs", async () => {
      I = await browser.open(build, { storage: { [TOKEN_KEY]: 'token-1' } });
      await I.openAnotherTab();
      const first = await I.add(MEMBERS[0]!);
      expect(visitorIn((await I.settled(first)).href)).toBe(visitor('token-1'));

      // The page switches visitor without refresh(): an element added now asks as the new one,
      // though an answer for the same inputs, the first visitor's, is at hand.
      await I.signInHere('token-2', { refresh: false });
      const sentBefore = I.provider.requests.length;
      const second = await I.add(MEMBERS[0]!);
      expect(visitorIn((await I.settled(second)).href)).toBe(visitor('token-2'));
      expect(I.provider.requests.slice(sentBefore).map((request) => request.headers.authorization)).toEqual([
        'Bearer token-2',
      ]);

      // Out, then the first visitor back, in another tab: each link is theirs again.
      const { changes: out } = await settledAfter([first, second], () => I.inAnotherTab({ remove: TOKEN_KEY }));
      expect(out).toEqual([expect.objectContaining(REFUSED), expect.objectContaining(REFUSED)]);
      const { changes: back } = await settledAfter([first, second], () =>
        I.inAnotherTab({ set: { [TOKEN_KEY]: 'token-1' } }),
      );
      expect(back.map((change) => visitorIn(change.href))).toEqual([visitor('token-1'), visitor('token-1')]);
      const { changes: next } = await settledAfter([first, second], () =>
        I.inAnotherTab({ set: { [TOKEN_KEY]: 'token-3' } }),
      );
      expect(next.map((change) => visitorIn(change.href))).toEqual([visitor('token-3'), visitor('token-3')]);
    });

    it("who signs in while the first one's lookup is held at the provider asks on their own, and never sees the first one's links", async () => {
      I = await browser.open(build);
      await I.openAnotherTab();
      const ids = await addMembersLinks();
      const sentBefore = I.provider.requests.length;
      const held = I.holdGraphql();
      await I.inAnotherTab({ set: { [TOKEN_KEY]: 'token-1' } });
      await held.arrived(1);
      const hrefs = await I.recordHrefWrites();

      await I.inAnotherTab({ set: { [TOKEN_KEY]: 'token-2' } });
      // Not shared with the request in flight: that one carries the first visitor's token.
      await expect.poll(() => I.provider.requests.length - sentBefore, UNTIL).toBe(2);
      const [firstVisitors, secondVisitors] = I.provider.requests.slice(sentBefore);
      expect(firstVisitors!.headers.authorization).toBe('Bearer token-1');
      expect(secondVisitors!.headers.authorization).toBe('Bearer token-2');
      expect(askedIn([secondVisitors!])).toEqual(MEMBERS_ASKED);

      // The first visitor's answer comes first: the page has moved on, and must not show it.
      held.release(0);
      await held.ended(0);
      held.release(1);
      await expect
        .poll(
          async () => (await Promise.all(ids.map((id) => I.anchorOf(id)))).map((shown) => visitorIn(shown.href)),
          UNTIL,
        )
        .toEqual(ids.map(() => visitor('token-2')));
      const everShown = await hrefs.shown();
      expect(everShown.map(visitorIn)).not.toContain(visitor('token-1'));
      for (const id of ids) expect((await I.linkChanges(id)).at(-1)).toMatchObject({ state: 'enabled' });
    });

    it('added after the page switched visitor, an element does not share the lookup in flight for the one before', async () => {
      I = await browser.open(build, { storage: { [TOKEN_KEY]: 'token-1' } });
      const held = I.holdGraphql();
      const first = await I.add(MEMBERS[0]!);
      await held.arrived(1);
      await I.signInHere('token-2', { refresh: false });
      const second = await I.add(MEMBERS[0]!);
      await expect.poll(() => I.provider.requests.length, UNTIL).toBe(2);
      expect(I.provider.requests.map((request) => request.headers.authorization)).toEqual([
        'Bearer token-1',
        'Bearer token-2',
      ]);

      held.end();
      const [firstLink, secondLink] = await I.settledAll([first, second]);
      expect(visitorIn(firstLink!.href)).toBe(visitor('token-1'));
      expect(visitorIn(secondLink!.href)).toBe(visitor('token-2'));
    });
  });

  it('refresh() keeps a good link on its anchor while the lookup is in flight, then announces the one that came', async () => {
    I = await browser.open(build);
    const id = await I.add(publicSwatch);
    const { href } = await I.settled(id);
    const shown = await I.recordShownChanges(id);
    const held = I.holdGraphql();

    const change = await I.settleAfter(id, async () => {
      await I.refresh();
      await held.arrived(1);
      // Held at the provider: the lookup is in flight for as long as the test looks.
      expect(await I.anchorOf(id)).toEqual(enabled(href!));
      held.release(0);
    });

    expect(change).toMatchObject({ state: 'enabled', href, reason: null });
    expect(await I.anchorOf(id)).toEqual(enabled(href!));
    // Nothing that the anchor shows went away on the way, not even for a moment.
    const changes = await shown();
    expect(changes.filter((entry) => entry.name === 'href' && entry.value === null)).toEqual([]);
    expect(changes.filter((entry) => entry.name === 'aria-disabled')).toEqual([]);
    expect(changes.filter((entry) => entry.name === 'data-state' && entry.value !== 'enabled')).toEqual([]);
    expect(askedIn(I.provider.requests)).toEqual(['A-100/GetMaterialDownloadLink', 'A-100/GetMaterialDownloadLink']);
  });

  it('refresh() leaves alone elements with invalid input, waiting for inputs, without an anchor or under defer-hydration: nothing logged, announced or sent', async () => {
    I = await browser.open(build);
    const [missingArticle, badType, awaitingInputs, deferred, sentinel] = await I.addTogether([
      { ...org1, type: 'pbr' },
      { ...org1, 'article-id': 'A-100', type: 'video' },
      {},
      { ...publicSwatch, 'defer-hydration': '' },
      MEMBERS[0]!,
    ]);
    const withoutAnchor = await I.add(
      { ...org1, 'article-id': 'A-101', type: 'pbr' },
      { inner: '<span class="button">Download</span>' },
    );
    const announced = await I.settledAll([missingArticle!, badType!, withoutAnchor, sentinel!]);
    expect(announced.map((change) => change.reason)).toEqual([
      'invalid-input',
      'invalid-input',
      'no-anchor',
      'unauthorized',
    ]);
    const left = [missingArticle!, badType!, awaitingInputs!, deferred!, withoutAnchor];
    const markupBefore = await Promise.all(left.map((id) => I.markupOf(id)));
    const changesBefore = await I.linkChanges();
    const errorsBefore = await I.consoleErrors();
    const warningsBefore = await I.consoleWarnings();
    const sentBefore = I.provider.requests.length;

    // The sentinel settles again after refresh(): by then every element has had its turn.
    const signedIn = await I.settleAfter(sentinel!, () => I.signInHere('token-1'));
    await I.aFrameLater();

    expect(signedIn).toMatchObject({ state: 'enabled' });
    expect(askedIn(I.provider.requests.slice(sentBefore))).toEqual(['A-MEMBERS/GetPbrMaterialDownloadLink']);
    expect(await I.consoleErrors()).toEqual(errorsBefore);
    expect(await I.consoleWarnings()).toEqual(warningsBefore);
    expect((await I.linkChanges()).filter((change) => change.id !== sentinel)).toEqual(
      changesBefore.filter((change) => change.id !== sentinel),
    );
    expect(await Promise.all(left.map((id) => I.markupOf(id)))).toEqual(markupBefore);
  });
});
