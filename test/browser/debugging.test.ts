import { describe, expect, it } from 'vitest';
import type { ChromiumPage } from './support/chromiumPage';
import { useHarness } from './support/useHarness';

const harness = useHarness();
let I: ChromiumPage;

const pbr = { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr' };

/** Sets the element class's inspect hook: it records `host: edge` for each decoded step, in `window.__seen`. */
async function recordSteps(): Promise<void> {
  await I.page.evaluate(() => {
    const w = window as any;
    w.__seen = [];
    (customElements.get('cm-material-download') as any).configure({
      inspect: (event: any, host: HTMLElement, transition: any) => {
        if (!transition) return;
        // The decoded step is the microstep's: the event itself comes along as XState made it.
        if (event.type !== '@xstate.microstep') throw new Error(`decoded ${event.type}`);
        w.__seen.push(`${host.id}: ${transition.edge}`);
      },
    });
  });
}
const seen = () => I.page.evaluate(() => (window as any).__seen as string[]);
/** The reason line for `type="video"`: the reason, then the message the console.error gave. */
const invalidType = 'Invalid type "video". Valid values: pbr, thumbnail, tile.';

describe('the debug attribute', () => {
  it('logs each transition of that element, and only of that one, in one line', async () => {
    I = await harness.newPage();
    await I.open();
    const loud = await I.add({ ...pbr, debug: '' });
    const quiet = await I.add({ ...pbr, 'article-id': 'A-101' });
    const link = await I.settled(loud);
    await I.settled(quiet);
    await I.settleAfter(loud, () => I.setAttribute(loud, 'type', 'video'));
    expect(I.devtools.consoleDebug).toEqual([
      // It starts with its inputs: idle only until the task that inserted it is over.
      'cm-material-download#el-1: idle → validating on always (href: none)',
      'cm-material-download#el-1: validating → fetching on always (href: none)',
      `cm-material-download#el-1: fetching → enabled on xstate.done.actor.lookup (href: ${link.href})`,
      // Each line shows the context after the step: entering validating has already validated.
      `cm-material-download#el-1: enabled → validating on INPUTS.SET (invalid-input: ${invalidType})`,
      `cm-material-download#el-1: validating → disabled on always (invalid-input: ${invalidType})`,
    ]);
  });

  it('added to a running element, starts its log from then on', async () => {
    I = await harness.newPage();
    await I.open();
    const element = await I.add(pbr);
    const first = await I.settled(element);
    expect(I.devtools.consoleDebug).toEqual([]);
    await I.setAttribute(element, 'debug', '');
    // Nothing is logged after the fact: the element's earlier transitions stay unlogged.
    await I.page.waitForTimeout(50);
    expect(I.devtools.consoleDebug).toEqual([]);
    const second = await I.settleAfter(element, () => I.setAttribute(element, 'article-id', 'A-103'));
    expect(I.devtools.consoleDebug).toEqual([
      'cm-material-download#el-1: enabled → validating on INPUTS.SET (href: none)',
      'cm-material-download#el-1: validating → fetching on always (href: none)',
      `cm-material-download#el-1: fetching → enabled on xstate.done.actor.lookup (href: ${second.href})`,
    ]);
    expect(second.href).not.toBe(first.href);
  });

  it('logs no line for a change that leaves the request as it was, and stops when removed', async () => {
    I = await harness.newPage();
    await I.open();
    const element = await I.add({ ...pbr, debug: '' });
    await I.settled(element);
    const lines = I.devtools.consoleDebug.length;
    // `exr` is the default file type: spelling it out changes nothing, not even a state.
    await I.setAttribute(element, 'file-type', 'exr');
    await I.page.waitForTimeout(100);
    expect(I.devtools.consoleDebug).toHaveLength(lines);

    await I.removeAttribute(element, 'debug');
    await I.settleAfter(element, () => I.setAttribute(element, 'article-id', 'A-101'));
    expect(I.devtools.consoleDebug).toHaveLength(lines);
    // On again: each transition once, however often it was switched.
    await I.setAttribute(element, 'debug', '');
    await I.settleAfter(element, () => I.setAttribute(element, 'article-id', 'A-103'));
    expect(I.devtools.consoleDebug.slice(lines).map((line) => line.split(' on ')[0])).toEqual([
      'cm-material-download#el-1: enabled → validating',
      'cm-material-download#el-1: validating → fetching',
      'cm-material-download#el-1: fetching → enabled',
    ]);
  });
});

describe('the inspect hook', () => {
  it('configure({ inspect }) sees each element connected after it is set, with its host and each step decoded', async () => {
    I = await harness.newPage();
    await I.open();
    const before = await I.add(pbr);
    await I.settled(before);
    await recordSteps();
    const after = await I.add({ ...pbr, 'article-id': 'A-101' });
    await I.settled(after);
    await I.settleAfter(after, () => I.setAttribute(after, 'article-id', 'A-103'));
    // A change that leaves the request as it was is a step too, from a state to itself.
    await I.setAttribute(after, 'file-type', 'exr');
    // The element connected before the hook was set is not inspected: set the hook before elements connect.
    await I.settleAfter(before, () => I.setAttribute(before, 'article-id', 'A-102'));
    expect(await seen()).toEqual([
      'el-2: idle -> always[0] -> validating',
      'el-2: validating -> always[1] -> fetching',
      'el-2: fetching -> xstate.done.actor.lookup[0] -> enabled',
      'el-2: enabled -> INPUTS.SET[0] -> validating',
      'el-2: validating -> always[1] -> fetching',
      'el-2: fetching -> xstate.done.actor.lookup[0] -> enabled',
      'el-2: enabled -> INPUTS.SET[1] -> enabled',
    ]);
  });

  it('sees an element connected before it once that element gets a debug attribute', async () => {
    I = await harness.newPage();
    await I.open();
    const element = await I.add(pbr);
    await I.settled(element);
    await recordSteps();
    await I.setAttribute(element, 'debug', '');
    await I.settleAfter(element, () => I.setAttribute(element, 'type', 'video'));
    expect(await seen()).toEqual([
      'el-1: enabled -> INPUTS.SET[0] -> validating',
      'el-1: validating -> always[3] -> disabled',
    ]);
    expect(I.devtools.consoleDebug).toHaveLength(2);
  });

  it('a throwing hook does not break the element', async () => {
    I = await harness.newPage();
    await I.open();
    await I.page.evaluate(() =>
      (customElements.get('cm-material-download') as any).configure({
        inspect: () => {
          throw new Error('broken hook');
        },
      }),
    );
    const element = await I.add(pbr);
    expect((await I.settled(element)).state).toBe('enabled');
  });
});

describe('the Stately inspector variant', () => {
  it('dist/cm-material-download.stately.js works as the element, and the main file holds none of it', async () => {
    const { readFileSync } = await import('node:fs');
    const main = readFileSync('dist/cm-material-download.js', 'utf8');
    const stately = readFileSync('dist/cm-material-download.stately.js', 'utf8');
    for (const marker of ['partysocket', 'superjson', '@statelyai']) expect(main).not.toContain(marker);
    expect(stately).toContain('superjson');
    expect(stately.length).toBeGreaterThan(main.length);

    I = await harness.newPage();
    await I.open({ load: false });
    // Stately's inspector opens stately.ai in a new window; offline, that window just fails to load.
    await I.page.context().route('https://stately.ai/**', (route) => route.abort());
    await I.loadElement('/dist/cm-material-download.stately.js');
    const element = await I.add(pbr);
    expect((await I.settled(element)).state).toBe('enabled');
  });
});
