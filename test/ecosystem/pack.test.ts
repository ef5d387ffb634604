import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, ElementHandle } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorOf } from '../../dev/provider/members.js';
import { startProvider, type Provider } from '../../dev/provider/server.js';
import { freePort, startAppServer, type AppServer } from './support/appServer';
import { launchChromium, openWatchedPage, type WatchedPage } from './support/browser';
import { cpuSlots } from './support/cpuSlots';
import { installWithTarball as installExample } from './support/installs';
import { cleanNpmEnv, packPackage, removeInBackground } from './support/pack';

/**
 * The package as npm would publish it, used the way a React, a Next.js, a
 * Vue, an Angular or a SvelteKit developer would: one `npm pack`, installed
 * into a copy of each of examples/react, next, vue, angular and sveltekit,
 * each type-checked with the app's own checker, built with the app's own tool
 * (Vite, `next build`, the Angular CLI), served where the framework serves
 * (`next start`, SvelteKit's Node server) and opened in Chromium against the
 * local provider. Needs `npm run build` first (`npm test` does it).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

interface PackageJson {
  name: string;
  version: string;
  main?: string;
  types?: string;
  customElements?: string;
  exports: Record<string, string | Record<string, string>>;
  sideEffects: string[] | boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

let scratch: string;
let reactApp: string;
let vueApp: string;
let angularApp: string;
/** What `ng build` printed for examples/angular as written. */
let angularBuildOutput: string;
let nextApp: string;
/** What `next build` printed for examples/next. */
let nextBuildOutput: string;
let svelteKitApp: string;
/** What `vite build` printed, warnings and errors only, for examples/sveltekit. */
let svelteKitBuildOutput: string;
/** The provider the apps with a server of their own (Next.js, SvelteKit) ask. */
let provider: Provider;
let noReactTypesApp: string;
let files: string[];
let pkg: PackageJson;
let browser: Browser;

async function inApp(app: string, command: string, args: string[]) {
  return run(command, args, { cwd: app, env: cleanNpmEnv(), maxBuffer: 16 * 1024 * 1024 });
}

/**
 * For a test that runs an app's own tool (a build, a type-check): two Angular builds took over a
 * minute beside the other worker's browsers and a CPU hog per core.
 */
const TOOL_TIMEOUT_MS = 240_000;

/** Builds take a core each from start to end: two at a time on two cores finish as soon as more would. */
const buildSlot = cpuSlots();

