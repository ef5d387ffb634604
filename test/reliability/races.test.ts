import fc from 'fast-check';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChromiumPage, WatchHrefs } from '../browser/support/chromiumPage';
import { useHarness } from '../browser/support/useHarness';

/**
 * Races, by property-based testing: random sequences of attribute and
 * property changes, changes that leave the request as it was, removals, DOM
 * moves, disconnects and reconnects (within and beyond the 10 ms destroy
 * delay) and the browser going offline and back, against answers delayed at
 * random and failures on the wire that pass or do not (so retries, backoffs
 * and reconnections race too). Whatever the order, the anchor ends up showing
 * exactly the link for the final inputs; no answer for inputs the customer
 * had already replaced is ever shown; requests go out only for the inputs of
 * the moment, each request tried at most `retry.attempts` more times; each
 * final failure is logged once and nothing else is; and a destroyed element
 * stays inert and asks for nothing.
 *
 * Reproduce a failure with the seed (and path) fast-check prints:
 * CM_RACE_SEED=<seed> CM_RACE_PATH=<path> npx vitest run --project reliability test/reliability/races.test.ts
 */

const RUNS = Number(process.env.CM_RACE_RUNS ?? 200);
const DESTROY_DELAY_MS = 10;
/** Quick retries, so that their waits (about 20 ms, then 60 ms) race with the steps. */
const RETRY = { attempts: 2, baseDelayMs: 20 };

const INPUTS = {
  'organization-id': 'organizationId',
  'article-id': 'articleId',
  type: 'type',
  dimensions: 'dimensions',
} as const;
type InputName = keyof typeof INPUTS;
type Inputs = Partial<Record<InputName, string>>;

/** A step the page takes itself, in its own tasks. */
type PageStep =
  | { kind: 'attribute'; name: InputName; value: string }
  | { kind: 'property'; name: InputName; value: string }
  | { kind: 'remove-attribute'; name: InputName }
  /** A write that leaves the request as it was: an input set to its own value, or a default spelled out. */
  | { kind: 'no-op'; name: InputName | 'file-type' | 'resolution'; value?: string }
  | { kind: 'move' }
  | { kind: 'away'; ms: number }
  | { kind: 'wait'; ms: number }
  /** Until the element waits to try again, or `ms` have passed: the next step lands in the backoff. */
  | { kind: 'until-backoff'; ms: number }
  /** Until the element has come to rest (settled, nothing on the wire). */
  | { kind: 'until-rest' };
/** The browser context going offline or back online (from outside the page: `context.setOffline`). */
type NetworkStep = { kind: 'network'; offline: boolean };
type Step = PageStep | NetworkStep;

interface Scenario {
  config: { cache: boolean; batch: boolean };
  initial: Inputs;
  steps: Step[];
}

// ---------------------------------------------------------------------------
// What may happen

const ARTICLES = ['A-100', 'A-101', 'A-103', 'A-199'];
const FLAKY = 'fault-flaky-503-1';
const FAILING_ON_WIRE = 'fault-status-503-json';
const ORGANIZATIONS = ['org-1', 'org-2'];
const KINDS: { type: string; dimensions?: string }[] = [
  { type: 'thumbnail', dimensions: '10x10cm' },
  { type: 'tile' },
  { type: 'pbr' },
];

const valueOf: Record<InputName, fc.Arbitrary<string>> = {
  'organization-id': fc.constantFrom('org-1', 'org-1', 'org-2', ''),
  // fault-delay-<ms> answers as org-1's A-100 after the delay: the slow answers the races are about.
  // fault-flaky-503-1-<tag> fails its first request, then answers as A-100: a retry gets the link (a tag
  // of its own, so that no earlier run's answer is in the cache).
  // fault-status-503-json fails on the wire every time: retried, then a final failure that waits for the
  // connection; fault-status-500-json fails at once, for good.
  'article-id': fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 120 }).map((ms) => `fault-delay-${ms}`) },
    { weight: 3, arbitrary: fc.constantFrom(...ARTICLES) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 2 ** 30 }).map((tag) => `${FLAKY}-t${tag}`) },
    { weight: 2, arbitrary: fc.constant(FAILING_ON_WIRE) },
    { weight: 1, arbitrary: fc.constantFrom('fault-status-500-json', '') },
  ),
  type: fc.constantFrom('thumbnail', 'thumbnail', 'tile', 'pbr', 'video'),
  dimensions: fc.constantFrom('10x10cm', '10x10cm', 'none', ''),
};
const inputName = fc.constantFrom(...(Object.keys(INPUTS) as InputName[]));
const withValue = (kind: 'attribute' | 'property') =>
  inputName.chain((name) => valueOf[name].map((value): Step => ({ kind, name, value })));

