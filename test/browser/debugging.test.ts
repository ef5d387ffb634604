import { describe, expect, it } from 'vitest';
import type { MaterialDownloadPage } from './support/materialDownloadPage';
import { useHarness } from './support/useHarness';

const harness = useHarness();
let I: MaterialDownloadPage;

const pbr = { 'organization-id': 'org-1', 'article-id': 'A-100', type: 'pbr' };

describe('the debug attribute', () => {
  it('logs each transition of that element, and only of that one, in one line', async () => {
    I = await harness.newPage();
    await I.open();
    const loud = await I.add({ ...pbr, debug: '' });
    const quiet = await I.add({ ...pbr, 'article-id': 'A-101' });
    const link = await I.settled(loud);
    await I.settled(quiet);
    await I.settleAfter(loud, () => I.setAttribute(loud, 'type', 'video'));
    expect(I.consoleDebug).toEqual([
      'cm-material-download#el-1: validating → fetching on always (href: none)',
      `cm-material-download#el-1: fetching → enabled on xstate.done.actor.0.materialDownload.fetching (href: ${link.href})`,
      // Each line shows the context after the step: entering validating has already validated.
      'cm-material-download#el-1: enabled → validating on INPUTS.SET (error: Invalid type "video". Valid values: pbr, thumbnail, tile.)',
      'cm-material-download#el-1: validating → disabled on always (error: Invalid type "video". Valid values: pbr, thumbnail, tile.)',
    ]);
  });

  it('can be switched on later', async () => {
    I = await harness.newPage();
    await I.open();
    const element = await I.add(pbr);
    await I.settled(element);
    expect(I.consoleDebug).toEqual([]);
    await I.setAttribute(element, 'debug', '');
    await I.settleAfter(element, () => I.setAttribute(element, 'article-id', 'A-103'));
    expect(I.consoleDebug.map((line) => line.split(' on ')[0])).toEqual([
      'cm-material-download#el-1: enabled → validating',
      'cm-material-download#el-1: validating → fetching',
      'cm-material-download#el-1: fetching → enabled',
    ]);
  });
});

describe('the inspect hook', () => {
  it('configure({ inspect }) sees the microsteps of elements that already exist, with their host', async () => {
    I = await harness.newPage();
    await I.open();
    const element = await I.add(pbr);
    await I.settled(element);
    await I.page.evaluate(() => {
      (window as any).__seen = [];
      (customElements.get('cm-material-download') as any).configure({
        inspect: (event: any, host: HTMLElement) => {
          if (event.type === '@xstate.microstep') (window as any).__seen.push(`${host.id}:${event.snapshot.value}`);
        },
      });
    });
    await I.settleAfter(element, () => I.setAttribute(element, 'article-id', 'A-101'));
    expect(await I.page.evaluate(() => (window as any).__seen)).toEqual([
      'el-1:validating',
      'el-1:fetching',
      'el-1:enabled',
    ]);
  });

  it('a throwing hook does not break the element', async () => {
    I = await harness.newPage();
    await I.open({
      configure: {},
    });
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
