import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProvider, type Provider } from '../../dev/provider/server.js';
import type { ChromiumPage } from '../browser/support/chromiumPage';
import { useHarness } from '../browser/support/useHarness';

/**
 * A customer page with its own React 18 (UMD globals) beside our bundle,
 * which carries React 19 inside. React 18 cannot be installed next to the
 * project's React 19 (peer ranges), so its published tarballs are fetched
 * with `npm pack` and their UMD files served from a second origin.
 */
const harness = useHarness();
let react18: Provider;
let folder: string;
let I: ChromiumPage;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'react18-'));
  execFileSync('npm', ['pack', 'react@18.3.1', 'react-dom@18.3.1', '--silent', '--pack-destination', folder], {
    stdio: 'ignore',
  });
  for (const name of ['react', 'react-dom']) {
    const into = join(folder, name);
    mkdirSync(into);
    execFileSync('tar', ['-xzf', join(folder, `${name}-18.3.1.tgz`), '-C', into]);
  }
  react18 = await startProvider({
    staticDirs: { '/react/': join(folder, 'react/package/umd'), '/react-dom/': join(folder, 'react-dom/package/umd') },
  });
}, 120_000);
afterAll(async () => {
  await react18?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a page that runs its own React 18', () => {
  it('renders the element from its React 18 app; links follow the app state; its React stays its own', async () => {
    I = await harness.newPage();
    await I.open({ load: false });
    await I.page.addScriptTag({ url: `${react18.origin}/react/react.production.min.js` });
    await I.page.addScriptTag({ url: `${react18.origin}/react-dom/react-dom.production.min.js` });
    await I.page.evaluate(() => {
      const { React, ReactDOM } = window as unknown as { React: any; ReactDOM: any };
      const h = React.createElement;
      function App() {
        const [article, setArticle] = React.useState('A-100');
        (window as any).__setArticle = setArticle;
        return h(
          'div',
          null,
          h(
            'cm-material-download',
            { id: 'el-1', 'organization-id': 'org-1', 'article-id': article, type: 'pbr' },
            h('a', { className: 'button' }, 'Download'),
          ),
          h('output', { id: 'article' }, article),
        );
      }
      ReactDOM.createRoot(document.getElementById('root')).render(h(App));
    });
    await I.page.waitForSelector('#article');
    await I.loadElement();
    const element = 'el-1';
    expect((await I.settled(element)).href).toContain('/org-1/A-100/pbr-');

    const change = await I.settleAfter(element, () => I.page.evaluate(() => (window as any).__setArticle('A-103')));
    expect(change.href).toContain('/org-1/A-103/pbr-');
    expect(await I.page.locator('#article').textContent()).toBe('A-103');
    expect(await I.page.evaluate(() => (window as any).React.version)).toBe('18.3.1');
    expect(I.devtools.consoleErrors).toEqual([]);
  });
});