/** A new type with dimensions to match, as a customer switching kinds would write it: two changes in one task. */
const kindSwitch = fc
  .tuple(fc.constantFrom(...KINDS), fc.constantFrom<'attribute' | 'property'>('attribute', 'property'))
  .map(([kind, how]): Step[] => [
    { kind: how, name: 'type', value: kind.type },
    kind.dimensions
      ? { kind: how, name: 'dimensions', value: kind.dimensions }
      : { kind: 'remove-attribute', name: 'dimensions' },
  ]);

/** The same value again (where the input is set), or file-type or resolution spelled out as their defaults. */
const noOp = fc.oneof(
  inputName.map((name): Step => ({ kind: 'no-op', name })),
  fc.constantFrom<Step>(
    { kind: 'no-op', name: 'file-type', value: 'exr' },
    { kind: 'no-op', name: 'resolution', value: 'none' },
  ),
);

/** A no-op change, or a removal for good, in the very task the element starts waiting to try again. */
const duringBackoff = fc
  .oneof(
    noOp,
    fc.integer({ min: DESTROY_DELAY_MS + 3, max: 40 }).map((ms): Step => ({ kind: 'away', ms })),
  )
  .map((then): Step[] => [{ kind: 'until-backoff', ms: 150 }, then]);

const step: fc.Arbitrary<Step[]> = fc
  .oneof(
    { weight: 2, arbitrary: kindSwitch },
    { weight: 5, arbitrary: withValue('attribute') },
    { weight: 3, arbitrary: withValue('property') },
    { weight: 1, arbitrary: inputName.map((name): Step => ({ kind: 'remove-attribute', name })) },
    { weight: 2, arbitrary: noOp },
    { weight: 3, arbitrary: fc.boolean().map((offline): Step => ({ kind: 'network', offline })) },
    // Offline, and then a change: its lookup fails on the wire, is tried again in vain, and the element
    // waits for the connection (any later step, or the end of the run, brings it back).
    {
      weight: 2,
      arbitrary: withValue('attribute').map((change): Step[] => [
        { kind: 'network', offline: true },
        change,
        { kind: 'until-rest' },
      ]),
    },
    { weight: 4, arbitrary: duringBackoff },
    { weight: 1, arbitrary: fc.constant<Step>({ kind: 'move' }) },
    // Back within the grace period (a framework reordering), or after it (removed for good, then put back).
    {
      weight: 2,
      arbitrary: fc.integer({ min: 0, max: DESTROY_DELAY_MS - 2 }).map((ms): Step => ({ kind: 'away', ms })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: DESTROY_DELAY_MS + 3, max: 40 }).map((ms): Step => ({ kind: 'away', ms })),
    },
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 60 }).map((ms): Step => ({ kind: 'wait', ms })) },
  )
  .map((one) => (Array.isArray(one) ? one : [one]));

const scenario: fc.Arbitrary<Scenario> = fc.record({
  config: fc.record({ cache: fc.boolean(), batch: fc.boolean() }),
  // Mostly a valid start, so that there is a lookup to race against.
  initial: fc
    .tuple(valueOf['organization-id'], valueOf['article-id'], fc.constantFrom(...KINDS))
    .map(([org, article, kind]): Inputs => ({ 'organization-id': org, 'article-id': article, ...kind })),
  steps: fc.array(step, { minLength: 1, maxLength: 8 }).map((groups) => groups.flat()),
});

// ---------------------------------------------------------------------------
// What must be shown: the model

interface Outcome {
  state: 'enabled' | 'disabled';
  href: string | null;
  failed: boolean;
}

/** The outcome for every valid organization/article/kind, taken from calm elements nobody disturbs. */
let calmOutcomes: Map<string, Outcome>;

const setting = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

