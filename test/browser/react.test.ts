import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MaterialDownloadPage } from './support/materialDownloadPage';
import { useHarness } from './support/useHarness';

/**
 * The React binding on its own, in both React modes: StrictMode mounts,
 * unmounts and remounts every effect, which must cost neither a second
 * input event, nor a second request, nor a second cm-link-change.
 */
const harness = useHarness();
let I: MaterialDownloadPage;

beforeAll(async () => {
  // A development build: StrictMode only double-invokes effects there.
  await build({
    root: fileURLToPath(new URL('./fixtures/react-app', import.meta.url)),
    base: '/fixtures/react-app/dist/',
    configFile: false,
    logLevel: 'error',
    mode: 'development',
    define: {
      __CM_GRAPHQL_ENDPOINT__: '"/graphql"',
      __CM_VERSION__: '"test"',
      'process.env.NODE_ENV': '"development"',
    },
    build: { outDir: 'dist', emptyOutDir: true, minify: false },
  });
}, 60_000);

type AppWindow = {
  render(inputs: object, strict: boolean): void;
  sent: string[];
  linkChanges: { href: string | null }[];
};

async function render(inputs: object, strict: boolean) {
  await I.page.evaluate(([props, mode]) => (window as unknown as AppWindow).render(props as object, mode as boolean), [
    inputs,
    strict,
  ] as const);
}
const linkChanges = () => I.page.evaluate(() => (window as unknown as AppWindow).linkChanges);
const sent = () => I.page.evaluate(() => (window as unknown as AppWindow).sent);
const operationsFor = (articleId: string) =>
  I.operations().filter((operation) => operation.variables.articleId === articleId);

describe.each([
  ['StrictMode on', true],
  ['StrictMode off', false],
])('<MaterialDownload> with %s', (_, strict) => {
  it('fetches once, announces once, and sends input events only on a real change', async () => {
    I = await harness.newPage();
    harness.provider.clearRequests();
    await I.page.goto(`${harness.provider.origin}/fixtures/react-app/dist/index.html`);
    await I.page.waitForFunction(() => typeof (window as unknown as AppWindow).render === 'function');
    const pbr = { organizationId: 'org-2', articleId: 'B-203', type: 'pbr' };

    await render(pbr, strict);
    await expect.poll(linkChanges).toHaveLength(1);
    expect((await linkChanges())[0]!.href).toContain('/org-2/B-203/pbr-');
    expect(await I.page.locator('#host > a').getAttribute('href')).toContain('/org-2/B-203/pbr-');

    // Equal props again: nothing to do.
    await render({ ...pbr }, strict);
    await I.page.waitForTimeout(100);
    expect(await sent()).toEqual([]);

    await render({ ...pbr, articleId: 'B-202' }, strict);
    await expect.poll(linkChanges).toHaveLength(2);
    expect(await sent()).toHaveLength(1);
    expect((await linkChanges())[1]!.href).toContain('/org-2/B-202/pbr-');
    expect(operationsFor('B-203')).toHaveLength(1);
    expect(operationsFor('B-202')).toHaveLength(1);
  });
});
