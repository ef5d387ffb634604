import { describe, expect, it } from 'vitest';
import type { Binding, ChromiumPage, ElementId } from './support/chromiumPage';
import { useHarness } from './support/useHarness';

/**
 * Frameworks insert an element first and bind its inputs after: Angular in
 * the same task for a root template, in a later task for a routed view.
 * Neither order may report an input missing: the page hears of the element
 * once, when its link is known, after one request. Either order on its own
 * is the contract, run in every engine (test/engines/binding.test.ts); here,
 * what else a framework may do meanwhile.
 */
const harness = useHarness();
let I: ChromiumPage;

const BY_PROPERTIES: Binding = { properties: { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' } };
const BY_ATTRIBUTES: Binding = { attributes: { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr' } };

/** Nothing heard of the element yet: no cm-link-change, no message, no request. */
async function expectSilence(): Promise<void> {
  expect([
    await I.linkChanges(),
    I.devtools.consoleErrors,
    I.devtools.consoleWarnings,
    harness.provider.requests,
  ]).toEqual([[], [], [], []]);
}

/** The element settled enabled, having said nothing before: one cm-link-change, no message, one request. */
async function expectOnlyTheFinalSettling(id: ElementId): Promise<void> {
  const change = await I.settled(id);
  expect(change).toMatchObject({ state: 'enabled', error: null });
  expect(change.href).toContain('/files/org-1/A-100/pbr-');
  expect(await I.linkChanges(id)).toEqual([change]);
  expect(I.devtools.consoleErrors).toEqual([]);
  expect(I.devtools.consoleWarnings).toEqual([]);
  expect(I.operations().map((operation) => operation.variables.articleId)).toEqual(['A-100']);
  expect(harness.provider.requests).toHaveLength(1);
}

describe('inputs bound after the element is inserted', () => {
  it('inputs that bring none of organization-id, article-id and type keep it waiting, and count once bound', async () => {
    I = await harness.open();
    const id = await I.insert({ attributes: { 'file-type': 'jpg', loading: 'eager' } });
    await I.aFrameLater();
    await I.bind(id, { attributes: { resolution: 'high' } });
    await I.aFrameLater();
    expect(await I.attribute(id, 'data-state')).toBe('idle');
    await expectSilence();

    await I.bind(id, BY_PROPERTIES);
    const change = await I.settled(id);
    expect(change.href).toMatch(/\/files\/org-1\/A-100\/pbr-DONE_DEFAULT-HIGH-JPG\.zip$/);
  });

  it('a partial set still says what is missing, once', async () => {
    I = await harness.open();
    const id = await I.insert();
    await I.aFrameLater();
    await I.bind(id, { properties: { organizationId: 'org-1', type: 'pbr' } });
    expect(await I.settled(id)).toEqual({
      id,
      state: 'disabled',
      href: null,
      error: 'no article id provided',
      reason: 'invalid-input',
      bubbles: true,
      composed: true,
    });
    expect(I.devtools.consoleErrors).toHaveLength(1);
    expect(I.devtools.consoleErrors[0]).toContain('no article id provided');
    expect(harness.provider.requests).toEqual([]);
  });

  it('with `debug`, the log says it waits for its inputs', async () => {
    I = await harness.open();
    const id = await I.insert({ attributes: { debug: '' } });
    await expect
      .poll(() => I.devtools.consoleDebug)
      .toEqual([
        `cm-material-download#${id}: idle, waiting for its inputs (none of organization-id, article-id, type is set yet)`,
      ]);
    await I.bind(id, BY_PROPERTIES);
    await I.settled(id);
    expect(I.devtools.consoleDebug.slice(1, 3)).toEqual([
      expect.stringMatching(new RegExp(`^cm-material-download#${id}: idle → validating on always`)),
      expect.stringMatching(new RegExp(`^cm-material-download#${id}: validating → fetching on always`)),
    ]);
  });
});

describe('an element that leaves before the task that inserted it is over', () => {
  it('removed: makes no request and says nothing, even when put back after the grace period', async () => {
    I = await harness.open();
    const id = await I.insert({ binding: BY_ATTRIBUTES, then: 'removed' });
    // Past the 10 ms grace period: destroyed, as it would be had it started.
    await I.page.waitForTimeout(100);
    await I.page.evaluate((gone) => document.getElementById('root')!.append((window as any).__removed[gone]), id);
    await I.page.waitForTimeout(100);
    await expectSilence();
  });

  it('moved: starts once, with one request', async () => {
    I = await harness.open();
    await expectOnlyTheFinalSettling(await I.insert({ binding: BY_ATTRIBUTES, then: 'moved' }));
  });
});