function expectedFor(inputs: Inputs): Outcome {
  const organization = setting(inputs['organization-id']);
  const article = setting(inputs['article-id']);
  const type = setting(inputs.type);
  const dimensions = setting(inputs.dimensions) ?? 'none';
  const invalid = { state: 'disabled', href: null, failed: true } as const;
  if (!article || !organization || !type || !['pbr', 'thumbnail', 'tile'].includes(type)) return invalid;
  if ((type === 'thumbnail') === (dimensions === 'none')) return invalid;
  if (article === 'fault-status-500-json' || article === FAILING_ON_WIRE) return invalid;
  const standIn = article.startsWith('fault-delay-') || article.startsWith(FLAKY);
  const [org, id] = standIn ? ['org-1', 'A-100'] : [organization, article];
  const outcome = calmOutcomes.get(`${org}/${id}/${type}`);
  if (!outcome) throw new Error(`no calm outcome for ${org}/${id}/${type}`);
  return outcome;
}

/**
 * The operation the element asks the provider for with these inputs (as the
 * page's fetch sees it), or null where they are invalid and nothing is asked.
 */
function requestFor(inputs: Inputs): string | null {
  const organization = setting(inputs['organization-id']);
  const article = setting(inputs['article-id']);
  const type = setting(inputs.type);
  const dimensions = setting(inputs.dimensions) ?? 'none';
  if (!article || !organization || !type || !['pbr', 'thumbnail', 'tile'].includes(type)) return null;
  if ((type === 'thumbnail') === (dimensions === 'none')) return null;
  if (type === 'pbr') return `GetPbrMaterialDownloadLink ${organization}/${article}`;
  const assignmentType = type === 'tile' ? 'MATERIAL_TILEABLE_RENDER' : 'THUMBNAIL_10X10_CM';
  return `GetMaterialDownloadLink ${organization}/${article} ${assignmentType}`;
}

/** The inputs after each input change: index 0 is the initial set. */
function inputsByEpoch({ initial, steps }: Scenario): Inputs[] {
  const history: Inputs[] = [{ ...initial }];
  for (const s of steps) {
    if (s.kind !== 'attribute' && s.kind !== 'property' && s.kind !== 'remove-attribute') continue;
    const next = { ...history.at(-1)! };
    if (s.kind === 'remove-attribute') delete next[s.name];
    else next[s.name] = s.value;
    history.push(next);
  }
  return history;
}

// ---------------------------------------------------------------------------
// Running one scenario in the page

interface Noted {
  seq: number;
  epoch: number;
}
interface RunRecord {
  hrefs: (Noted & { value: string })[];
  events: (Noted & { state: string; href: string | null; error: string | null })[];
  /** Each request the page's fetch was asked for, with the operations in its body. */
  fetches: (Noted & { outcome: string; operations: string[] })[];
  errors: (Noted & { text: string })[];
  /** Each step the statechart took, as the element's inspection hook decodes it. */
  transitions: (Noted & { from: string; trigger: string; to: string; error: string | null })[];
  /** The browser going offline or back online, as the page saw it, and what the element showed then. */
  network: (Noted & { online: boolean; state: string | null; seen: boolean })[];
  /** Steps taken while the element waited to try again. */
  duringBackoff: { noOps: number; destroyed: number };
  destroyedSeq: number | null;
  /** When the element was removed for longer than the destroy delay. */
  removedForGoodSeq: number | null;
  settled: boolean;
  final: { dataState: string | null; href: string | null; attributes: Record<string, string | null> };
}

