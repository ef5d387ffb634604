import type { Locator, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { materialDownloadMachine } from '../../src/machine';
import type { MaterialDownloadPage } from '../browser/support/materialDownloadPage';
import { useHarness } from '../browser/support/useHarness';
import { elementModel, type ElementModelEvent } from './elementModel';
import { realMachineEdges, realMachineStates } from './realMachineEdges';
import { transitionCoveringPaths } from './transitionPaths';

type Kind = 'link' | 'none' | 'fault' | 'invalid' | 'lazy';
interface Inputs {
  attributes: Record<string, string>;
  /** For a link: how its href starts (after the origin). For a failure: what its error says. */
  expect: string | null;
}

/** Real provider inputs with a known outcome; two of each kind, so a repeat is still a change. */
const INPUTS: Record<Kind, Inputs[]> = {
  link: [
    {
      attributes: { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'thumbnail', dimensions: '10x10cm' },
      expect: '/files/org-1/A-100/thumbnail-',
    },
    {
      attributes: { 'organization-id': 'org-1', 'article-id': 'A-101', type: 'tile' },
      expect: '/files/org-1/A-101/tile-',
    },
    {
      attributes: { 'organization-id': 'org-2', 'article-id': 'B-203', type: 'pbr' },
      expect: '/files/org-2/B-203/pbr-',
    },
  ],
  none: [
    {
      attributes: { 'organization-id': 'org-1', 'article-id': 'A-199', type: 'thumbnail', dimensions: '10x10cm' },
      expect: null,
    },
    { attributes: { 'organization-id': 'org-1', 'article-id': 'A-102', type: 'pbr' }, expect: null },
  ],
  fault: [
    {
      attributes: { 'organization-id': 'org-1', 'article-id': 'fault-status-500-json', type: 'pbr' },
      expect: 'request failed: HTTP 500',
    },
    {
      attributes: { 'organization-id': 'org-1', 'article-id': 'fault-errors', type: 'pbr' },
      expect: 'GraphQL error: Internal failure',
    },
  ],
  lazy: [
    {
      attributes: { 'organization-id': 'org-1', 'article-id': 'A-103', type: 'pbr', loading: 'lazy' },
      expect: '/files/org-1/A-103/pbr-',
    },
    {
      attributes: { 'organization-id': 'org-2', 'article-id': 'B-202', type: 'pbr', loading: 'lazy' },
      expect: '/files/org-2/B-202/pbr-',
    },
  ],
  invalid: [
    {
      attributes: { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'video' },
      expect: 'Invalid type "video". Valid values: pbr, thumbnail, tile.',
    },
    {
      attributes: { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr', dimensions: '10x10cm' },
      expect: 'Providing dimensions is not supported for PBRs.',
    },
  ],
};

/** One path's world: a fresh page, its element, and the requests held at the network. */
interface Run {
  I: MaterialDownloadPage;
  element: Locator;
  id: string;
  held: Route[];
  current: Inputs;
  kind: Kind;
  /** The real machine's state at rest, to name the source of the next traced edge. */
  realState: string;
  /** Requests held when the inputs last changed: a waiting element adds none. */
  heldAtInput: number;
}

const harness = useHarness();
let run: Run;
const observedEdges = new Set<string>();
const observedStates = new Set<string>();

async function startRun(): Promise<void> {
  const I = await harness.newPage();
  const held: Route[] = [];
  // Requests are held, then continued to the real provider: the answer is real, only its timing is ours.
  await I.page.route('**/graphql', (route) => void held.push(route));
  // No answer cache: every input change must reach the network, where the test holds it.
  await I.open({ trace: true, configure: { batch: false, cacheTtlMs: 0 } });
  const current = INPUTS.link[0]!;
  // The element sits below the fold, so a lazy one waits until it is scrolled to.
  await I.page.evaluate(() =>
    document.body.prepend(Object.assign(document.createElement('div'), { style: 'height: 3000px' })),
  );
  const element = await I.add(current.attributes);
  run = {
    I,
    element,
    id: (await element.getAttribute('id'))!,
    held,
    current,
    kind: 'link',
    realState: 'validating',
    heldAtInput: 0,
  };
  await I.page.waitForFunction(
    () => document.querySelector('cm-material-download')?.getAttribute('data-state') === 'fetching',
  );
  await expect.poll(() => held.length).toBe(1);
  await recordTrace(['validating -> always[0] -> fetching']);
}

/** Checks the real machine's microsteps since the last call, and keeps them for the coverage report. */
async function recordTrace(expected: string[]): Promise<void> {
  const trace = await run.I.trace(run.id);
  await run.I.clearTrace();
  expect(trace.map((entry) => entry.edge)).toEqual(expected);
  for (const entry of trace) {
    observedEdges.add(entry.edge);
    observedStates.add(entry.from).add(entry.to);
    run.realState = entry.to;
  }
}

async function changeInputs(kind: Kind): Promise<void> {
  const next = INPUTS[kind].find((candidate) => candidate !== run.current)!;
  const heldBefore = run.held.length;
  const changesBefore = (await run.I.linkChanges(run.id)).length;
  const from = run.realState;
  if (kind === 'lazy') await run.I.page.evaluate(() => window.scrollTo(0, 0));
  run.heldAtInput = heldBefore;
  await run.element.evaluate((host, attributes) => {
    for (const name of ['organization-id', 'article-id', 'type', 'dimensions', 'loading']) {
      if (name in attributes) host.setAttribute(name, attributes[name]!);
      else host.removeAttribute(name);
    }
  }, next.attributes);
  run.current = next;
  run.kind = kind;
  if (kind === 'lazy') {
    await run.I.page.waitForFunction(
      (id) => document.getElementById(id)?.getAttribute('data-state') === 'waiting',
      run.id,
    );
  } else if (kind === 'invalid') {
    await run.I.page.waitForFunction(
      ([id, count]) =>
        (window as any).__linkChanges.filter((c: { id: string }) => c.id === id).length > (count as number),
      [run.id, changesBefore] as const,
    );
  } else {
    await expect.poll(() => run.held.length).toBe(heldBefore + 1);
    await run.I.page.waitForFunction(
      (id) => document.getElementById(id)?.getAttribute('data-state') === 'fetching',
      run.id,
    );
  }
  // Five attribute writes, one input change: validating is entered exactly once.
  const exit = {
    link: 'always[0] -> fetching',
    none: 'always[0] -> fetching',
    fault: 'always[0] -> fetching',
    lazy: 'always[1] -> waiting',
    invalid: 'always[2] -> disabled',
  }[kind];
  await recordTrace([`${from} -> INPUTS.SET[0] -> validating`, `validating -> ${exit}`]);
}

const FETCH_DONE = 'xstate.done.actor.0.materialDownload.fetching';
const FETCH_ERROR = 'xstate.error.actor.0.materialDownload.fetching';

const events: Record<ElementModelEvent, () => Promise<void>> = {
  'INPUT.LINK': () => changeInputs('link'),
  'INPUT.NONE': () => changeInputs('none'),
  'INPUT.FAULT': () => changeInputs('fault'),
  'INPUT.INVALID': () => changeInputs('invalid'),
  'INPUT.LAZY': () => changeInputs('lazy'),
  VISIBLE: async () => {
    const heldBefore = run.held.length;
    await run.element.scrollIntoViewIfNeeded();
    await expect.poll(() => run.held.length).toBe(heldBefore + 1);
    await run.I.page.waitForFunction(
      (id) => document.getElementById(id)?.getAttribute('data-state') === 'fetching',
      run.id,
    );
    run.kind = 'link';
    await recordTrace(['waiting -> VISIBLE[0] -> fetching']);
  },
  ANSWER: async () => {
    await run.I.settleAfter(run.element, () => run.held.at(-1)!.continue());
    const edge = {
      link: `${FETCH_DONE}[0] -> enabled`,
      none: `${FETCH_DONE}[1] -> disabled`,
      fault: `${FETCH_ERROR}[0] -> disabled`,
      invalid: '',
      lazy: '',
    }[run.kind];
    await recordTrace([`fetching -> ${edge}`]);
  },
  DESTROY: async () => {
    const from = run.realState;
    // Locators cannot reach a detached element: keep it where the page can.
    await run.element.evaluate((host) => {
      (window as any).__detached = host;
      host.remove();
    });
    await run.I.page.waitForFunction(
      (id) => (window as any).__trace.some((t: { id: string; to: string }) => t.id === id && t.to === 'destroyed'),
      run.id,
    );
    await recordTrace([`${from} -> DESTROY[0] -> destroyed`]);
  },
};

const DISABLED_ANCHOR = { href: null, className: 'button disabled', ariaDisabled: 'true' };

const states: Record<string, () => Promise<void>> = {
  waiting: async () => {
    expect(await run.I.anchorOf(run.element)).toEqual({ dataState: 'waiting', ...DISABLED_ANCHOR });
    await run.I.page.waitForTimeout(50);
    expect(run.held.length).toBe(run.heldAtInput);
  },
  fetching: async () => {
    expect(await run.I.anchorOf(run.element)).toEqual({ dataState: 'fetching', ...DISABLED_ANCHOR });
    const request = run.held.at(-1)!.request().postDataJSON();
    expect(request.variables.articleId).toBe(run.current.attributes['article-id']);
  },
  enabled: async () => {
    const anchor = await run.I.anchorOf(run.element);
    expect(anchor).toMatchObject({ dataState: 'enabled', className: 'button', ariaDisabled: null });
    expect(anchor.href?.startsWith(`${run.I.origin}${run.current.expect}`)).toBe(true);
    expect((await run.I.linkChanges(run.id)).at(-1)).toEqual({
      id: run.id,
      state: 'enabled',
      href: anchor.href,
      error: null,
    });
  },
  disabled: async () => {
    expect(await run.I.anchorOf(run.element)).toEqual({ dataState: 'disabled', ...DISABLED_ANCHOR });
    const last = (await run.I.linkChanges(run.id)).at(-1)!;
    expect(last).toMatchObject({ state: 'disabled', href: null, error: run.current.expect });
    if (run.current.expect) expect(run.I.consoleErrors.at(-1)).toContain(run.current.expect);
  },
  destroyed: async () => {
    const heldBefore = run.held.length;
    await run.I.page.evaluate(() => (window as any).__detached.setAttribute('article-id', 'A-103'));
    await run.I.page.waitForTimeout(100);
    expect(run.held.length).toBe(heldBefore);
    // A stopped actor has no microsteps: nothing after `destroyed`.
    expect(await run.I.trace(run.id)).toEqual([]);
  },
};

describe('model-based: the element against its statechart', () => {
  const model = createTestModel(elementModel);
  const { paths, edgeCount } = transitionCoveringPaths(model);

  it('has an executor for every model event and an assertion for every model state', () => {
    expect(Object.keys(events).sort()).toEqual([...new Set(elementModel.events)].sort());
    for (const { state } of Object.values(model.getAdjacencyMap())) {
      expect(Object.keys(states).some((key) => state.matches(key as never))).toBe(true);
    }
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    // The harness checks the page for errors and closes it after the path.
    await startRun();
    await model.testPath(path, {
      events: Object.fromEntries(Object.entries(events).map(([type, exec]) => [type, () => exec()])),
      states: Object.fromEntries(Object.entries(states).map(([key, check]) => [key, () => check()])),
    });
  });

  it('covered every state and transition of the real machine', () => {
    const expectedEdges = realMachineEdges(materialDownloadMachine);
    const missingEdges = [...expectedEdges].filter((edge) => !observedEdges.has(edge));
    const missingStates = realMachineStates(materialDownloadMachine).filter((state) => !observedStates.has(state));
    console.info(
      `model coverage: ${paths.length} paths over ${edgeCount} model transitions; ` +
        `real machine: ${observedStates.size}/${realMachineStates(materialDownloadMachine).length} states, ` +
        `${expectedEdges.size - missingEdges.length}/${expectedEdges.size} transitions\n  ${[...expectedEdges].join('\n  ')}`,
    );
    expect(missingStates).toEqual([]);
    expect(missingEdges).toEqual([]);
    expect([...observedEdges].filter((edge) => !expectedEdges.has(edge))).toEqual([]);
  });
});
