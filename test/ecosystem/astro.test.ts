import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorOf } from '../../dev/provider/members.js';
import { startProvider, type Provider } from '../../dev/provider/server.js';
import { freePort, startAppServer, type AppServer } from './support/appServer';
import { launchChromium, openWatchedPage, type WatchedPage } from './support/browser';
import { installWithTarball, type PackageNeeds } from './support/installs';
import { cleanNpmEnv, packPackage, removeInBackground } from './support/pack';

/**
 * examples/astro as an Astro developer uses it, from the packed package: installed, built with
 * `astro build` into its Node server (and run under `astro dev`), opened in Chromium against the
 * local provider. The server resolves the links and proxies later lookups with a key the browser
 * must never see. Needs `npm run build` first (`npm test` does it).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

/** The server's provider key: unique, so that finding it anywhere the browser receives is a leak. */
const SERVER_KEY = `astro-example-key-${randomUUID()}`;

/**
 * `MaterialDownload` written straight in an `.astro` page with its anchor as children: Astro hands
 * them to the React island inside `<astro-slot>`. Added to the copy only: the example shows the
 * anchor in the component's own JSX.
 */
const CHILDREN_IN_ASTRO_PAGE = `---
import { MaterialDownload } from 'cm-material-download/react';
import Layout from '../components/Layout.astro';
---

<Layout title="Children written in the page">
  <MaterialDownload client:load organizationId="org-1" articleId="A-100" type="tile" endpoint="/api/graphql">
    <a class="button">Download the tileable image</a>
  </MaterialDownload>
</Layout>
`;

/** The same with a `link`: it needs the anchor as a React element, and Astro's children are HTML. */
const LINK_WITH_CHILDREN_IN_ASTRO_PAGE = CHILDREN_IN_ASTRO_PAGE.replace(
  'endpoint="/api/graphql"',
  'endpoint="/api/graphql" link="https://cdn.example/resolved-elsewhere.png"',
);

let scratch: string;
let app: string;
let provider: Provider;
let browser: Browser;

/**
 * The app's env as its README runs it: the key and the provider from the environment, Astro's telemetry off.
 * Without Vitest's own variables: `astro dev` under `VITEST` serves no page (404 to every route).
 */
const appEnv = (): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(cleanNpmEnv()).filter(([name]) => !name.startsWith('VITEST'))),
  ASTRO_TELEMETRY_DISABLED: '1',
  CM_API_KEY: SERVER_KEY,
  CM_PROVIDER_ENDPOINT: provider.graphqlUrl,
});

beforeAll(async () => {
  let tarball: string;
  ({ scratch, tarball } = await packPackage('cm-astro-'));
  const needs = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageNeeds;
  [provider, browser, app] = await Promise.all([
    startProvider(),
    launchChromium(),
    installWithTarball(join(root, 'examples/astro'), { scratch, name: 'astro', tarball, needs }),
  ]);
  writeFileSync(join(app, 'src/pages/children.astro'), CHILDREN_IN_ASTRO_PAGE);
  writeFileSync(join(app, 'src/pages/children-link.astro'), LINK_WITH_CHILDREN_IN_ASTRO_PAGE);
  // With the key in the environment: client code that read it at build time would carry it.
  await run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { cwd: app, env: appEnv() });
  // About 20 s for the install and the build once installs.ts has this app's dependencies; a first install adds a minute or more.
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await provider?.close();
  if (scratch) removeInBackground(scratch);
});

/** `astro dev`, or the built Node server, of the app on a free port. */
async function startAstro(command: 'built' | 'dev'): Promise<AppServer> {
  const port = await freePort();
  const args =
    command === 'built'
      ? ['dist/server/entry.mjs']
      : ['node_modules/astro/bin/astro.mjs', 'dev', '--host', '127.0.0.1', '--port', `${port}`];
  return startAppServer(args, { cwd: app, env: { ...appEnv(), HOST: '127.0.0.1', PORT: `${port}` }, port });
}

/** For the enclosing describe: the app served by `astro dev` or by its built Node server. */
function serveAstro(command: 'built' | 'dev'): { server: AppServer } {
  const served = {} as { server: AppServer };
  beforeAll(async () => {
    served.server = await startAstro(command);
  }, 120_000);
  afterAll(async () => {
    await served.server?.close();
  });
  return served;
}