/** Installed before the element's script: counts fetches, console errors and destruction for the current run. */
function installRecorders(): void {
  const w = window as any;
  const race = (w.__race = { seq: 0, epoch: 0, pending: 0, lastActivity: 0, current: null as any, networkEvents: 0 });
  w.__note = (list: unknown[], entry: object) => {
    race.lastActivity = performance.now();
    const noted = { seq: ++race.seq, epoch: race.epoch, ...entry };
    list.push(noted);
    return noted;
  };
  /** `operationName organization/article [assignmentType]` for each operation in a GraphQL body. */
  const operationsIn = (body: unknown): string[] => {
    try {
      const parsed = JSON.parse(String(body));
      return (Array.isArray(parsed) ? parsed : [parsed]).map(({ operationName, variables: v }) =>
        [operationName, `${v.organizationId}/${v.articleId}`, v.assignmentType].filter(Boolean).join(' '),
      );
    } catch {
      return [];
    }
  };
  const originalFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const operations = operationsIn(init?.body);
    const entry = race.current
      ? w.__note(race.current.fetches, { outcome: 'pending', operations })
      : { outcome: 'pending', operations };
    race.pending += 1;
    const response = originalFetch(input, init);
    response
      .then(
        () => (entry.outcome = 'answered'),
        (error: Error) => (entry.outcome = error?.name === 'AbortError' ? 'aborted' : 'failed'),
      )
      .finally(() => {
        race.pending -= 1;
        race.lastActivity = performance.now();
      });
    return response;
  };
  const originalError = console.error;
  console.error = function (this: unknown, ...args: unknown[]) {
    if (race.current) w.__note(race.current.errors, { text: String(args[0]) });
    return originalError.apply(this, args);
  };
  // Registered before the element's own: the run notes the change before the element reacts to it.
  for (const online of [true, false]) {
    window.addEventListener(online ? 'online' : 'offline', () => {
      race.networkEvents += 1;
      const current = race.current;
      if (current) w.__note(current.network, { online, state: current.host.getAttribute('data-state'), seen: true });
    });
  }
  /**
   * Resolves once the current element rests: the statechart has taken in the inputs the host shows,
   * nothing is on the wire, the state is a settled one (or the element is gone), and nothing has
   * happened for 40 ms. False when it does not within 5 s.
   */
  const names: Record<string, string> = {
    'organization-id': 'organizationId',
    'article-id': 'articleId',
    type: 'type',
    dimensions: 'dimensions',
  };
  w.__rest = async (): Promise<boolean> => {
    const record = race.current;
    const host: HTMLElement = record.host;
    const caughtUp = () =>
      Object.entries(names).every(
        ([name, property]) =>
          (host.getAttribute(name) || undefined) === (record.machineInputs?.[property] || undefined),
      );
    const deadline = performance.now() + 5000;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const state = host.getAttribute('data-state');
      const resting =
        record.removedForGoodSeq !== null || ((state === 'enabled' || state === 'disabled') && caughtUp());
      if (race.pending === 0 && resting && performance.now() - race.lastActivity > 40) return true;
      if (performance.now() > deadline) return false;
    }
  };
  const aside = document.createElement('aside');
  aside.id = 'elsewhere';
  document.body.append(aside);
}

/** The element's debugging hook: which inputs its statechart has taken in, each step it takes, and its destruction. */
function watchMachines(): void {
  const w = window as any;
  (customElements.get('cm-material-download') as any).configure({
    inspect(event: any, host: HTMLElement, transition: any) {
      const current = w.__race.current;
      if (current?.host !== host) return;
      if (transition) {
        const { from, trigger, to, context } = transition;
        w.__note(current.transitions, { from, trigger, to, error: context.error });
      }
      if (event.type !== '@xstate.snapshot' || !event.snapshot?.context) return;
      current.machineInputs = event.snapshot.context.inputs;
      if (event.snapshot.value === 'destroyed') {
        current.destroyedSeq = ++w.__race.seq;
        w.__race.lastActivity = performance.now();
      }
    },
  });
}

/** Connects a new element with the scenario's first inputs, and starts recording for it. */
function startRun(initial: Inputs): void {
  const w = window as any;
  const race = w.__race;
  race.epoch = 0;
  const host = document.createElement('cm-material-download');
  for (const [name, value] of Object.entries(initial)) host.setAttribute(name, value);
  const anchor = document.createElement('a');
  anchor.className = 'button';
  anchor.textContent = 'Download';
  host.append(anchor);
  const record: Record<string, unknown> = {
    hrefs: [],
    events: [],
    fetches: [],
    errors: [],
    transitions: [],
    network: [],
    duringBackoff: { noOps: 0, destroyed: 0 },
    destroyedSeq: null,
    removedForGoodSeq: null,
    settled: true,
    host,
  };
  race.current = record;
  // The page object's href recorder: every value written, even one replaced within the same task.
  record.hrefWatch = (w.__watchHrefs as WatchHrefs)(anchor, (value) => {
    if (value !== null) w.__note(record.hrefs, { value });
  });
  host.addEventListener('cm-link-change', (event) => w.__note(record.events, { ...(event as CustomEvent).detail }));
  document.getElementById('root')!.append(host);
}

