import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { App, type AppProps } from './fixtures/react-resolved/app';
import type { ChromiumPage } from './support/chromiumPage';
import { buildReactFixture } from './support/buildReactFixture';
import { useHarness } from './support/useHarness';

/**
 * `<MaterialDownload link>`: a link the server resolved, rendered on the server with `renderToString` and
 * hydrated in the browser with `hydrateRoot`. The anchor carries it in the server's HTML, React finds nothing
 * to correct, and the element shows it without asking, announcing it through `onLinkChange`.
 */
const harness = useHarness();
let I: ChromiumPage;

const FIXTURE = fileURLToPath(new URL('./fixtures/react-resolved/', import.meta.url));
const BASE = '/fixtures/react-resolved/dist/';
let served = 0;

beforeAll(() => buildReactFixture('react-resolved'), 60_000);

interface Recorded {
  written: { name: string; value: string | null }[];
  linkChanges: { state: string; href: string | null; error: string | null; reason: string | null }[];
  recoverableErrors: string[];
}

/** The page as a server sends it: the app's render in its root, the props it was rendered with for the hydration. */
async function openServerRendered(props: AppProps): Promise<void> {
  const built = await readFile(`${FIXTURE}dist/index.html`, 'utf8');
  const page = built
    .replace('<!--app-->', renderToString(createElement(App, props)))
    .replace('<!--props-->', JSON.stringify(props).replace(/</g, '\\u003c'));
  const name = `server-rendered-${++served}.html`;
  await writeFile(`${FIXTURE}dist/${name}`, page);
  I = await harness.newPage();
  harness.provider.clearRequests();
  await I.page.goto(`${harness.provider.origin}${BASE}${name}`);
}
const recorded = () =>
  I.page.evaluate(() => {
    const { written, linkChanges, recoverableErrors } = window as unknown as Recorded;
    return { written, linkChanges, recoverableErrors };
  });
const linkChanges = async () => (await recorded()).linkChanges;

describe.each([false, true])('<MaterialDownload link> rendered on the server (strict: %s)', (strict) => {
  const pbr = { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' } as const;
  const fileOf = (articleId: string) =>
    `${harness.provider.origin}/files/org-1/${articleId}/pbr-DONE_DEFAULT-MEDIUM-EXR.zip`;

  it('hydrates with no mismatch; the anchor keeps the server-rendered link and nothing is asked', async () => {
    const link = fileOf('A-100');
    expect(renderToString(createElement(App, { ...pbr, strict, link }))).toContain(`href="${link}"`);
    await openServerRendered({ ...pbr, strict, link });

    await expect.poll(linkChanges).toHaveLength(1);
    expect(await linkChanges()).toEqual([{ state: 'enabled', href: link, error: null, reason: null }]);
    // The element's first settling came from the server's link, not from a lookup.
    expect(harness.provider.requests).toEqual([]);
    const { written, recoverableErrors } = await recorded();
    // Never taken off nor rewritten: the one write is the element's reading of its mark.
    expect(written).toEqual([{ name: 'resolved', value: null }]);
    expect(await I.page.locator('#host > a').getAttribute('href')).toBe(link);
    expect(recoverableErrors).toEqual([]);
    expect(I.devtools.consoleErrors).toEqual([]);
    expect(I.devtools.consoleWarnings).toEqual([]);
  });

  it('ignores a link it cannot put on a single <a> child, says so once, and looks the link up', async () => {
    await openServerRendered({ ...pbr, strict, link: fileOf('A-100'), inFragment: true });

    await expect.poll(linkChanges).toHaveLength(1);
    expect(await linkChanges()).toEqual([{ state: 'enabled', href: fileOf('A-100'), error: null, reason: null }]);
    expect(harness.provider.requests).toHaveLength(1);
    expect((await recorded()).recoverableErrors).toEqual([]);
    expect(I.devtools.consoleErrors.filter((text) => text.includes('the link prop needs'))).toHaveLength(1);
  });
});