/** What a Node script of the app printed, stdout and stderr; rejects with that when it fails. */
async function appOutput(app: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const { stdout, stderr } = await run(process.execPath, args, {
    cwd: app,
    env: { ...cleanNpmEnv(), NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) =>
    Promise.reject(new Error(`${error.stdout ?? ''}${error.stderr ?? ''}`)),
  );
  return `${stdout}${stderr}`;
}

/** A copy of `source` named `name` that depends on the tarball instead of the registry's version, installed. */
const installWithTarball = (source: string, name: string, tarball: string) =>
  installExample(source, { scratch, name, tarball, needs: pkg });

/** A copy of examples/<name> with the tarball installed, built with the app's own Vite. */
async function prepareExample(name: string, tarball: string): Promise<string> {
  const app = await installWithTarball(join(root, 'examples', name), name, tarball);
  await buildSlot(() =>
    inApp(app, process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error']),
  );
  return app;
}

/** The output of `ng build` in `app` (stdout and stderr, where the CLI puts its warnings); rejects with it when the build fails. */
async function ngBuild(app: string, args: string[] = []): Promise<string> {
  return appOutput(app, ['node_modules/@angular/cli/bin/ng.js', 'build', ...args], { NG_CLI_ANALYTICS: 'false' });
}

/** A copy of examples/angular with the tarball installed, built in production mode with the app's own Angular CLI. */
async function prepareAngular(tarball: string): Promise<string> {
  const app = await installWithTarball(join(root, 'examples/angular'), 'angular', tarball);
  angularBuildOutput = await buildSlot(() => ngBuild(app));
  return app;
}

/** The site's key in examples/next: distinctive, so that a copy of it anywhere the browser reads is found. */
const NEXT_API_KEY = 'cm-next-example-server-key-5e1d';

/** Next.js as the app runs it here: no telemetry, the local provider, and the server's key for it. */
const nextEnv = (): NodeJS.ProcessEnv => ({
  NEXT_TELEMETRY_DISABLED: '1',
  CM_PROVIDER_ORIGIN: provider.origin,
  CM_API_KEY: NEXT_API_KEY,
});

/** A copy of examples/next with the tarball installed, built with `next build` (TypeScript checked). */
async function prepareNext(tarball: string): Promise<string> {
  const app = await installWithTarball(join(root, 'examples/next'), 'next', tarball);
  nextBuildOutput = await buildSlot(() => appOutput(app, ['node_modules/next/dist/bin/next', 'build'], nextEnv()));
  return app;
}

/** A copy of examples/sveltekit with the tarball installed, built with its Vite into a Node server. */
async function prepareSvelteKit(tarball: string): Promise<string> {
  const app = await installWithTarball(join(root, 'examples/sveltekit'), 'sveltekit', tarball);
  svelteKitBuildOutput = await buildSlot(() =>
    appOutput(app, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']),
  );
  return app;
}

/**
 * The apps' own checkers (tsc, vue-tsc, svelte-check, edited Angular builds), each started on a build
 * slot once its app is built, beside the other builds: one after the other in their tests, they kept
 * a core busy for three minutes while the other was idle. Each test awaits its own and judges it; a
 * failure stays the test's (it is caught here only so that it is not unhandled meanwhile).
 */
interface Checks {
  noReactTypes: Promise<{ stdout: string }>;
  react: ReturnType<typeof typeCheckReact>;
  vue: ReturnType<typeof typeCheckVue>;
  angularWithoutSchema: Promise<string>;
  angularLite: Promise<string>;
  svelteKit: ReturnType<typeof svelteCheck>;
}
const checks = {} as Checks;

function onBuildSlot<T>(task: () => Promise<T>): Promise<T> {
  const running = buildSlot(task);
  running.catch(() => undefined);
  return running;
}

/** Our tsc in the app without React types: the package's declarations are what is checked. */
const typeCheckNoReactTypes = (app: string) =>
  inApp(app, process.execPath, [
    join(root, 'node_modules/typescript/bin/tsc'),
    '-p',
    'tsconfig.json',
    '--pretty',
    'false',
  ]);

/**
 * The app's own checker over the app as written and, beside it, a copy of `source` with `type="pdf"` in
 * `wrong`: one run for both sides. What the source was, and what the checker printed.
 */
async function checkWithWrongType(
  app: string,
  [source, wrong]: [string, string],
  edit: (original: string) => string,
  check: () => Promise<string>,
): Promise<{ original: string; output: string }> {
  const original = readFileSync(join(app, source), 'utf8');
  writeFileSync(join(app, wrong), edit(original));
  try {
    return { original, output: await check() };
  } finally {
    rmSync(join(app, wrong));
  }
}

const typeCheckReact = (app: string) =>
  checkWithWrongType(
    app,
    ['src/App.tsx', 'src/WrongType.tsx'],
    (original) => original.replace('type={type}', 'type="pdf"'),
    () =>
      inApp(app, process.execPath, [
        'node_modules/typescript/bin/tsc',
        '-p',
        'tsconfig.json',
        '--pretty',
        'false',
      ]).then(
        ({ stdout }) => stdout,
        (error: { stdout: string }) => error.stdout,
      ),
  );

const typeCheckVue = (app: string) =>
  checkWithWrongType(
    app,
    ['src/App.vue', 'src/WrongType.vue'],
    (original) => original.replace(':type="type"', 'type="pdf"'),
    () =>
      inApp(app, process.execPath, ['node_modules/vue-tsc/bin/vue-tsc.js', '--noEmit', '-p', 'tsconfig.json']).then(
        ({ stdout, stderr }) => `${stdout}${stderr}`,
        (error: { stdout: string; stderr: string }) => `${error.stdout}${error.stderr}`,
      ),
  );

/** The tag's `{type}` attribute in the SvelteKit page, alone on its line (the select binds `{type}` too). */
const SVELTE_TYPE_ATTRIBUTE = /^(\s*)\{type\}$/m;

const svelteCheck = (app: string) =>
  checkWithWrongType(
    app,
    ['src/routes/+page.svelte', 'src/WrongType.svelte'],
    (original) => original.replace(SVELTE_TYPE_ATTRIBUTE, '$1type="pdf"'),
    () =>
      appOutput(app, [
        'node_modules/svelte-check/bin/svelte-check',
        '--tsconfig',
        './tsconfig.json',
        '--output',
        'machine',
      ]).catch((error: Error) => error.message),
  );

/**
 * `ng build` of the Angular app with `edits` applied to its files (path to new content), into a folder
 * of the scratch's so the app's dist/ stays what the browser tests serve; the files are put back after.
 */
async function buildEditedAngular(edits: Record<string, (source: string) => string>, outDir: string): Promise<string> {
  const originals = Object.keys(edits).map((file) => [file, readFileSync(join(angularApp, file), 'utf8')] as const);
  try {
    for (const [file, original] of originals) {
      const edited = edits[file]!(original);
      expect(edited, `${file} unchanged: the edit no longer matches the example`).not.toBe(original);
      writeFileSync(join(angularApp, file), edited);
    }
    return await ngBuild(angularApp, ['--output-path', join(scratch, outDir)]).catch(
      (error: Error) => `failed: ${error.message}`,
    );
  } finally {
    for (const [file, original] of originals) writeFileSync(join(angularApp, file), original);
  }
}

/** Where the Angular app built with the lite entry's `defineMaterialDownload` goes. */
const ANGULAR_LITE_OUT = 'angular-edited-lite';

/** Starts each app's checks once it is built. The two edited Angular builds edit the same files: one after the other. */
function startChecks(app: 'noReactTypes' | 'react' | 'vue' | 'svelteKit' | 'angular', dir: string): string {
  if (app === 'noReactTypes') checks.noReactTypes = onBuildSlot(() => typeCheckNoReactTypes(dir));
  if (app === 'react') checks.react = onBuildSlot(() => typeCheckReact(dir));
  if (app === 'vue') checks.vue = onBuildSlot(() => typeCheckVue(dir));
  if (app === 'svelteKit') checks.svelteKit = onBuildSlot(() => svelteCheck(dir));
  if (app === 'angular') {
    // Each component with its own mistake: one build for both, and each must be reported.
    checks.angularWithoutSchema = onBuildSlot(() =>
      buildEditedAngular(
        {
          'src/app/article.ts': (source) => source.replace('schemas: [CUSTOM_ELEMENTS_SCHEMA],', ''),
          'src/app/picker.ts': (source) =>
            source.replace('onLinkChange(event: LinkChangeEvent)', 'onLinkChange(event: KeyboardEvent)'),
        },
        'angular-edited-schema',
      ),
    );
    const lite = () =>
      buildEditedAngular(
        {
          'src/main.ts': (source) =>
            source.replace(
              "import 'cm-material-download/cm-material-download.lite.js';",
              "import { defineMaterialDownload } from 'cm-material-download/lite';\ndefineMaterialDownload();",
            ),
        },
        ANGULAR_LITE_OUT,
      );
    checks.angularLite = checks.angularWithoutSchema.then(
      () => onBuildSlot(lite),
      () => onBuildSlot(lite),
    );
    checks.angularLite.catch(() => undefined);
  }
  return dir;
}

beforeAll(async () => {
  let tarball: string;
  ({ scratch, tarball, files } = await packPackage('cm-pack-'));
  pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
  // Before the builds: Next.js fixes its rewrites to the provider's origin when it builds.
  provider = await startProvider();
  // Side by side: npm spends much of an install waiting on the disk and the registry, time the other app can use.
  [reactApp, vueApp, angularApp, nextApp, svelteKitApp, noReactTypesApp, browser] = await Promise.all([
    prepareExample('react', tarball).then((app) => startChecks('react', app)),
    prepareExample('vue', tarball).then((app) => startChecks('vue', app)),
    prepareAngular(tarball).then((app) => {
      angularApp = app;
      return startChecks('angular', app);
    }),
    prepareNext(tarball),
    prepareSvelteKit(tarball).then((app) => startChecks('svelteKit', app)),
    installWithTarball(join(root, 'test/ecosystem/fixtures/no-react-types'), 'no-react-types', tarball).then((app) =>
      startChecks('noReactTypes', app),
    ),
    launchChromium(),
  ]);
  // The browser tests after them: none runs beside a checker.
  await Promise.allSettled(Object.values(checks));
  // Six installs, five builds and the checks: about 120 s for the installs and builds with npm's cache
  // warm and the load average near 8 (Next.js's install and build the longest), over 300 s with it
  // above 12; the checks add as much again.
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await provider?.close();
  if (scratch) removeInBackground(scratch);
});

/**
 * For the enclosing describe: the app served by what `start` starts, open in a watched page of the
 * shared Chromium, with locators for its element, the anchor and the status.
 */
function servePage<Server extends { origin: string; close: () => Promise<void> }>(start: () => Promise<Server>) {
  const served = {} as { server: Server } & WatchedPage;
  /** The anchor the framework rendered first, to tell that later renders changed it instead of making another. */
  let firstAnchor: ElementHandle;
  beforeAll(async () => {
    served.server = await start();
    Object.assign(served, await openWatchedPage(browser));
    await served.page.goto(`${served.server.origin}/`);
  }, 180_000);
  afterAll(async () => {
    await served.server?.close();
  });
  const anchor = () => served.page.locator('cm-material-download > a');
  const host = () => served.page.locator('cm-material-download');
  const status = () => served.page.getByRole('status');
  /** The status as a reader hears it: a template's line breaks are not the app's words. */
  const statusText = async () => (await status().textContent())?.replace(/\s+/g, ' ').trim();
  /** Waits until the anchor links to a file whose path matches `path`, and the app's status says so; the link. */
  const seeReadyLink = async (path: RegExp) => {
    await expect.poll(() => anchor().getAttribute('href')).toMatch(path);
    const href = (await anchor().getAttribute('href'))!;
    expect(await host().getAttribute('data-state')).toBe('enabled');
    await expect.poll(statusText).toBe(`Ready: ${href}`);
    return href;
  };
  return Object.assign(served, {
    host,
    anchor,
    status,
    seeReadyLink,
    /** Picks `type` in the app's select, and waits for A-100's link of that type; the link. */
    chooseType: async (type: string) => {
      await served.page.getByRole('combobox').selectOption(type);
      return seeReadyLink(new RegExp(`/files/org-1/A-100/${type}-`));
    },
    rememberAnchor: async () => {
      firstAnchor = await anchor().elementHandle();
    },
    isFirstAnchor: () =>
      served.page.evaluate((first) => first === document.querySelector('cm-material-download > a'), firstAnchor),
  });
}

/** For the enclosing describe: the app built in `dist()`, served by a local provider of its own (see servePage). */
const serveApp = (dist: () => string) => servePage(() => startProvider({ staticDirs: { '/': dist() } }));

/** React's own module body defines this: code that has it bundles React. */
const REACT_MARK = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE';

/** Every script a build wrote below `dir`, joined. */
const scriptsIn = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n');

const stripDot = (path: string) => path.replace(/^\.\//, '');

describe('the npm tarball', () => {
  it('holds the builds, the types, the manifest and the docs, and nothing of tests, sources or dev tools', () => {
    for (const needed of [
      'package.json',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'custom-elements.json',
      'dist/cm-material-download.js',
      'dist/cm-material-download.lite.js',
      'dist/cm-material-download.stately.js',
      'dist/lib/index.js',
      'dist/types/index.d.ts',
      'dist/types/element/globalTypes.d.ts',
    ]) {
      expect(files).toContain(needed);
    }
    const strays = files.filter(
      (file) => !/^(dist\/|custom-elements\.json$|package\.json$|README\.md$|LICENSE$|CHANGELOG\.md$)/.test(file),
    );
    expect(strays).toEqual([]);
  });

  it('has a file behind every entry point package.json names', () => {
    const targets = [
      pkg.main,
      pkg.types,
      pkg.customElements,
      ...Object.values(pkg.exports).flatMap((target) =>
        typeof target === 'string' ? [target] : Object.values(target),
      ),
    ];
    for (const target of targets) expect(files, String(target)).toContain(stripDot(String(target)));
    expect(Object.keys(pkg.exports)).toEqual(
      expect.arrayContaining(['.', './cm-material-download.js', './cm-material-download.lite.js']),
    );
  });

  it('marks the self-registering files as having side effects, and the library entry as free of them', () => {
    // The element, its lite and Stately builds, and the inspector; not the debugging module they load, which has exports only.
    const selfRegistering = files.filter(
      (file) => /^dist\/cm-material-download(\.\w+)?\.js$/.test(file) && !file.endsWith('.debug.js'),
    );
    expect(selfRegistering).toHaveLength(4);
    expect(pkg.sideEffects).toEqual(expect.arrayContaining(selfRegistering.map((file) => `./${file}`)));
    expect(pkg.sideEffects).not.toContain('./dist/lib/index.js');
  });

  it('lets the library entry import React and the other dependencies instead of carrying copies', () => {
    // The entry and the chunks it imports (the binding it loads on demand among them).
    const code = files
      .filter((file) => file.startsWith('dist/lib/') && file.endsWith('.js'))
      .map((file) => readFileSync(join(reactApp, 'node_modules', pkg.name, file), 'utf8'))
      .join('\n');
    // Bare specifiers of the file's own import statements, reduced to package names.
    const imported = new Set(
      [...code.matchAll(/^import\b[^;]*?["']([^"'./][^"']*)["'];?$/gm)].map(([, specifier]) =>
        specifier!.replace(/^((@[^/]+\/)?[^/]+).*$/, '$1'),
      ),
    );
    expect([...imported].sort()).toEqual(expect.arrayContaining(['react', 'react-dom']));
    const declared = new Set(Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }));
    expect([...imported].filter((name) => !declared.has(name))).toEqual([]);
    expect(code).not.toContain(REACT_MARK);
  });

  it(
    'lets a bundler drop the library entry when nothing of it is used, and keep a self-registering file',
    async () => {
      const bundle = async (source: string) => {
        const entry = join(reactApp, `entry-${source.length}.js`);
        writeFileSync(entry, source);
        const output = (await build({
          root: reactApp,
          configFile: false,
          logLevel: 'silent',
          build: { write: false, minify: false, rolldownOptions: { input: entry } },
        })) as Rolldown.RolldownOutput;
        return output.output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
      };
      expect(await bundle(`import '${pkg.name}';\n`)).not.toContain('cm-link-change');
      expect(await bundle(`import '${pkg.name}/cm-material-download.js';\n`)).toContain('cm-link-change');
    },
    TOOL_TIMEOUT_MS,
  );
});

describe('an app without React types (Angular, Vue, plain TypeScript)', () => {
  it('installs nothing of React (optional peers, for the React binding) and no React types', () => {
    for (const name of ['react', 'react-dom', '@xstate/react', 'use-sync-external-store'])
      expect(existsSync(join(noReactTypesApp, `node_modules/${name}/package.json`)), name).toBe(false);
    expect(existsSync(join(noReactTypesApp, 'node_modules/@types/react'))).toBe(false);
  });

  it(
    'type-checks the library entry, the lite file and the tag with skipLibCheck off',
    async () => {
      await expect(
        checks.noReactTypes.catch((error: { stdout: string }) => Promise.reject(new Error(error.stdout))),
      ).resolves.toMatchObject({
        stdout: '',
      });
    },
    TOOL_TIMEOUT_MS,
  );
});

describe('examples/react with the installed package', () => {
  it(
    'type-checks with the app’s own tsc: the JSX typings accept the tag and its attributes, and refuse `type="pdf"`',
    async () => {
      const { original, output } = await checks.react;
      expect(original).toContain('type={type}');
      const errors = output.split('\n').filter((line) => line.includes('error TS'));
      expect(errors, output).toEqual([
        expect.stringMatching(/^src\/WrongType\.tsx.*TS2322: Type '"pdf"' is not assignable/),
      ]);
    },
    TOOL_TIMEOUT_MS,
  );

  describe('built with the app’s own Vite, in Chromium against the local provider', () => {
    let provider: Provider;

    beforeAll(async () => {
      provider = await startProvider({ staticDirs: { '/': join(reactApp, 'dist') } });
    });
    afterAll(async () => {
      await provider?.close();
    });

    let problems: string[];

    it('sets the link from state, reports it through cm-link-change, and fetches again when state changes', async () => {
      const watched = await openWatchedPage(browser);
      const { page } = watched;
      problems = watched.problems;
      await page.goto(`${provider.origin}/`);
      const anchor = page.locator('cm-material-download > a');
      const status = page.getByRole('status');

      await expect.poll(() => anchor.getAttribute('href')).toMatch(/\/files\/org-1\/A-100\/thumbnail-/);
      const thumbnail = (await anchor.getAttribute('href'))!;
      expect(await page.locator('cm-material-download').getAttribute('data-state')).toBe('enabled');
      await expect.poll(() => status.textContent()).toBe(`Ready: ${thumbnail}`);
      expect((await page.request.get(thumbnail)).status()).toBe(200);

      await page.getByRole('combobox').selectOption('pbr');
      await expect.poll(() => anchor.getAttribute('href')).toMatch(/\/files\/org-1\/A-100\/pbr-/);
      await expect.poll(() => status.textContent()).toBe(`Ready: ${await anchor.getAttribute('href')}`);
      expect(await anchor.textContent()).toBe('Download pbr');
    }, 30_000);

    it('logs nothing to the console and throws nothing, mounted by the app’s own React', () => {
      expect(problems).toEqual([]);
    });
  });
});

describe('examples/vue with the installed package', () => {
  it(
    'type-checks with vue-tsc, which checks the tag’s attribute values in the template (`type="pdf"` does not compile)',
    async () => {
      const { original, output } = await checks.vue;
      expect(original).toContain(':type="type"');
      const errors = output.split('\n').filter((line) => line.includes('error TS'));
      expect(
        errors.filter((line) => !line.startsWith('src/WrongType.vue')),
        output,
      ).toEqual([]);
      expect(errors, output).toEqual([expect.stringMatching(/TS2322: Type '"pdf"' is not assignable/)]);
    },
    TOOL_TIMEOUT_MS,
  );

  it('bundles no React: the lite entry binds the anchors without it', () => {
    const code = scriptsIn(join(vueApp, 'dist'));
    expect(code).toContain('cm-link-change');
    expect(code).not.toContain(REACT_MARK);
    expect(existsSync(join(vueApp, 'node_modules/react-dom/package.json'))).toBe(false);
  });

  describe('built with the app’s own Vite, in Chromium against the local provider', () => {
    const served = serveApp(() => join(vueApp, 'dist'));
    const { host, anchor, status, seeReadyLink, chooseType, rememberAnchor, isFirstAnchor } = served;

    it('sets the link from the bound state, and the cm-link-change listener shows it', async () => {
      const thumbnail = await seeReadyLink(/\/files\/org-1\/A-100\/thumbnail-/);
      expect((await served.page.request.get(thumbnail)).status()).toBe(200);
      await rememberAnchor();
    });

    it('fetches again when the select or the input changes the reactive state, keeping the customer’s anchor', async () => {
      await chooseType('pbr');
      expect(await anchor().textContent()).toBe('Download pbr');

      await served.page.getByRole('textbox').fill('A-101');
      await expect.poll(() => anchor().getAttribute('href')).toMatch(/\/files\/org-1\/A-101\/pbr-/);
      await expect.poll(() => status().textContent()).toBe(`Ready: ${await anchor().getAttribute('href')}`);
      expect(await anchor().getAttribute('class')).toBe('button');
      expect(await isFirstAnchor()).toBe(true);
    });

    it('disables the anchor when the article id is emptied, the app says why, and a new id brings the link back', async () => {
      await served.page.getByRole('textbox').fill('');
      await expect.poll(() => host().getAttribute('data-state')).toBe('disabled');
      expect(await anchor().getAttribute('href')).toBeNull();
      expect(await anchor().getAttribute('class')).toBe('button disabled');
      expect(await anchor().getAttribute('aria-disabled')).toBe('true');
      // The app's scoped style reaches the class the element adds.
      expect(await anchor().evaluate((a) => getComputedStyle(a).opacity)).toBe('0.5');
      await expect.poll(() => status().textContent()).toBe('Unavailable: no article id provided');

      await served.page.getByRole('textbox').fill('A-100');
      await expect.poll(() => anchor().getAttribute('href')).toMatch(/\/files\/org-1\/A-100\/pbr-/);
      expect(await anchor().getAttribute('class')).toBe('button');
      expect(await anchor().getAttribute('aria-disabled')).toBeNull();
      expect(await isFirstAnchor()).toBe(true);
    });

    it('logs only the empty article id to the console and throws nothing, mounted by the app’s own Vue', () => {
      // The element logs the host beside the message, for the console to point at.
      expect(served.problems).toEqual([expect.stringMatching(/^cm-material-download: no article id provided( |$)/)]);
    });
  });
});

describe('examples/angular with the installed package', () => {
  it('builds in production mode with strict templates, the CLI warns of nothing, and no React is bundled', () => {
    expect(angularBuildOutput).toContain('Application bundle generation complete.');
    expect(angularBuildOutput).not.toMatch(/WARNING|ERROR/);
    const code = scriptsIn(join(angularApp, 'dist'));
    expect(code).toContain('cm-link-change');
    expect(code).not.toContain(REACT_MARK);
  });

  it(
    'fails to build without CUSTOM_ELEMENTS_SCHEMA (NG8001), and types `$event` of (cm-link-change) as a LinkChangeEvent',
    async () => {
      const output = await checks.angularWithoutSchema;
      expect(output).toMatch(/^failed: /);
      expect(output).toContain("NG8001: 'cm-material-download' is not a known element");
      expect(output).toContain(
        "If 'cm-material-download' is a Web Component then add 'CUSTOM_ELEMENTS_SCHEMA' to the '@Component.schemas' of this component",
      );
      expect(output).toMatch(
        /TS2345: Argument of type 'LinkChangeEvent' is not assignable to parameter of type 'KeyboardEvent'/,
      );
    },
    TOOL_TIMEOUT_MS,
  );

  it(
    'defines the element from the lite entry with neither React nor a CommonJS warning, as the README shows',
    async () => {
      const output = await checks.angularLite;
      expect(output).toContain('Application bundle generation complete.');
      expect(output, output).not.toMatch(/WARNING|is not ESM/);
      const code = scriptsIn(join(scratch, ANGULAR_LITE_OUT));
      expect(code).toContain('cm-link-change');
      expect(code).not.toContain(REACT_MARK);
    },
    TOOL_TIMEOUT_MS,
  );

  it('imports the self-registering files where there is no DOM, as a server rendering the app does, without throwing', async () => {
    // Resolved from the app, as its server bundle would: through the installed package's exports.
    const script = `
      for (const file of ['cm-material-download.lite.js', 'cm-material-download.js'])
        await import('${pkg.name}/' + file);
      console.log(typeof document, typeof HTMLElement, typeof customElements);`;
    const { stdout, stderr } = await inApp(angularApp, process.execPath, ['--input-type=module', '-e', script]);
    expect({ stdout, stderr }).toEqual({ stdout: 'undefined undefined undefined\n', stderr: '' });
  });

  describe('built with the app’s own Angular CLI, in Chromium against the local provider', () => {
    const served = serveApp(() => join(angularApp, 'dist'));
    const { host, anchor, status, rememberAnchor, isFirstAnchor } = served;

    // On the first navigation Angular sets these properties a task after inserting the element.
    it('sets the link from the property bindings, and the (cm-link-change) handler shows it', async () => {
      await expect.poll(() => anchor().getAttribute('href')).toMatch(/\/files\/org-1\/A-100\/thumbnail-/);
      const thumbnail = (await anchor().getAttribute('href'))!;
      expect(await host().getAttribute('data-state')).toBe('enabled');
      // A property set on the element is reflected as its attribute.
      expect(await host().getAttribute('article-id')).toBe('A-100');
      expect(await anchor().getAttribute('class')).toBe('button');
      await expect.poll(() => status().textContent()).toBe(`enabled: ${thumbnail}`);
      expect((await served.page.request.get(thumbnail)).status()).toBe(200);
      await rememberAnchor();
    });

    it('fetches once when the select changes article and type together, keeping the same anchor', async () => {
      served.server.clearRequests();
      await served.page.getByRole('combobox').selectOption({ label: 'Slate Grey, PBR package' });
      await expect.poll(() => anchor().getAttribute('href')).toMatch(/\/files\/org-1\/A-101\/pbr-/);
      await expect.poll(() => status().textContent()).toBe(`enabled: ${await anchor().getAttribute('href')}`);
      expect(served.server.requests).toHaveLength(1);
      expect(served.server.requests[0]!.operations.map(({ variables }) => variables)).toEqual([
        expect.objectContaining({ articleId: 'A-101' }),
      ]);
      expect(await anchor().textContent()).toBe('Download Slate Grey, PBR package');
      expect(await anchor().getAttribute('class')).toBe('button');
      expect(await isFirstAnchor()).toBe(true);
    });

    it('disables the anchor for an invalid type and says why, and the select brings the link back', async () => {
      await served.page.getByRole('button', { name: 'Ask for a PDF' }).click();
      await expect.poll(() => host().getAttribute('data-state')).toBe('disabled');
      expect(await anchor().getAttribute('href')).toBeNull();
      expect(await anchor().getAttribute('class')).toBe('button disabled');
      expect(await anchor().getAttribute('aria-disabled')).toBe('true');
      await expect
        .poll(() => status().textContent())
        .toBe('disabled: Invalid type "pdf". Valid values: pbr, thumbnail, tile.');

      await served.page.getByRole('combobox').selectOption({ label: 'Linen Weave, tileable image' });
      await expect.poll(() => anchor().getAttribute('href')).toMatch(/\/files\/org-1\/A-103\//);
      expect(await anchor().getAttribute('class')).toBe('button');
      expect(await anchor().getAttribute('aria-disabled')).toBeNull();
      expect(await isFirstAnchor()).toBe(true);
    });

    it('sets the link in a routed view whose attribute binding takes its value from the route', async () => {
      await served.page.getByRole('link', { name: 'Slate Grey’s tileable image' }).click();
      await expect.poll(() => served.page.getByRole('heading').textContent()).toBe('Article A-101');
      await expect.poll(() => anchor().getAttribute('href')).toMatch(/\/files\/org-1\/A-101\//);
      expect(await host().getAttribute('article-id')).toBe('A-101');
      expect(await host().getAttribute('data-state')).toBe('enabled');
      expect(await anchor().getAttribute('class')).toBe('button');
    });

    it('sets the link again on the element @if re-creates', async () => {
      const shown = served.page.getByRole('checkbox', { name: 'Show the download' });
      const removed = await host().elementHandle();
      await shown.uncheck();
      await expect.poll(() => host().count()).toBe(0);
      await shown.check();
      await expect.poll(() => anchor().getAttribute('href')).toMatch(/\/files\/org-1\/A-101\//);
      expect(await served.page.evaluate((old) => old !== document.querySelector('cm-material-download'), removed)).toBe(
        true,
      );
      expect(await host().getAttribute('data-state')).toBe('enabled');
    });

    it('puts only the invalid type on the console, once, as the element’s error: nothing from Angular, no false error', () => {
      // The element logs the host beside the message, for the console to point at.
      expect(served.messages).toEqual([
        expect.stringMatching(
          /^error: cm-material-download: Invalid type "pdf"\. Valid values: pbr, thumbnail, tile\.( |$)/,
        ),
      ]);
    });
  });
});

/**
 * Opens examples/next's Suspense page and waits until both of its elements link and their
 * statuses heard the first cm-link-change: the one in the shell, and the one in the boundary
 * that streams in after the shell has hydrated and defined the tag.
 */
async function seeSuspensePageLinks(origin: string): Promise<WatchedPage> {
  const watched = await openWatchedPage(browser);
  await watched.page.goto(`${origin}/suspense`);
  const statuses = watched.page.getByRole('status');
  for (const [id, path] of [
    ['now', /\/files\/org-1\/A-100\/pbr-/],
    ['later', /\/files\/org-1\/A-101\/tile-/],
  ] as const) {
    const anchor = watched.page.locator(`#${id} > a`);
    await expect.poll(() => anchor.getAttribute('href'), { timeout: 30_000 }).toMatch(path);
    expect(await watched.page.locator(`#${id}`).getAttribute('defer-hydration')).toBeNull();
  }
  await expect
    .poll(async () => (await statuses.allTextContents()).map((text) => text.startsWith('Ready: ')), { timeout: 30_000 })
    .toEqual([true, true]);
  return watched;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The links examples/next's product page offers, as its server resolves them: A-100's swatch, and
 * A-MEMBERS's package, which the provider gives only to a caller with a key and binds to that key.
 */
const productLinks = () => {
  const files = `${escapeRegExp(provider.origin)}/files/org-1`;
  return [
    new RegExp(`^${files}/A-100/thumbnail-[^?]+$`),
    new RegExp(`^${files}/A-MEMBERS/pbr-[^?]+\\?visitor=${visitorOf({ 'api-key': NEXT_API_KEY })}$`),
  ];
};

/** The product page's proxy route (app/api/graphql/route.ts), where its elements' lookups go. */
const NEXT_PROXY_PATH = '/api/graphql';

/**
 * examples/next's product page open in Chromium, watched from before its first byte: each
 * cm-link-change that reaches the window, and each lookup the browser itself sends.
 */
async function openProductPage(origin: string) {
  const watched = await openWatchedPage(browser);
  const lookups: string[] = [];
  watched.page.on('request', (request) => {
    if (/\/graphql$/.test(new URL(request.url()).pathname)) lookups.push(`${request.method()} ${request.url()}`);
  });
  await watched.page.addInitScript(() => {
    const recorded: unknown[] = ((window as unknown as { linkChanges: unknown[] }).linkChanges = []);
    window.addEventListener('cm-link-change', (event) => recorded.push((event as CustomEvent).detail));
  });
  await watched.page.goto(`${origin}/product`);
  const hosts = watched.page.locator('cm-material-download');
  return Object.assign(watched, {
    lookups,
    hosts,
    hrefs: () =>
      watched.page
        .locator('cm-material-download > a')
        .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href'))),
    linkChanges: () =>
      watched.page.evaluate(
        () => (window as unknown as { linkChanges: { state: string; href: string | null }[] }).linkChanges,
      ),
  });
}
type ProductPage = Awaited<ReturnType<typeof openProductPage>>;

/** Waits for both elements' first cm-link-change, and checks it announced the server's link, enabled. */
async function seeServerLinks(product: ProductPage): Promise<void> {
  await expect.poll(product.linkChanges, { timeout: 30_000 }).toHaveLength(2);
  // A lookup would have been sent before its link was announced.
  expect(product.lookups).toEqual([]);
  const [swatch, members] = productLinks();
  expect(await product.linkChanges()).toEqual([
    expect.objectContaining({ state: 'enabled', href: expect.stringMatching(swatch!) }),
    expect.objectContaining({ state: 'enabled', href: expect.stringMatching(members!) }),
  ]);
  expect(await product.hrefs()).toEqual([expect.stringMatching(swatch!), expect.stringMatching(members!)]);
  for (const host of await product.hosts.all()) {
    expect(await host.getAttribute('data-state')).toBe('enabled');
    expect(await host.getAttribute('defer-hydration')).toBeNull();
  }
}

/** `next start` or `next dev` of examples/next, on a free port. */
async function startNext(command: 'start' | 'dev'): Promise<AppServer> {
  const port = await freePort();
  return startAppServer(['node_modules/next/dist/bin/next', command, '--hostname', '127.0.0.1', '--port', `${port}`], {
    cwd: nextApp,
    env: { ...cleanNpmEnv(), ...nextEnv() },
    port,
  });
}

describe('examples/next with the installed package', () => {
  it('builds with `next build`, the app type-checked as strict TypeScript, and Next.js warns of nothing', () => {
    expect(nextBuildOutput).toMatch(/Compiled successfully/);
    // On CI (CI=true) Next.js asks for a build cache to be kept between runs: advice for the CI, not about the app.
    const warnings = nextBuildOutput
      .split('\n')
      .filter((line) => /⚠|warn/i.test(line) && !/No build cache found/.test(line));
    expect(warnings, nextBuildOutput).toEqual([]);
  });

  describe('served by `next start`, in Chromium against the local provider', () => {
    const served = servePage(() => startNext('start'));
    const { anchor, seeReadyLink, chooseType, rememberAnchor, isFirstAnchor } = served;

    it('renders the tag and its anchor on the server, as written in the Server Component page, held until hydrated', async () => {
      const html = await (await fetch(`${served.server.origin}/`)).text();
      expect(html).toMatch(
        /<cm-material-download defer-hydration="" organization-id="org-1" article-id="A-100" type="thumbnail" dimensions="10x10cm"><a class="button">Download <!-- -->thumbnail<\/a><\/cm-material-download>/,
      );
    });

    it('sets the link once hydrated, and the client component around it shows the first cm-link-change', async () => {
      const thumbnail = await seeReadyLink(/\/files\/org-1\/A-100\/thumbnail-/);
      expect((await served.page.request.get(thumbnail)).status()).toBe(200);
      await rememberAnchor();
    });

    it('fetches once when the client control changes the type in the URL, keeping the same anchor', async () => {
      provider.clearRequests();
      await chooseType('pbr');
      expect(served.page.url()).toMatch(/\?type=pbr$/);
      expect(provider.requests).toHaveLength(1);
      expect(await anchor().textContent()).toBe('Download pbr');
      expect(await anchor().getAttribute('class')).toBe('button');
      expect(await isFirstAnchor()).toBe(true);
    });

    it('puts nothing on the console and throws nothing', () => {
      expect(served.messages).toEqual([]);
    });

    it('links both elements of the Suspense page, the one that streams in later too, and hears their first events', async () => {
      const watched = await seeSuspensePageLinks(served.server.origin);
      expect(watched.messages).toEqual([]);
    });

    describe('the product page, its links resolved on the server with the server’s key', () => {
      let product: ProductPage;
      const proxy = () => `${served.server.origin}${NEXT_PROXY_PATH}`;

      it('sends each element marked resolved, its anchor linking to the provider’s file, in the HTML itself', async () => {
        const html = await (await fetch(`${served.server.origin}/product`)).text();
        const elements = [...html.matchAll(/<cm-material-download ([^>]*)><a class="button" href="([^"]*)">/g)];
        expect(elements.map(([, host]) => host)).toEqual([
          `defer-hydration="" resolved="" organization-id="org-1" article-id="A-100" type="thumbnail" dimensions="10x10cm" endpoint="${NEXT_PROXY_PATH}"`,
          `defer-hydration="" resolved="" organization-id="org-1" article-id="A-MEMBERS" type="pbr" endpoint="${NEXT_PROXY_PATH}"`,
        ]);
        expect(elements.map(([, , href]) => href)).toEqual(productLinks().map((link) => expect.stringMatching(link)));
      });

      it('puts the key nowhere the browser reads: not in the page, its payload for client navigations, nor the client bundle', async () => {
        const page = await (await fetch(`${served.server.origin}/product`)).text();
        const payload = await (await fetch(`${served.server.origin}/product`, { headers: { rsc: '1' } })).text();
        expect(page).toContain('A-MEMBERS');
        expect(payload).toContain('A-MEMBERS');
        expect(page).not.toContain(NEXT_API_KEY);
        expect(payload).not.toContain(NEXT_API_KEY);
        const bundle = join(nextApp, '.next/static');
        const files = readdirSync(bundle, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
        expect(files.length).toBeGreaterThan(0);
        expect(files.filter((file) => readFileSync(join(bundle, file), 'utf8').includes(NEXT_API_KEY))).toEqual([]);
      });

      it('shows the server’s links from the first paint, enabled, with no lookup from the browser and nothing on the console', async () => {
        provider.clearRequests();
        product = await openProductPage(served.server.origin);
        await seeServerLinks(product);
        // What the provider saw is the server's render alone: both links in one request, with the key.
        expect(provider.requests.map(({ headers, operations }) => [headers['api-key'], operations.length])).toEqual([
          [NEXT_API_KEY, 2],
        ]);
        expect(product.messages).toEqual([]);
      });

      it('looks up again through the app’s proxy on refresh(): the provider gets the server’s key, and the members’ link comes back', async () => {
        provider.clearRequests();
        const isProxyPost = (request: { url: () => string; method: () => string }) =>
          request.url() === proxy() && request.method() === 'POST';
        const answered = product.page.waitForResponse((response) => isProxyPost(response.request()));
        await product.page.evaluate(() => customElements.get('cm-material-download')!.refresh());
        const answer = await answered;
        expect(answer.status()).toBe(200);
        // The provider binds the members' link to the key that asked: the same link is the server's key's.
        const [, membersLink] = await product.hrefs();
        expect(await answer.text()).toContain(JSON.stringify(membersLink));
        expect(product.lookups).toEqual([`POST ${proxy()}`]);
        expect(provider.requests.map(({ headers }) => headers['api-key'])).toEqual([NEXT_API_KEY]);
        expect(provider.requests[0]!.operations.map(({ variables }) => variables.articleId)).toEqual([
          'A-100',
          'A-MEMBERS',
        ]);
        expect(await product.hrefs()).toEqual(productLinks().map((link) => expect.stringMatching(link)));

        // The same lookup sent with a visitor's own credentials: they stop at the proxy.
        provider.clearRequests();
        const lookup = answer.request().postData()!;
        const replayed = await product.page.evaluate(
          async ([path, body]) => {
            const headers = {
              'content-type': 'application/json',
              'api-key': 'visitor-key',
              authorization: 'Bearer visitor',
            };
            const response = await fetch(path, { method: 'POST', headers, body });
            return { status: response.status, text: await response.text() };
          },
          [NEXT_PROXY_PATH, lookup] as const,
        );
        expect(replayed.status).toBe(200);
        expect(replayed.text).toContain(JSON.stringify(membersLink));
        expect(provider.requests.map(({ headers }) => [headers['api-key'], headers.authorization])).toEqual([
          [NEXT_API_KEY, undefined],
        ]);
        expect(product.messages).toEqual([]);
      });

      it('refuses a GET and a query of the visitor’s own without reaching the provider', async () => {
        provider.clearRequests();
        expect((await fetch(proxy())).status).toBe(405);
        const foreign = await fetch(proxy(), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ materials(organizationId: "org-1") { articleId } }' }),
        });
        expect(foreign.status).toBe(400);
        expect(provider.requests).toEqual([]);
      });
    });
  });

  describe('under `next dev`, in Chromium', () => {
    // The same install as the build's; `next dev` keeps its output apart from `next build`'s.
    const served = servePage(() => startNext('dev'));

    it('hydrates the server’s HTML with no warning, and the link is set', async () => {
      await served.seeReadyLink(/\/files\/org-1\/A-100\/thumbnail-/);
      expect(served.messages.filter((message) => /hydrat|did(n't| not) match/i.test(message))).toEqual([]);
      expect(served.problems).toEqual([]);
    });

    it('hydrates the Suspense page with no warning: the element in the later boundary waits for its own hydration', async () => {
      const watched = await seeSuspensePageLinks(served.server.origin);
      expect(watched.messages.filter((message) => /hydrat|did(n't| not) match/i.test(message))).toEqual([]);
      expect(watched.problems).toEqual([]);
    });

    it('hydrates the product page with no warning, the server’s links shown without a lookup from the browser', async () => {
      const product = await openProductPage(served.server.origin);
      await seeServerLinks(product);
      expect(product.messages.filter((message) => /hydrat|did(n't| not) match/i.test(message))).toEqual([]);
      expect(product.problems).toEqual([]);
    });
  });
});

describe('examples/sveltekit with the installed package', () => {
  it('builds with no warning, and the client bundle carries no React', () => {
    expect(svelteKitBuildOutput).not.toMatch(/warn|\(!\)|a11y/i);
    const client = join(svelteKitApp, 'build/client');
    const code = readdirSync(client, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(client, file), 'utf8'))
      .join('\n');
    expect(code).toContain('cm-link-change');
    expect(code).not.toContain(REACT_MARK);
  });

  it(
    'passes svelte-check, which types `oncm-link-change` and refuses `type="pdf"` in a template',
    async () => {
      const { original, output } = await checks.svelteKit;
      expect(original).toMatch(SVELTE_TYPE_ATTRIBUTE);
      const problems = output.split('\n').filter((line) => / (ERROR|WARNING) /.test(line));
      expect(
        problems.filter((line) => !line.includes('"src/WrongType.svelte"')),
        output,
      ).toEqual([]);
      // Machine output quotes the message as JSON: its own quotes come escaped.
      expect(problems, output).toEqual([expect.stringMatching(/ERROR .*Type '\\?"pdf\\?"' is not assignable/)]);
    },
    TOOL_TIMEOUT_MS,
  );

  describe('served by its Node server (adapter-node), in Chromium against the local provider', () => {
    const served = servePage(async () => {
      const port = await freePort();
      return startAppServer(['build/index.js'], {
        cwd: svelteKitApp,
        env: {
          ...cleanNpmEnv(),
          HOST: '127.0.0.1',
          PORT: `${port}`,
          // The layout hands it to the element class's configure, in the browser only.
          PUBLIC_CM_ENDPOINT: provider.graphqlUrl,
        },
        port,
      });
    });
    const { anchor, seeReadyLink, chooseType, rememberAnchor, isFirstAnchor } = served;

    it('answers the page with 200: server-rendered, the tag and its anchor as written', async () => {
      const response = await fetch(`${served.server.origin}/`);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(
        /<cm-material-download organization-id="org-1" article-id="A-100" type="thumbnail" dimensions="10x10cm"[^>]*><a class="button[^"]*" aria-disabled="true">Download thumbnail<\/a>/,
      );
    });

    it('sets the link from the configured endpoint, and `oncm-link-change` shows the first event', async () => {
      await seeReadyLink(/\/files\/org-1\/A-100\/thumbnail-/);
      expect(await anchor().getAttribute('aria-disabled')).toBeNull();
      await rememberAnchor();
    });

    it('fetches again when the bound select changes the type, and the event arrives', async () => {
      await chooseType('pbr');
      expect(await anchor().textContent()).toBe('Download pbr');
      expect(await isFirstAnchor()).toBe(true);
    });

    it('puts nothing on the console and throws nothing', () => {
      expect(served.messages).toEqual([]);
    });

    it('hears the first event on a page that hydrates late: the element waits for it (`defer-hydration`)', async () => {
      const late = await openWatchedPage(browser);
      try {
        // The page's own module (route node 2) is held, and hydration with it, while the layout's, which
        // defines the tag, runs: until the server-rendered anchor has a link (what an element that did
        // not wait would set, announcing it to no listener yet), or for 2 s.
        const anchorLinked = () =>
          late.page
            .waitForFunction(() => document.querySelector('cm-material-download > a')?.hasAttribute('href'), null, {
              timeout: 2_000,
            })
            .catch(() => undefined);
        await late.page.route(/\/_app\/immutable\/nodes\/2\.[^/]+\.js$/, async (route) => {
          await anchorLinked();
          await route.continue();
        });
        await late.page.goto(`${served.server.origin}/`);
        const status = late.page.getByRole('status');
        await expect
          .poll(async () => (await status.textContent())?.replace(/\s+/g, ' ').trim())
          .toMatch(/^Ready: .*\/files\/org-1\/A-100\/thumbnail-/);
        expect(late.messages).toEqual([]);
      } finally {
        await late.page.context().close();
      }
    });
  });
});