/** Takes these steps in the page, one after the other, in the tasks their waits call for. */
async function takeSteps(steps: PageStep[]): Promise<void> {
  const w = window as any;
  const race = w.__race;
  const record = race.current;
  const host: HTMLElement = record.host;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const propertyOf: Record<string, string> = {
    'organization-id': 'organizationId',
    'article-id': 'articleId',
    type: 'type',
    dimensions: 'dimensions',
  };
  const root = document.getElementById('root')!;
  const elsewhere = document.getElementById('elsewhere')!;
  const backingOff = () => host.getAttribute('data-state') === 'retrying';
  for (const s of steps) {
    switch (s.kind) {
      case 'attribute':
        race.epoch += 1;
        host.setAttribute(s.name, s.value);
        break;
      case 'property':
        race.epoch += 1;
        (host as any)[propertyOf[s.name]!] = s.value;
        break;
      case 'remove-attribute':
        race.epoch += 1;
        host.removeAttribute(s.name);
        break;
      case 'no-op': {
        const value = s.value ?? host.getAttribute(s.name);
        if (value === null) break;
        if (backingOff()) record.duringBackoff.noOps += 1;
        host.setAttribute(s.name, value);
        break;
      }
      case 'move':
        (host.parentElement === root ? elsewhere : root).append(host);
        break;
      case 'away': {
        const parent = host.parentElement!;
        if (s.ms > 10 && backingOff()) record.duringBackoff.destroyed += 1;
        host.remove();
        // An element that never mounted has no statechart to report its destruction: this is when it goes.
        if (s.ms > 10) record.removedForGoodSeq ??= ++race.seq;
        await sleep(s.ms);
        parent.append(host);
        break;
      }
      case 'wait':
        await sleep(s.ms);
        break;
      case 'until-rest':
        await w.__rest();
        break;
      case 'until-backoff':
        if (backingOff()) break;
        await new Promise<void>((resolve) => {
          const done = () => {
            observer.disconnect();
            clearTimeout(timer);
            resolve();
          };
          // Told as the host changes, in the task that changes it.
          const observer = new MutationObserver(() => backingOff() && done());
          const timer = setTimeout(done, s.ms);
          observer.observe(host, { attributes: true, attributeFilter: ['data-state'] });
        });
        break;
    }
  }
}

/**
 * Resolves once the page has seen the browser go offline or online (more
 * than `events` such events so far); a change it never sees is noted as such.
 */