/** What a page of the app shows and sends: every `data-state` its hosts took, anchors seen without a link, its POSTs. */
interface SeenPage extends WatchedPage {
  posts: string[];
  seen: () => Promise<{ states: string[]; anchorsWithoutLink: string[] }>;
}

async function openSeenPage(url: string): Promise<SeenPage> {
  const watched = await openWatchedPage(browser);
  const posts: string[] = [];
  watched.page.on('request', (request) => void (request.method() === 'POST' && posts.push(request.url())));
  await watched.page.addInitScript(() => {
    const seen = { states: [] as string[], anchorsWithoutLink: [] as string[] };
    (window as any).seen = seen;
    new MutationObserver((records) => {
      for (const { target } of records) {
        if (!(target instanceof Element)) continue;
        if (target.localName === 'cm-material-download') seen.states.push(target.getAttribute('data-state') ?? '');
        else if (!target.hasAttribute('href') || target.getAttribute('aria-disabled') === 'true')
          seen.anchorsWithoutLink.push(target.textContent ?? '');
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state', 'href', 'aria-disabled'] });
  });
  await watched.page.goto(url);
  return { ...watched, posts, seen: () => watched.page.evaluate(() => (window as any).seen) };
}

const host = (page: Page, articleId: string) => page.locator(`cm-material-download[article-id="${articleId}"]`);
const anchor = (page: Page, articleId: string) => host(page, articleId).locator('a');

/** Waits until the element for `articleId` is enabled with a link to its file of `type`; the link. */
async function seeLink(page: Page, articleId: string, type: string): Promise<string> {
  const link = new RegExp(`/files/org-1/${articleId}/${type}-`);
  await expect.poll(() => anchor(page, articleId).getAttribute('href')).toMatch(link);
  expect(await host(page, articleId).getAttribute('data-state')).toBe('enabled');
  return (await anchor(page, articleId).getAttribute('href'))!;
}

/** Every file of the client build, the browser's part of the app, as text. */
const clientBuild = () => {
  const client = join(app, 'dist/client');
  return readdirSync(client, { recursive: true, encoding: 'utf8' }).map((file) => {
    try {
      return readFileSync(join(client, file), 'utf8');
    } catch {
      return ''; // a folder
    }
  });
};

it('type-checks with the app’s own tsc, strict: the endpoint’s APIRoute and the island’s props', async () => {
  // `astro build` wrote the types of `astro:env/server` that the endpoint imports.
  const { stdout } = await run(
    process.execPath,
    ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--pretty', 'false'],
    {
      cwd: app,
    },
  ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  expect(stdout).toBe('');
}, 120_000);

describe('examples/astro built with `astro build`, served by its Node server', () => {
  const served = serveAstro('built');

  it('sends the links resolved in the frontmatter in the HTML, hosts marked `resolved`, the members-only one too', async () => {
    const html = await (await fetch(`${served.server.origin}/`)).text();
    expect(html).toMatch(
      /<cm-material-download resolved organization-id="org-1" article-id="A-100" type="thumbnail" dimensions="10x10cm" endpoint="\/api\/graphql"><a class="button" href="http:\/\/127\.0\.0\.1:\d+\/files\/org-1\/A-100\/thumbnail-[^"]+">/,
    );
    // Only a caller with credentials gets it, and its link names who asked: the server's key.
    expect(html).toMatch(
      new RegExp(
        `<cm-material-download resolved organization-id="org-1" article-id="A-MEMBERS" type="pbr" endpoint="/api/graphql"><a class="button" href="http://127\\.0\\.0\\.1:\\d+/files/org-1/A-MEMBERS/pbr-[^"]+visitor=${visitorOf({ 'api-key': SERVER_KEY })}`,
      ),
    );
  });

  it('never sends the key to the browser: in no page and no file of the client build', async () => {
    const pages = await Promise.all(
      ['/', '/island', '/children'].map(async (path) => (await fetch(`${served.server.origin}${path}`)).text()),
    );
    const files = clientBuild();
    expect(files.some((text) => text.includes('cm-link-change'))).toBe(true);
    expect([...pages, ...files].filter((text) => text.includes(SERVER_KEY))).toEqual([]);
  });

  describe('the page with the lite file, in Chromium', () => {
    let opened: SeenPage;
    beforeAll(async () => {
      provider.clearRequests();
      opened = await openSeenPage(`${served.server.origin}/`);
    }, 60_000);

    it('shows the server’s links from the first paint and asks nothing: never disabled, never fetching', async () => {
      const { page } = opened;
      await seeLink(page, 'A-100', 'thumbnail');
      await seeLink(page, 'A-MEMBERS', 'pbr');
      // The element removes the mark once it has read it.
      await expect.poll(() => page.locator('cm-material-download[resolved]').count()).toBe(0);
      expect(await opened.seen()).toEqual({ states: ['enabled', 'enabled'], anchorsWithoutLink: [] });
      expect(opened.posts).toEqual([]);
      // The provider heard the server alone, with its key: one batch for the page.
      expect(provider.requests.map(({ headers }) => headers['api-key'])).toEqual([SERVER_KEY]);
      expect(opened.messages).toEqual([]);
    });

    it('looks up again through the page’s /api/graphql with the server’s key: refresh() gets the members’ link back', async () => {
      const { page } = opened;
      provider.clearRequests();
      const proxied = page.waitForResponse((response) => response.url() === `${served.server.origin}/api/graphql`);
      await page.evaluate(() => (customElements.get('cm-material-download') as any).refresh());
      const response = await proxied;
      expect(response.status()).toBe(200);
      expect(response.request().headers()['api-key']).toBeUndefined();
      const answered = JSON.stringify(await response.json());
      const members = answered.match(/http:[^"]*\/files\/org-1\/A-MEMBERS\/pbr-[^"]*/)?.[0];
      expect(members).toContain(`visitor=${visitorOf({ 'api-key': SERVER_KEY })}`);
      expect(provider.requests.map(({ headers }) => headers['api-key'])).toEqual([SERVER_KEY]);
      await expect.poll(() => anchor(page, 'A-MEMBERS').getAttribute('href')).toBe(members);
      expect(await host(page, 'A-MEMBERS').getAttribute('data-state')).toBe('enabled');
      expect(opened.messages).toEqual([]);
    });
  });

  it('sets the React island’s link, its anchor written in the component’s JSX, through the proxy', async () => {
    provider.clearRequests();
    const { page, messages, posts } = await openSeenPage(`${served.server.origin}/island`);
    await seeLink(page, 'A-101', 'pbr');
    expect(posts).toEqual([`${served.server.origin}/api/graphql`]);
    expect(provider.requests.map(({ headers }) => headers['api-key'])).toEqual([SERVER_KEY]);
    expect(messages).toEqual([]);
  });

  it('sets the link of MaterialDownload written in an .astro page with its <a> as children (inside <astro-slot>)', async () => {
    const { page, messages } = await openSeenPage(`${served.server.origin}/children`);
    await seeLink(page, 'A-100', 'tile');
    expect(await page.locator('cm-material-download > astro-slot > a').count()).toBe(1);
    expect(await anchor(page, 'A-100').getAttribute('class')).toBe('button');
    expect(messages).toEqual([]);
  });

  it('says a `link` is ignored there, in the README’s words, and looks the link up instead', async () => {
    const { page, messages } = await openSeenPage(`${served.server.origin}/children-link`);
    expect(await seeLink(page, 'A-100', 'tile')).not.toContain('cdn.example');
    expect(messages).toEqual([
      expect.stringMatching(/^error: cm-material-download: the link prop needs a single <a> element as children/),
    ]);
  });
});

describe('examples/astro under `astro dev`', () => {
  const served = serveAstro('dev');

  // The package once depended on @xstate/react, whose CommonJS shim Vite's dev server could not
  // serve as ESM: the island threw a use-sync-external-store export error and stayed fetching.
  it('serves the island pages with no error on the console, and their links are set', async () => {
    for (const [path, articleId, type] of [
      ['/island', 'A-101', 'pbr'],
      ['/children', 'A-100', 'tile'],
    ] as const) {
      const { page, problems, messages } = await openSeenPage(`${served.server.origin}${path}`);
      await seeLink(page, articleId, type);
      expect(problems, path).toEqual([]);
      expect(messages.filter((message) => /use-sync-external-store|does not provide an export/.test(message))).toEqual(
        [],
      );
      await page.context().close();
    }
  }, 90_000);
});
