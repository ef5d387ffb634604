import type { Route } from 'playwright-core';
import { describe, expect, it, type ExpectStatic } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { readLinkExpiry } from '../../src/machine/linkExpiry';
import { materialDownloadMachine } from '../../src/machine';
import type { ChromiumPage, ElementId } from '../browser/support/chromiumPage';
import { useHarness } from '../browser/support/useHarness';
import { elementModel, type ElementModelEvent } from './elementModel';
import { realMachineEdges, realMachineStates } from './realMachineEdges';
import { transitionCoveringPaths } from './transitionPaths';

type Kind = 'link' | 'none' | 'fault' | 'wire' | 'invalid' | 'lazy' | 'signed';
/**
 * What the held request gets once released, as the real machine takes it: `lastTry` is a retry that
 * fails again; `signed` a signed link, `refresh` the fresh one that replaces it.
 */
type Answer = 'link' | 'none' | 'fault' | 'wire' | 'lastTry' | 'signed' | 'refresh';
interface Inputs {
  attributes: Record<string, string>;
  /** For a link: how its href starts (after the origin). For a failure: what its error says. */
  expect: string | null;
}

/**
 * How long the provider's signed links live. The page's clock jumps over the waits (see
 * `jumpAhead`), so a long life costs nothing, and the steps taken in real time while a refresh
 * is out (a failure, the one more try halfway to the end) have seconds, not the 0.8 s that 8 s
 * links left once: those did not hold a no-op change and a failure beside a CPU hog per core.
 */