async function awaitNetwork([online, events]: [boolean, number]): Promise<void> {
  const w = window as any;
  const race = w.__race;
  const deadline = performance.now() + 2000;
  while (race.networkEvents <= events) {
    if (performance.now() > deadline) {
      w.__note(race.current.network, { online, state: race.current.host.getAttribute('data-state'), seen: false });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Waits for the element to settle, then ends the run: the element is destroyed before the next one starts. */
async function finishRun(): Promise<RunRecord> {
  const w = window as any;
  const race = w.__race;
  const record = race.current;
  const host: HTMLElement = record.host;
  const anchor = host.querySelector('a')!;
  record.settled = await w.__rest();
  record.hrefWatch.disconnect();
  race.current = null;
  const names = ['organization-id', 'article-id', 'type', 'dimensions'];
  record.final = {
    dataState: host.getAttribute('data-state'),
    href: anchor.getAttribute('href'),
    attributes: Object.fromEntries(names.map((name) => [name, host.getAttribute(name)])),
  };
  host.remove();
  await new Promise((resolve) => setTimeout(resolve, 15));
  const { host: _, machineInputs: __, hrefWatch: ___, ...plain } = record;
  return plain;
}

/**
 * Runs one scenario: the page takes its steps in its own tasks, and the
 * browser context goes offline and online in between. A run that ends
 * offline comes back online once the element has come to rest (it has
 * given up, where it was fetching), so that it can settle on its final link.
 */
async function runScenario(page: Page, s: Scenario): Promise<RunRecord> {
  let offline = false;
  const setNetwork = async (goOffline: boolean) => {
    const before = await page.evaluate(() => (window as any).__race.networkEvents as number);
    await page.context().setOffline(goOffline);
    await page.evaluate(awaitNetwork, [!goOffline, before] as [boolean, number]);
    offline = goOffline;
  };
  await page.evaluate(startRun, s.initial);
  let group: PageStep[] = [];
  for (const one of [...s.steps, null]) {
    if (one && one.kind !== 'network') {
      group.push(one);
      continue;
    }
    if (group.length) await page.evaluate(takeSteps, group);
    group = [];
    if (one && one.offline !== offline) await setNetwork(one.offline);
  }
  if (offline) {
    await page.evaluate(() => (window as any).__rest());
    await setNetwork(false);
  }
  return page.evaluate(finishRun);
}

// ---------------------------------------------------------------------------
// The checks

const destroyedIn = (s: Scenario) => s.steps.some((x) => x.kind === 'away' && x.ms > DESTROY_DELAY_MS);

function checkRun(s: Scenario, run: RunRecord): void {
  const epochs = inputsByEpoch(s);
  const finalInputs = epochs.at(-1)!;
  const expectedFinal = expectedFor(finalInputs);

  expect(run.settled, 'the element settled within 5 s').toBe(true);
  expect(
    run.network.filter((change) => !change.seen),
    'the page saw each change of the network',
  ).toEqual([]);

  // Attributes reflect what was set, whether as an attribute or as a property.
  for (const name of Object.keys(INPUTS) as InputName[]) {
    expect(run.final.attributes[name] ?? undefined, `attribute ${name}`).toBe(finalInputs[name]);
  }

  // No link ever shown for inputs other than those the customer had set at that moment.
  for (const shown of run.hrefs) {
    expect(shown.value, `href shown at input change #${shown.epoch}, for ${JSON.stringify(epochs[shown.epoch])}`).toBe(
      expectedFor(epochs[shown.epoch]!).href,
    );
  }
  // Every announced link is one that was legitimately shown.
  const legitimate = new Set(run.hrefs.map((shown) => shown.value));
  for (const event of run.events)
    if (event.href !== null) expect(legitimate.has(event.href), `event href ${event.href}`).toBe(true);
  // Each failure announced is also logged.
  for (const event of run.events.filter((e) => e.error !== null)) {
    expect(
      run.errors.some((error) => error.text.includes(event.error!)),
      `console.error for "${event.error}"`,
    ).toBe(true);
  }
  // Each final failure is logged once, and nothing else is: not a failure that is tried again.
  const finalFailures = run.transitions.filter((t) => t.to === 'disabled' && t.from !== 'disabled' && t.error);
  expect(
    run.errors.map((error) => error.text),
    'one console.error per final failure',
  ).toEqual(finalFailures.map((failure) => expect.stringContaining(failure.error!)));

  // Requests go out only for the inputs of the moment: a move, a short absence or a change that leaves
  // the request as it was asks for nothing new.
  for (const fetched of run.fetches) {
    expect(fetched.operations, `request at input change #${fetched.epoch}`).toEqual([
      requestFor(epochs[fetched.epoch]!),
    ]);
  }
  // Each request is tried at most RETRY.attempts more times, until the inputs ask for another one or
  // the browser comes back online.
  const newRequestAt = epochs.map(
    (inputs, epoch) => epoch === 0 || requestFor(inputs) !== requestFor(epochs[epoch - 1]!),
  );
  const tries = new Map<string, number>();
  for (const fetched of run.fetches) {
    const since = newRequestAt.slice(0, fetched.epoch + 1).filter(Boolean).length;
    const onlineSince = run.network.filter((change) => change.online && change.seq < fetched.seq).length;
    const attempt = `${since}/${onlineSince}`;
    tries.set(attempt, (tries.get(attempt) ?? 0) + 1);
  }
  for (const [attempt, count] of tries)
    expect(count, `tries of request ${attempt}`).toBeLessThanOrEqual(1 + RETRY.attempts);

  if (destroyedIn(s)) {
    // Destroyed: inert from then on, whatever the customer does to it. One that mounted says when.
    expect(run.removedForGoodSeq).not.toBeNull();
    const since = run.destroyedSeq ?? run.removedForGoodSeq!;
    expect(
      run.fetches.filter((f) => f.seq > since),
      'requests after destruction',
    ).toEqual([]);
    expect(
      run.hrefs.filter((h) => h.seq > since),
      'href changes after destruction',
    ).toEqual([]);
    expect(
      run.events.filter((e) => e.seq > since),
      'events after destruction',
    ).toEqual([]);
    return;
  }

  expect(run.final.dataState).toBe(expectedFinal.state);
  expect(run.final.href).toBe(expectedFinal.href);
  const last = run.events.at(-1);
  expect(last, 'a cm-link-change for the final inputs').toBeDefined();
  expect({ state: last!.state, href: last!.href, failed: last!.error !== null }).toEqual(
    expectedFinal.failed ? { state: 'disabled', href: null, failed: true } : expectedFinal,
  );
}

// ---------------------------------------------------------------------------

const harness = useHarness();
const pages = new Map<string, ChromiumPage>();
const figures = {
  runs: 0,
  steps: 0,
  destroyed: 0,
  fetches: 0,
  aborted: 0,
  answeredButSuperseded: 0,
  retries: 0,
  retriedToLink: 0,
  finalFailuresOnWire: 0,
  offline: 0,
  offlineWhileFetching: 0,
  reconnected: 0,
  noOpsDuringBackoff: 0,
  destroyedDuringBackoff: 0,
};

/** What one run covered of what the retries and the connection add. */
function countCoverage(run: RunRecord): void {
  const steps = run.transitions;
  figures.retries += steps.filter((t) => t.to === 'retrying').length;
  figures.retriedToLink += steps.filter(
    (t, i) => t.from === 'retrying' && t.to === 'fetching' && steps[i + 1]?.to === 'enabled',
  ).length;
  figures.finalFailuresOnWire += steps.filter(
    (t) =>
      t.to === 'disabled' && t.from === 'fetching' && /^(network error|request failed: HTTP 503)/.test(t.error ?? ''),
  ).length;
  figures.offline += run.network.filter((change) => !change.online).length;
  figures.offlineWhileFetching += run.network.filter((change) => !change.online && change.state === 'fetching').length;
  figures.reconnected += steps.filter((t) => t.trigger === 'RECONNECTED').length;
  figures.noOpsDuringBackoff += run.duringBackoff.noOps;
  figures.destroyedDuringBackoff += run.duringBackoff.destroyed;
}

/** One page per configuration, reused across runs: the cache and batching are page-wide settings. */
async function pageFor({ cache, batch }: Scenario['config']): Promise<Page> {
  const key = `${cache}/${batch}`;
  let I = pages.get(key);
  if (!I) {
    I = await harness.open({ load: false });
    await I.page.evaluate(installRecorders);
    await I.loadElement();
    await I.configure({ cacheTtlMs: cache ? 60_000 : 0, retry: RETRY, ...(batch ? {} : { batch: false }) });
    await I.page.evaluate(watchMachines);
    pages.set(key, I);
  }
  return I.page;
}

beforeAll(async () => {
  const I = await harness.open();
  const combos = ORGANIZATIONS.flatMap((org) =>
    ARTICLES.flatMap((article) => KINDS.map((kind) => ({ 'organization-id': org, 'article-id': article, ...kind }))),
  );
  const changes = await I.settledAll(await I.addTogether(combos));
  calmOutcomes = new Map(
    combos.map((combo, index) => [
      `${combo['organization-id']}/${combo['article-id']}/${combo.type}`,
      { state: changes[index]!.state, href: changes[index]!.href, failed: changes[index]!.error !== null },
    ]),
  );
  // The calm outcomes are real links where the catalogue has them, and none where it has not.
  expect(calmOutcomes.get('org-1/A-100/pbr')!.href).toContain('/files/org-1/A-100/pbr-');
  expect(calmOutcomes.get('org-2/A-100/pbr')).toEqual({ state: 'disabled', href: null, failed: false });
  await I.page.context().close();
});
afterAll(() => console.info(`races: ${JSON.stringify(figures)}`));

describe('races', () => {
  it(`after ${RUNS} random histories of changes, moves, removals and lost connections, each element shows exactly the final link, never a superseded one`, async () => {
    const property = fc.asyncProperty(scenario, async (s) => {
      const page = await pageFor(s.config);
      // A replayed run's flaky article fails its first request again.
      harness.provider.resetFaults();
      const run = await runScenario(page, s);
      figures.runs += 1;
      figures.steps += s.steps.length;
      figures.destroyed += run.destroyedSeq !== null ? 1 : 0;
      figures.fetches += run.fetches.length;
      figures.aborted += run.fetches.filter((f) => f.outcome === 'aborted').length;
      const finalEpoch = inputsByEpoch(s).length - 1;
      figures.answeredButSuperseded += run.fetches.filter(
        (f) => f.outcome === 'answered' && f.epoch < finalEpoch,
      ).length;
      countCoverage(run);
      try {
        checkRun(s, run);
      } catch (error) {
        // What the page recorded: the transitions, requests and events that led to the failure.
        console.error(`races: the failing run recorded ${JSON.stringify(run)}`);
        throw error;
      }
      expect([...pages.values()].flatMap((I) => I.devtools.pageErrors)).toEqual([]);
    });
    await fc.assert(property, {
      numRuns: RUNS,
      ...(process.env.CM_RACE_SEED ? { seed: Number(process.env.CM_RACE_SEED), path: process.env.CM_RACE_PATH } : {}),
      // Shrinking replays real timing; a bounded budget keeps a failure's report timely.
      interruptAfterTimeLimit: 150_000,
      markInterruptAsFailure: false,
    });
    // A replayed path runs one case; otherwise the time limit must not have cut the runs short, and the
    // histories must have reached what retries and lost connections add.
    if (!process.env.CM_RACE_PATH) {
      expect(figures.runs).toBeGreaterThanOrEqual(RUNS);
      if (RUNS >= 100) {
        const reached = {
          'a retry that got the link': figures.retriedToLink,
          'a final failure on the wire': figures.finalFailuresOnWire,
          'offline while fetching': figures.offlineWhileFetching,
          'a reconnection': figures.reconnected,
          'a no-op change during a backoff': figures.noOpsDuringBackoff,
          'destruction during a backoff': figures.destroyedDuringBackoff,
        };
        expect(
          Object.entries(reached)
            .filter(([, count]) => count === 0)
            .map(([what]) => what),
          'what no history reached',
        ).toEqual([]);
      }
    }
  }, 240_000);
});

/**
 * Two histories the property keeps finding, pinned down so they fail the
 * same way every time (see the failing property's counterexamples).
 */
describe('histories the property found', () => {
  let I: ChromiumPage;

  /** Adds an element and, in the same task, changes its attributes; resolves with every href and event it ever had. */
  function connectAndChange(attributes: Record<string, string>, changes: [name: string, value: string | null][]) {
    return I.page.evaluate(
      async ([attrs, toChange]) => {
        const hrefs: string[] = [];
        const events: { state: string; href: string | null; error: string | null }[] = [];
        const host = document.createElement('cm-material-download');
        for (const [name, value] of Object.entries(attrs)) host.setAttribute(name, value);
        const anchor = host.appendChild(document.createElement('a'));
        // The page object's href recorder, on this anchor before it is connected.
        (window as unknown as { __watchHrefs: WatchHrefs }).__watchHrefs(anchor, (value) => {
          if (value !== null) hrefs.push(value);
        });
        host.addEventListener('cm-link-change', (event) => events.push((event as CustomEvent).detail));
        document.getElementById('root')!.append(host);
        for (const [name, value] of toChange) {
          if (value === null) host.removeAttribute(name);
          else host.setAttribute(name, value);
        }
        await new Promise((resolve) => setTimeout(resolve, 600));
        return { hrefs, events };
      },
      [attributes, changes] as const,
    );
  }

  it('inputs changed in the same task the element is connected: the first inputs are never shown or announced, even when their answer is cached', async () => {
    I = await harness.open();
    const first = { 'organization-id': 'org-1', 'article-id': 'A-103', type: 'thumbnail', dimensions: '10x10cm' };
    await I.settled(await I.add(first));
    const pbr = calmOutcomes.get('org-1/A-103/pbr')!.href;

    const seen = await connectAndChange(first, [
      ['type', 'pbr'],
      ['dimensions', null],
    ]);
    expect(seen.events).toEqual([{ state: 'enabled', href: pbr, error: null, reason: null }]);
    expect(seen.hrefs).toEqual([pbr]);
  });

  it.each([
    ['dimensions', 'none'],
    ['file-type', 'exr'],
    ['resolution', 'none'],
  ])(
    '%s="%s" spelled out while the request is on the wire: still the link, not an abort error',
    async (name, value) => {
      I = await harness.open();
      // Answered with A-100's tile 300 ms late: the change lands while the request is out.
      const element = await I.add({ 'organization-id': 'org-1', 'article-id': 'fault-delay-300', type: 'tile' });
      await expect.poll(() => harness.provider.requests.length).toBe(1);
      await I.setAttribute(element, name, value);
      await expect.poll(() => I.locator(element).getAttribute('data-state')).toMatch(/^(enabled|disabled)$/);

      expect(await I.linkChanges()).toEqual([
        {
          id: 'el-1',
          state: 'enabled',
          href: calmOutcomes.get('org-1/A-100/tile')!.href,
          error: null,
          reason: null,
          bubbles: true,
          composed: true,
        },
      ]);
      expect(I.devtools.consoleErrors).toEqual([]);
    },
  );
});
