import { describe, expect, it } from 'vitest';
import type { ChromiumPage } from './support/chromiumPage';
import { useHarness } from './support/useHarness';

/**
 * Frameworks insert an element first and bind its inputs after: Angular in
 * the same task for a root template, in a later task for a routed view.
 * Neither order may report an input missing: the page hears of the element
 * once, when its link is known, after one request.
 */
const harness = useHarness();
let I: ChromiumPage;

type Binding = { properties: Record<string, string> } | { attributes: Record<string, string> };

const BY_PROPERTIES: Binding = { properties: { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' } };
const BY_ATTRIBUTES: Binding = { attributes: { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr' } };

interface Insertion {
  id: string;
  /** Attributes it is created with, before it is inserted. */
  attributes?: Record<string, string>;
  /** Inputs bound right after it is inserted, in the same script. */
  binding?: Binding;
  /** What happens to it next, in the same script. */
  then?: 'removed' | 'moved';
}

interface FrameworkWindow {
  __bind(id: string, binding: Binding): void;
  __insert(insertion: Insertion): void;
  __removed?: Element;
}

/** A page with the element loaded, and what a framework does to it, as page functions. */
async function openFrameworkPage(): Promise<void> {
  I = await harness.open();
  await I.page.evaluate(() => {
    const w = window as unknown as FrameworkWindow;
    w.__bind = (id, binding) => {
      const element = document.getElementById(id)!;
      if ('properties' in binding) Object.assign(element, binding.properties);
      else for (const [name, value] of Object.entries(binding.attributes)) element.setAttribute(name, value);
    };
    w.__insert = ({ id, attributes = {}, binding, then }) => {
      const element = document.createElement('cm-material-download');
      element.id = id;
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      element.innerHTML = '<a class="button">Download</a>';
      const root = document.getElementById('root')!;
      root.append(element);
      if (binding) w.__bind(id, binding);
      if (then === 'moved') root.appendChild(document.createElement('section')).append(element);
      if (then === 'removed') {
        element.remove();
        w.__removed = element;
      }
    };
  });
}

/** One script, as a framework's template runs. */
const insert = (insertion: Insertion) =>
  I.page.evaluate((given) => (window as unknown as FrameworkWindow).__insert(given), insertion);

/** A script of its own. */
const bind = (id: string, binding: Binding) =>
  I.page.evaluate(([elementId, given]) => (window as unknown as FrameworkWindow).__bind(elementId, given), [
    id,
    binding,
  ] as const);

/** Waits a rendered frame and the task after it, in the page: a later task than the one that inserted the element. */
const aFrameLater = () => I.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));

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
async function expectOnlyTheFinalSettling(id: string): Promise<void> {
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
  it.each([
    ['properties', BY_PROPERTIES],
    ['attributes', BY_ATTRIBUTES],
  ] as const)('%s set in the script that inserted it: nothing is missing', async (_, binding) => {
    await openFrameworkPage();
    await insert({ id: 'bound', binding });
    await expectOnlyTheFinalSettling('bound');
  });

  it.each([
    ['properties', BY_PROPERTIES],
    ['attributes', BY_ATTRIBUTES],
  ] as const)('%s set a frame later: it waits idle and quiet until then', async (_, binding) => {
    await openFrameworkPage();
    await insert({ id: 'bound' });
    await aFrameLater();
    await aFrameLater();
    expect(await I.anchorOf('bound')).toEqual({
      dataState: 'idle',
      href: null,
      className: 'button disabled',
      ariaDisabled: 'true',
    });
    await expectSilence();

    await bind('bound', binding);
    await expectOnlyTheFinalSettling('bound');
  });

  it('inputs that bring none of organization-id, article-id and type keep it waiting, and count once bound', async () => {
    await openFrameworkPage();
    await insert({ id: 'bound', attributes: { 'file-type': 'jpg', loading: 'eager' } });
    await aFrameLater();
    await bind('bound', { attributes: { resolution: 'high' } });
    await aFrameLater();
    expect(await I.page.locator('#bound').getAttribute('data-state')).toBe('idle');
    await expectSilence();

    await bind('bound', BY_PROPERTIES);
    const change = await I.settled('bound');
    expect(change.href).toMatch(/\/files\/org-1\/A-100\/pbr-DONE_DEFAULT-HIGH-JPG\.zip$/);
  });

  it('a partial set still says what is missing, once', async () => {
    await openFrameworkPage();
    await insert({ id: 'bound' });
    await aFrameLater();
    await bind('bound', { properties: { organizationId: 'org-1', type: 'pbr' } });
    expect(await I.settled('bound')).toEqual({
      id: 'bound',
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
    await openFrameworkPage();
    await insert({ id: 'bound', attributes: { debug: '' } });
    await expect
      .poll(() => I.devtools.consoleDebug)
      .toEqual([
        'cm-material-download#bound: idle, waiting for its inputs (none of organization-id, article-id, type is set yet)',
      ]);
    await bind('bound', BY_PROPERTIES);
    await I.settled('bound');
    expect(I.devtools.consoleDebug.slice(1, 3)).toEqual([
      expect.stringMatching(/^cm-material-download#bound: idle → validating on always/),
      expect.stringMatching(/^cm-material-download#bound: validating → fetching on always/),
    ]);
  });
});

describe('an element that leaves before the task that inserted it is over', () => {
  it('removed: makes no request and says nothing, even when put back after the grace period', async () => {
    await openFrameworkPage();
    await insert({ id: 'gone', binding: BY_ATTRIBUTES, then: 'removed' });
    // Past the 10 ms grace period: destroyed, as it would be had it started.
    await I.page.waitForTimeout(100);
    await I.page.evaluate(() =>
      document.getElementById('root')!.append((window as unknown as FrameworkWindow).__removed!),
    );
    await I.page.waitForTimeout(100);
    await expectSilence();
  });

  it('moved: starts once, with one request', async () => {
    await openFrameworkPage();
    await insert({ id: 'moved', binding: BY_ATTRIBUTES, then: 'moved' });
    await expectOnlyTheFinalSettling('moved');
  });
});