const SIGNED_LIFETIME_MS = 60_000;
const signedEndpoint = `/graphql?link-style=azure&link-lifetime-ms=${SIGNED_LIFETIME_MS}`;

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
  /** The provider unavailable for now: failures on the wire, worth another try. */
  wire: [
    {
      attributes: { 'organization-id': 'org-1', 'article-id': 'fault-status-503-json', type: 'pbr' },
      expect: 'request failed: HTTP 503',
    },
    {
      attributes: { 'organization-id': 'org-1', 'article-id': 'fault-status-502-json', type: 'pbr' },
      expect: 'request failed: HTTP 502',
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
  /** The provider signs these links to live a few seconds. */
  signed: [
    {
      attributes: { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr', endpoint: signedEndpoint },
      expect: '/files/org-1/A-100/pbr-',
    },
    {
      attributes: { 'organization-id': 'org-1', 'article-id': 'A-103', type: 'pbr', endpoint: signedEndpoint },
      expect: '/files/org-1/A-103/pbr-',
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

/** No inputs at all: what a framework's template inserts before it binds. */
const UNBOUND: Inputs = { attributes: {}, expect: null };

const LOOKUP_DONE = 'xstate.done.actor.lookup';
const LOOKUP_ERROR = 'xstate.error.actor.lookup';
const VISIBILITY_ERROR = 'xstate.error.actor.visibility';
const RETRY_DUE = 'xstate.after.retryDelay.materialDownload.retrying';
const RENEWAL_DUE = 'xstate.after.renewalDelay.materialDownload.enabled';
const EXPIRY_DUE = 'xstate.after.expiryDelay.materialDownload.refreshing';
/** A signed link expired: removed, and the lookup goes on. */
const EXPIRED_TO_FETCHING = 'expired -> always[0] -> fetching';

/** How the real machine takes each answer. */
const ANSWER_EDGES: Record<Answer, string> = {
  link: `fetching -> ${LOOKUP_DONE}[0] -> enabled`,
  none: `fetching -> ${LOOKUP_DONE}[1] -> disabled`,
  fault: `fetching -> ${LOOKUP_ERROR}[1] -> disabled`,
  wire: `fetching -> ${LOOKUP_ERROR}[0] -> retrying`,
  lastTry: `fetching -> ${LOOKUP_ERROR}[1] -> disabled`,
  signed: `fetching -> ${LOOKUP_DONE}[0] -> enabled`,
  refresh: `refreshing -> ${LOOKUP_DONE}[0] -> enabled`,
};

/**
 * One retry, as the model has it. Each wait is within 20% of `baseDelayMs`:
 * long enough for the checks of `retrying` and for a step out of it before
 * the retry is due, on a busy machine too; the model jumps over it.
 */
const RETRY = { attempts: 1, baseDelayMs: 5000 };
const LONGEST_RETRY_WAIT_MS = RETRY.baseDelayMs * 1.2;

/** One path's world: a fresh page, its element, and the requests held at the network. */
interface Run {
  I: ChromiumPage;
  element: ElementId;
  id: string;
  held: Route[];
  current: Inputs;
  /** What the newest held request will get; null when there is none to answer. */
  answer: Answer | null;
  /** The real machine's state at rest, to name the source of the next traced edge. */
  realState: string;
  /** Requests held when the element came to rest where none may go out: waiting, or retrying. */
  heldAtRest: number;
  /** Destroyed while its retry was due: the check waits past it. */
  destroyedWhileRetrying: boolean;
  /**
   * The status the test answers requests with instead of the provider's, while a signed link's
   * lookups are to fail on the wire (the provider itself would answer them); null to let them through.
   */
  failWith: number | null;
  /** What a disabled element says went wrong when a step decided it rather than the inputs; undefined otherwise. */
  expectedError: string | null | undefined;
  /** The link on the anchor when its refresh went out. */
  signedHref: string | null;
  /**
   * Lazy inputs on a page that cannot observe, so far in the file's paths in their order: its
   * observer throws when constructed or when observing, in turn, whichever lane takes the path.
   */
  unobservableRuns: number;
}

/** The step the model takes: its state after the event, where an executor needs to know. */
type ModelStep = { state: { matches(value: string): boolean } };

/** What the paths of every lane did to the real machine, for the coverage check after them all. */
const observedEdges = new Set<string>();
const observedStates = new Set<string>();

/** The steps into `validating` for an input change that alters the request: from `idle`, its first inputs. */
function intoValidating(from: string): string[] {
  return from === 'idle'
    ? ['idle -> INPUTS.SET[0] -> idle', 'idle -> always[0] -> validating']
    : [`${from} -> INPUTS.SET[0] -> validating`];
}

const DISABLED_ANCHOR = { href: null, className: 'button disabled', ariaDisabled: 'true' };

/** One lane's means to take a path: a fresh page, and the model's events and state checks on it. */
interface Lane {
  startRun(pathExpect: ExpectStatic, unobservableBefore: number): Promise<void>;
  events: Record<ElementModelEvent, (step: ModelStep) => Promise<void>>;
  states: Record<string, () => Promise<void>>;
}

/**
 * A lane of paths taken one after another: a provider of its own (signing by its pages' clock), the
 * path it is on, and the steps and checks that read them. Call it in the lane's own `describe`: the
 * harness's hooks then see the lane's paths only.
 */
function useLane(): Lane {
  /**
   * How far the page's clock, and the provider's with it, has been moved ahead of real time. A wait
   * for a timer (a retry, a signed link's refresh or expiry) is jumped over, as a laptop's lid
   * closed and opened again jumps: the timers due meanwhile run once, late. The provider signs by
   * the same time, so a link it hands out after a jump lives as long on the page as it says.
   */
  let timeShiftMs = 0;
  const harness = useHarness({ providerClock: () => Date.now() + timeShiftMs });
  let run: Run;
  /** The running path's own `expect`: with lanes side by side, the global one can name another lane's test. */
  let expect: ExpectStatic;

  async function startRun(pathExpect: ExpectStatic, unobservableBefore: number): Promise<void> {
    expect = pathExpect;
    const I = await harness.newPage();
    // Runs in real time until a step jumps; the page is closed after the path, its clock with it.
    timeShiftMs = 0;
    await I.page.clock.install({ time: Date.now() });
    const held: Route[] = [];
    // Requests are held, then continued to the real provider: the answer is real, only its timing is ours.
    await I.page.route(
      (url) => url.pathname === '/graphql',
      (route) => void held.push(route),
    );
    // No answer cache: every input change must reach the network, where the test holds it.
    await I.open({ trace: true, configure: { batch: false, cacheTtlMs: 0, retry: RETRY } });
    // The element sits below the fold, so a lazy one waits until it is scrolled to.
    await I.page.evaluate(() =>
      document.body.prepend(Object.assign(document.createElement('div'), { style: 'height: 3000px' })),
    );
    // Inserted without inputs, as a framework inserts before it binds: it waits, quietly, for them.
    const element = await I.add(UNBOUND.attributes);
    run = {
      I,
      element,
      id: element,
      held,
      current: UNBOUND,
      answer: null,
      realState: 'idle',
      heldAtRest: 0,
      destroyedWhileRetrying: false,
      failWith: null,
      expectedError: undefined,
      signedHref: null,
      unobservableRuns: unobservableBefore,
    };
    await waitForState('idle');
    await recordTrace([]);
  }

  /** Moves the page's clock, and the provider's, `ms` ahead: the page's timers due meanwhile run, once. */
  async function jumpAhead(ms: number): Promise<void> {
    timeShiftMs += ms;
    await run.I.page.clock.fastForward(ms);
  }

  /** The page's `Date.now()`. */
  const pageNow = () => run.I.page.evaluate(() => Date.now());

  /**
   * Jumps ahead a tenth of what is left of the link's life at a time, until the element leaves
   * `enabled`: past its refresh, which is due no sooner than 80% of the life (halfway to the end
   * after a failed refresh), and well before the link expires.
   */
  async function jumpToRenewal(expiresAt: number): Promise<void> {
    while ((await run.I.trace(run.id)).length === 0) {
      const left = expiresAt - (await pageNow());
      expect(left, 'the renewal came before the link expired').toBeGreaterThan(0);
      await jumpAhead(Math.ceil(left / 10));
    }
  }

  /** Jumps to just past `moment` on the page's clock. */
  async function jumpPast(moment: number): Promise<void> {
    await jumpAhead(Math.max(0, moment + 100 - (await pageNow())));
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

  async function waitForState(state: string): Promise<void> {
    await run.I.page.waitForFunction(
      ([id, expected]) => document.getElementById(id)?.getAttribute('data-state') === expected,
      [run.id, state] as const,
    );
  }

  /**
   * A page whose IntersectionObserver throws, from now until the returned
   * function puts the page's own back: when constructed, or when asked to
   * observe. A lazy element then cannot tell when it is seen.
   */
  async function breakIntersectionObserver(throwsWhen: 'constructed' | 'observing'): Promise<() => Promise<void>> {
    await run.I.page.evaluate((when) => {
      const w = window as any;
      w.__intersectionObserver = w.IntersectionObserver;
      w.IntersectionObserver = class extends w.__intersectionObserver {
        constructor(...args: any[]) {
          if (when === 'constructed') throw new Error('IntersectionObserver is not allowed here');
          super(...args);
        }
        observe(): void {
          throw new Error('IntersectionObserver cannot observe here');
        }
      };
    }, throwsWhen);
    return () =>
      run.I.page.evaluate(() => ((window as any).IntersectionObserver = (window as any).__intersectionObserver));
  }

  /** Writes other inputs of this kind from one script: five attribute writes, one input change. */
  async function writeInputs(kind: Kind): Promise<void> {
    const next = INPUTS[kind].find((candidate) => candidate !== run.current)!;
    await run.I.locator(run.element).evaluate((host, attributes) => {
      for (const name of ['organization-id', 'article-id', 'type', 'dimensions', 'loading', 'endpoint']) {
        if (name in attributes) host.setAttribute(name, attributes[name]!);
        else host.removeAttribute(name);
      }
    }, next.attributes);
    run.current = next;
  }

  async function changeInputs(kind: Kind): Promise<void> {
    const heldBefore = run.held.length;
    const changesBefore = (await run.I.linkChanges(run.id)).length;
    const from = run.realState;
    if (kind === 'lazy') await run.I.page.evaluate(() => window.scrollTo(0, 0));
    run.heldAtRest = heldBefore;
    run.failWith = null;
    run.expectedError = undefined;
    await writeInputs(kind);
    // A lazy element's request, once it is seen, gets a link.
    run.answer = kind === 'invalid' ? null : kind === 'lazy' ? 'link' : kind;
    if (kind === 'lazy') {
      await waitForState('waiting');
    } else if (kind === 'invalid') {
      await run.I.page.waitForFunction(
        ([id, count]) => (window as any).__page.linkChanges.filter((c: { id: string }) => c.id === id).length > count,
        [run.id, changesBefore] as const,
      );
    } else {
      await expect.poll(() => run.held.length).toBe(heldBefore + 1);
      await waitForState('fetching');
    }
    // Five attribute writes, one input change: validating is entered exactly once.
    const exit = {
      link: 'always[1] -> fetching',
      none: 'always[1] -> fetching',
      fault: 'always[1] -> fetching',
      wire: 'always[1] -> fetching',
      lazy: 'always[2] -> waiting',
      invalid: 'always[3] -> disabled',
      signed: 'always[1] -> fetching',
    }[kind];
    await recordTrace([...intoValidating(from), `validating -> ${exit}`]);
  }

  /**
   * Lazy inputs, below the fold, on a page that cannot observe (its observer
   * throws when constructed, or when observing: each in turn): the real machine
   * waits, the watcher fails, and it fetches at once.
   */
  async function changeToUnobservableLazy(): Promise<void> {
    const heldBefore = run.held.length;
    const from = run.realState;
    await run.I.page.evaluate(() => window.scrollTo(0, 0));
    const restore = await breakIntersectionObserver(++run.unobservableRuns % 2 ? 'constructed' : 'observing');
    await writeInputs('lazy');
    run.answer = 'link';
    // Not seen, yet its request goes out.
    await expect.poll(() => run.held.length).toBe(heldBefore + 1);
    await restore();
    await recordTrace([
      ...intoValidating(from),
      'validating -> always[2] -> waiting',
      `waiting -> ${VISIBILITY_ERROR}[0] -> fetching`,
    ]);
  }

  /**
   * An input change that leaves the request as it was: `file-type` spelled
   * out as its default, or left out again. The real machine only remembers
   * it: no request, no href written or removed, no cm-link-change.
   */
  async function changeNothing(): Promise<void> {
    const from = run.realState;
    const heldBefore = run.held.length;
    const changesBefore = (await run.I.linkChanges(run.id)).length;
    const hrefs = await run.I.recordHrefWrites();
    await run.I.locator(run.element).evaluate((host) => {
      if (host.hasAttribute('file-type')) host.removeAttribute('file-type');
      else host.setAttribute('file-type', 'exr');
    });
    await expect.poll(async () => (await run.I.trace(run.id)).length).toBe(1);
    await run.I.page.waitForTimeout(50);
    expect(run.held.length).toBe(heldBefore);
    expect(await hrefs.writes(run.element)).toEqual([]);
    expect(await run.I.linkChanges(run.id)).toHaveLength(changesBefore);
    // `idle` takes input changes itself: remembered, and still nothing to wait for but the required inputs.
    await recordTrace([from === 'idle' ? 'idle -> INPUTS.SET[0] -> idle' : `${from} -> INPUTS.SET[1] -> ${from}`]);
  }

  /** Lets the newest held request through to the provider, or answers it with `status` (by default, `run.failWith`). */
  function release(status = run.failWith, body: unknown = { message: 'answered by the test' }): Promise<void> {
    const route = run.held.at(-1)!;
    if (status === null) return route.continue();
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  }

  /** Releases the held request; a failure worth retrying settles nothing and logs nothing yet. */
  async function answer(): Promise<void> {
    const expected = run.answer!;
    if (expected === 'wire') {
      const changesBefore = (await run.I.linkChanges(run.id)).length;
      const errorsBefore = run.I.devtools.consoleErrors.length;
      await release();
      await waitForState('retrying');
      run.heldAtRest = run.held.length;
      expect(await run.I.linkChanges(run.id)).toHaveLength(changesBefore);
      expect(run.I.devtools.consoleErrors).toHaveLength(errorsBefore);
    } else {
      await run.I.settleAfter(run.element, release);
    }
    await recordTrace([ANSWER_EDGES[expected]]);
  }

  /** The retry delay passes: the same request goes out again, its last try. */
  async function retryDue(): Promise<void> {
    const heldBefore = run.held.length;
    await jumpAhead(LONGEST_RETRY_WAIT_MS);
    await expect.poll(() => run.held.length).toBe(heldBefore + 1);
    await waitForState('fetching');
    run.answer = 'lastTry';
    await recordTrace([`retrying -> ${RETRY_DUE}[0] -> fetching`]);
  }

  /** The browser comes back online: only a link that failed on the wire, or waits to try again, is looked up again, from its first try. */
  async function reconnect(step: ModelStep): Promise<void> {
    const heldBefore = run.held.length;
    await run.I.page.evaluate(() => window.dispatchEvent(new Event('online')));
    if (step.state.matches('fetching')) {
      await expect.poll(() => run.held.length).toBe(heldBefore + 1);
      await waitForState('fetching');
      run.answer = 'wire';
      await recordTrace([`${run.realState} -> RECONNECTED[0] -> fetching`]);
    } else {
      await run.I.page.waitForTimeout(100);
      expect(run.held.length).toBe(heldBefore);
      await recordTrace([]);
    }
  }

  async function waitForReason(reason: string): Promise<void> {
    await run.I.page.waitForFunction(
      ([id, expected]) => document.getElementById(id)?.getAttribute('data-reason') === expected,
      [run.id, reason] as const,
    );
  }

  /** The signed link's renewal comes due (or its one more try, after a failure): its refresh goes out (held), the link stays on the anchor. */
  async function renewalDue(): Promise<void> {
    const heldBefore = run.held.length;
    run.signedHref = (await run.I.anchorOf(run.element)).href;
    await jumpToRenewal(readLinkExpiry(run.signedHref!)!);
    await expect.poll(() => run.held.length).toBe(heldBefore + 1);
    expect(await run.I.anchorOf(run.element)).toMatchObject({ dataState: 'enabled', href: run.signedHref });
    run.answer = 'refresh';
    await recordTrace([`enabled -> ${RENEWAL_DUE}[1] -> refreshing`]);
  }

  /** The refresh is held until the link expires: removed at once, and the same request (not a second) brings the next. */
  async function expire(): Promise<void> {
    const heldBefore = run.held.length;
    await jumpPast(readLinkExpiry(run.signedHref!)!);
    await waitForReason('expired');
    await run.I.page.waitForTimeout(100);
    expect(run.held.length).toBe(heldBefore);
    run.answer = 'signed';
    await recordTrace([`refreshing -> ${EXPIRY_DUE}[0] -> expired`, EXPIRED_TO_FETCHING]);
  }

  /**
   * The page's timers sleep past the link's expiry (as a frozen tab's or a sleeping laptop's do not
   * run), then run: the link is removed and looked up at once.
   */
  async function sleepPastExpiry(): Promise<void> {
    const heldBefore = run.held.length;
    await jumpPast(readLinkExpiry((await run.I.anchorOf(run.element)).href!)!);
    await expect.poll(() => run.held.length).toBe(heldBefore + 1);
    await waitForReason('expired');
    run.answer = 'signed';
    await recordTrace([`enabled -> ${RENEWAL_DUE}[0] -> expired`, EXPIRED_TO_FETCHING]);
  }

  /** The refresh finds no link now: disabled, not-found. */
  async function answerNone(): Promise<void> {
    await run.I.settleAfter(run.element, () => release(200, { data: { materials: [] } }));
    run.expectedError = null;
    await recordTrace([`refreshing -> ${LOOKUP_DONE}[1] -> disabled`]);
  }

  /**
   * The refresh fails (HTTP 500). The first time, the link stays and the page hears nothing; after
   * that, it is a failed lookup like any other.
   */
  async function failRefresh(step: ModelStep): Promise<void> {
    if (step.state.matches('signedRetry')) {
      const changesBefore = (await run.I.linkChanges(run.id)).length;
      const errorsBefore = run.I.devtools.consoleErrors.length;
      await release(500);
      await expect.poll(async () => (await run.I.trace(run.id)).length).toBe(1);
      expect(await run.I.anchorOf(run.element)).toMatchObject({ dataState: 'enabled', href: run.signedHref });
      expect(await run.I.linkChanges(run.id)).toHaveLength(changesBefore);
      expect(run.I.devtools.consoleErrors).toHaveLength(errorsBefore);
      await recordTrace([`refreshing -> ${LOOKUP_ERROR}[0] -> enabled`]);
      return;
    }
    await run.I.settleAfter(run.element, () => release(500));
    run.expectedError = 'request failed: HTTP 500';
    await recordTrace([`refreshing -> ${LOOKUP_ERROR}[2] -> disabled`]);
  }

  /** The refresh tried once more fails on the wire (HTTP 503), and so does all that follows: retried as any lookup is. */
  async function failRefreshOnWire(): Promise<void> {
    run.failWith = 503;
    run.expectedError = 'request failed: HTTP 503';
    await release();
    await waitForState('retrying');
    run.heldAtRest = run.held.length;
    await recordTrace([`refreshing -> ${LOOKUP_ERROR}[1] -> retrying`]);
  }

  /**
   * `refresh()`: with a request, the lookup goes out again (held), from its first try; a link stays on
   * the anchor meanwhile. Waiting for inputs, not yet seen, or invalid: nothing is sent, logged or announced.
   */
  async function refresh(step: ModelStep): Promise<void> {
    const heldBefore = run.held.length;
    const changesBefore = (await run.I.linkChanges(run.id)).length;
    const errorsBefore = run.I.devtools.consoleErrors.length;
    const linkBefore = (await run.I.anchorOf(run.element)).href;
    const from = run.realState;
    await run.I.page.evaluate(() => customElements.get('cm-material-download')!.refresh());
    if (['idle', 'waiting', 'disabled.invalid'].some((state) => step.state.matches(state))) {
      await run.I.page.waitForTimeout(100);
      expect(run.held.length).toBe(heldBefore);
      expect(await run.I.linkChanges(run.id)).toHaveLength(changesBefore);
      expect(run.I.devtools.consoleErrors).toHaveLength(errorsBefore);
      await recordTrace([]);
      return;
    }
    await expect.poll(() => run.held.length).toBe(heldBefore + 1);
    const keepsLink = step.state.matches('refreshing') || step.state.matches('askedAgain');
    if (keepsLink) {
      run.signedHref = linkBefore;
      run.answer = 'refresh';
    } else {
      await waitForState('fetching');
      // A first try again: a failure on the wire is worth a retry once more.
      if (run.answer === 'lastTry' || from === 'retrying' || from === 'disabled') run.answer = 'wire';
    }
    await recordTrace([`${from} -> REFRESH[0] -> ${keepsLink ? 'refreshing' : 'fetching'}`]);
  }

  /**
   * The page's server resolved the link: an element written with `resolved` and its anchor's `href` takes the
   * place of the unbound one. It is enabled from its start with that link, asks nothing, and the mark is gone.
   */
  async function resolvedStart(): Promise<void> {
    const heldBefore = run.held.length;
    const inputs = INPUTS.link[0]!;
    const href = `${run.I.origin}${inputs.expect}resolved-on-the-server.png`;
    await run.I.locator(run.element).evaluate((host) => host.remove());
    await run.I.clearTrace();
    const element = await run.I.add(
      { ...inputs.attributes, resolved: '' },
      { inner: `<a class="button" href="${href}">Download</a>` },
    );
    Object.assign(run, { element, id: element, current: inputs, answer: null });
    await waitForState('enabled');
    expect(await run.I.anchorOf(element)).toMatchObject({ dataState: 'enabled', href });
    expect(await run.I.locator(element).getAttribute('resolved')).toBeNull();
    expect(run.held.length).toBe(heldBefore);
    await recordTrace(['idle -> always[0] -> validating', 'validating -> always[0] -> enabled']);
  }

  const events: Record<ElementModelEvent, (step: ModelStep) => Promise<void>> = {
    'INPUT.LINK': () => changeInputs('link'),
    'INPUT.NONE': () => changeInputs('none'),
    'INPUT.FAULT': () => changeInputs('fault'),
    'INPUT.WIRE': () => changeInputs('wire'),
    'INPUT.INVALID': () => changeInputs('invalid'),
    'INPUT.LAZY': () => changeInputs('lazy'),
    'INPUT.SIGNED': () => changeInputs('signed'),
    'INPUT.LAZY_UNOBSERVABLE': changeToUnobservableLazy,
    'INPUT.SAME': changeNothing,
    VISIBLE: async () => {
      const heldBefore = run.held.length;
      await run.I.locator(run.element).scrollIntoViewIfNeeded();
      await expect.poll(() => run.held.length).toBe(heldBefore + 1);
      await waitForState('fetching');
      run.answer = 'link';
      await recordTrace(['waiting -> VISIBLE[0] -> fetching']);
    },
    ANSWER: answer,
    RETRY_DUE: retryDue,
    RECONNECT: reconnect,
    REFRESH: refresh,
    RESOLVED_START: resolvedStart,
    RENEWAL_DUE: renewalDue,
    SLEEP_PAST_EXPIRY: sleepPastExpiry,
    ANSWER_NONE: answerNone,
    FAIL_REFRESH: failRefresh,
    FAIL_REFRESH_WIRE: failRefreshOnWire,
    EXPIRE: expire,
    DESTROY: async () => {
      const from = run.realState;
      run.destroyedWhileRetrying = from === 'retrying';
      // Locators cannot reach a detached element: keep it where the page can.
      await run.I.locator(run.element).evaluate((host) => {
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

  /** Enabled with a signed link of this input's file, as announced. */
  async function showsSignedLink(): Promise<void> {
    const anchor = await run.I.anchorOf(run.element);
    expect(anchor).toMatchObject({ dataState: 'enabled', className: 'button', ariaDisabled: null });
    expect(anchor.href?.startsWith(`${run.I.origin}${run.current.expect}`)).toBe(true);
    expect(readLinkExpiry(anchor.href!)).toBeGreaterThan(Date.now());
    expect((await run.I.linkChanges(run.id)).at(-1)).toMatchObject({ state: 'enabled', href: anchor.href });
  }

  /** The link that was there when the refresh went out is still on the anchor. */
  async function keepsSignedLink(): Promise<void> {
    expect(await run.I.anchorOf(run.element)).toMatchObject({ dataState: 'enabled', href: run.signedHref });
    expect(await run.I.locator(run.element).getAttribute('data-reason')).toBeNull();
  }

  const fetchingCheck = async () => {
    expect(await run.I.anchorOf(run.element)).toEqual({ dataState: 'fetching', ...DISABLED_ANCHOR });
    const request = run.held.at(-1)!.request().postDataJSON();
    expect(request.variables.articleId).toBe(run.current.attributes['article-id']);
  };

  const states: Record<string, () => Promise<void>> = {
    idle: async () => {
      expect(await run.I.anchorOf(run.element)).toEqual({ dataState: 'idle', ...DISABLED_ANCHOR });
      // Quiet: nothing asked, nothing announced, nothing logged.
      await run.I.page.waitForTimeout(50);
      expect(run.held).toHaveLength(0);
      expect(await run.I.linkChanges(run.id)).toEqual([]);
      expect(run.I.devtools.consoleErrors).toEqual([]);
    },
    waiting: async () => {
      expect(await run.I.anchorOf(run.element)).toEqual({ dataState: 'waiting', ...DISABLED_ANCHOR });
      await run.I.page.waitForTimeout(50);
      expect(run.held.length).toBe(run.heldAtRest);
    },
    fetching: fetchingCheck,
    signedFetching: fetchingCheck,
    signed: showsSignedLink,
    refreshing: async () => {
      await keepsSignedLink();
      expect(run.held.at(-1)!.request().postDataJSON().variables.articleId).toBe(run.current.attributes['article-id']);
    },
    signedRetry: keepsSignedLink,
    askedAgain: keepsSignedLink,
    expiredFetching: async () => {
      expect(await run.I.anchorOf(run.element)).toEqual({ dataState: 'disabled', ...DISABLED_ANCHOR });
      expect(await run.I.locator(run.element).getAttribute('data-reason')).toBe('expired');
      expect((await run.I.linkChanges(run.id)).at(-1)).toMatchObject({
        state: 'disabled',
        reason: 'expired',
        error: null,
      });
    },
    retrying: async () => {
      expect(await run.I.anchorOf(run.element)).toEqual({ dataState: 'retrying', ...DISABLED_ANCHOR });
      // The next try waits as long as the failure said.
      expect(run.held.length).toBe(run.heldAtRest);
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
        reason: null,
        bubbles: true,
        composed: true,
      });
    },
    disabled: async () => {
      expect(await run.I.anchorOf(run.element)).toEqual({ dataState: 'disabled', ...DISABLED_ANCHOR });
      const last = (await run.I.linkChanges(run.id)).at(-1)!;
      const error = run.expectedError === undefined ? run.current.expect : run.expectedError;
      expect(last).toMatchObject({ state: 'disabled', href: null, error });
      if (error) expect(run.I.devtools.consoleErrors.at(-1)).toContain(error);
    },
    destroyed: async () => {
      const heldBefore = run.held.length;
      await run.I.page.evaluate(() => (window as any).__detached.setAttribute('article-id', 'A-103'));
      // A retry that was due never comes.
      if (run.destroyedWhileRetrying) await jumpAhead(LONGEST_RETRY_WAIT_MS + 300);
      await run.I.page.waitForTimeout(100);
      expect(run.held.length).toBe(heldBefore);
      // A stopped actor has no microsteps: nothing after `destroyed`.
      expect(await run.I.trace(run.id)).toEqual([]);
    },
  };

  return { startRun, events, states };
}

/**
 * Paths taken side by side, each lane on a page and provider of its own. They mostly wait (held
 * requests, quiet checks, clock jumps), so they wait together; a fresh page costs CPU, so more
 * lanes stop paying: on two busy cores four were no faster than three, and two were slower beside a CPU hog per core.
 */
const LANES = 3;
/** A fresh page, its element and first checks cost about as long as this many steps of a path. */
const PAGE_START_IN_STEPS = 10;

/**
 * The items dealt onto `count` lanes, the heaviest first onto the least loaded (the first of
 * equals), so that the lanes end about together; each lane keeps the items' own order.
 */
function dealOntoLanes<T>(items: readonly T[], count: number, weight: (item: T) => number): T[][] {
  const lanes = Array.from({ length: count }, () => ({ load: 0, indexes: [] as number[] }));
  const heaviestFirst = items.map((item, index) => ({ index, weight: weight(item) }));
  heaviestFirst.sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { index, weight: itemWeight } of heaviestFirst) {
    const lightest = lanes.reduce((least, lane) => (lane.load < least.load ? lane : least));
    lightest.load += itemWeight;
    lightest.indexes.push(index);
  }
  return lanes.map((lane) => lane.indexes.sort((a, b) => a - b).map((index) => items[index]!));
}

describe('model-based: the element against its statechart', () => {
  const model = createTestModel(elementModel);
  const { paths, edgeCount } = transitionCoveringPaths(model);
  const lanes: Lane[] = [];
  /** Paths that ended, passed or failed: the coverage check must come after them all. */
  let pathsEnded = 0;

  // How many lazy inputs on an unobservable page came before each path: the two ways a page cannot
  // observe then alternate over the file's paths as they did in one lane.
  const pathRuns = paths.map((path, index) => ({
    path,
    unobservableBefore: paths
      .slice(0, index)
      .flatMap((earlier) => earlier.steps)
      .filter((step) => step.event.type === 'INPUT.LAZY_UNOBSERVABLE').length,
  }));

  it('has an executor for every model event and an assertion for every model state', () => {
    expect(lanes).toHaveLength(LANES);
    for (const { events, states } of lanes) {
      expect(Object.keys(events).sort()).toEqual([...new Set(elementModel.events)].sort());
      for (const { state } of Object.values(model.getAdjacencyMap())) {
        expect(Object.keys(states).some((key) => state.matches(key as never))).toBe(true);
      }
    }
  });

  const dealt = dealOntoLanes(pathRuns, LANES, ({ path }) => path.steps.length + PAGE_START_IN_STEPS);
  for (const [index, lanePaths] of dealt.entries()) {
    // Concurrent lanes, each one path at a time: Vitest runs a suite's consecutive concurrent
    // children together, and the next child that is not (the coverage check) after them all.
    describe.concurrent(`lane ${index + 1} of ${LANES}`, () => {
      describe.sequential('one path at a time, on a provider of its own', () => {
        const lane = useLane();
        lanes.push(lane);
        // The longest paths take some ten seconds; a busy machine slows them down a few times.
        it.for(lanePaths.map(({ path, unobservableBefore }) => [path.description, path, unobservableBefore] as const))(
          '%s',
          { timeout: 60_000 },
          async ([, path, unobservableBefore], { expect: pathExpect }) => {
            try {
              // The harness checks the page for errors and closes it after the path.
              await lane.startRun(pathExpect, unobservableBefore);
              await model.testPath(path, {
                events: Object.fromEntries(
                  Object.entries(lane.events).map(([type, exec]) => [type, (step: ModelStep) => exec(step)]),
                ),
                states: Object.fromEntries(Object.entries(lane.states).map(([key, check]) => [key, () => check()])),
              });
            } finally {
              pathsEnded++;
            }
          },
        );
      });
    });
  }

  it('covered every state and transition of the real machine', () => {
    expect(pathsEnded, 'every lane has ended').toBe(paths.length);
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
