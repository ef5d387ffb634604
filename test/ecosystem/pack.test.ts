import { execFile } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, ElementHandle, Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProvider, type Provider } from '../../dev/provider/server.js';
import { launchChromium, openWatchedPage } from './support/browser';
import { cleanNpmEnv, packPackage } from './support/pack';

/**
 * The package as npm would publish it, used the way a React or a Vue developer
 * would: one `npm pack`, installed into a copy of examples/react and of
 * examples/vue, each type-checked with the app's own checker, built with the
 * app's own Vite, and opened in Chromium against the local provider. Needs
 * `npm run build` first (`npm test` does it).
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
}

let scratch: string;
let reactApp: string;
let vueApp: string;
let noReactTypesApp: string;
let files: string[];
let pkg: PackageJson;
let browser: Browser;

async function inApp(app: string, command: string, args: string[]) {
  return run(command, args, { cwd: app, env: cleanNpmEnv(), maxBuffer: 16 * 1024 * 1024 });
}

/** A copy of `source` named `name` that depends on the tarball instead of the registry's version, installed. */
async function installWithTarball(source: string, name: string, tarball: string): Promise<string> {
  const app = join(scratch, name);
  cpSync(source, app, {
    recursive: true,
    filter: (path) => !/[/\\](node_modules|dist)$/.test(path),
  });
  const appPackage = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  appPackage.dependencies[pkg.name] = `file:${tarball}`;
  writeFileSync(join(app, 'package.json'), JSON.stringify(appPackage, null, 2));
  await inApp(app, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']);
  return app;
}

/** A copy of examples/<name> with the tarball installed, built with the app's own Vite. */
async function prepareExample(name: string, tarball: string): Promise<string> {
  const app = await installWithTarball(join(root, 'examples', name), name, tarball);
  await inApp(app, process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error']);
  return app;
}

beforeAll(async () => {
  let tarball: string;
  ({ scratch, tarball, files } = await packPackage('cm-pack-'));
  pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
  // Side by side: npm spends much of an install waiting on the disk and the registry, time the other app can use.
  [reactApp, vueApp, noReactTypesApp, browser] = await Promise.all([
    prepareExample('react', tarball),
    prepareExample('vue', tarball),
    installWithTarball(join(root, 'test/ecosystem/fixtures/no-react-types'), 'no-react-types', tarball),
    launchChromium(),
  ]);
}, 150_000);

afterAll(async () => {
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

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
    const selfRegistering = files.filter((file) => /^dist\/cm-material-download(\.\w+)?\.js$/.test(file));
    // The element, its lite and Stately builds, and the inspector.
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
    // React's own module body defines this; an external React never appears in the file.
    expect(code).not.toContain('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE');
  });

  it('lets a bundler drop the library entry when nothing of it is used, and keep a self-registering file', async () => {
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
  }, 60_000);
});

describe('an app without React types (Angular, Vue, plain TypeScript)', () => {
  it('installs React (a peer dependency) but not its types', () => {
    expect(existsSync(join(noReactTypesApp, 'node_modules/react/package.json'))).toBe(true);
    expect(existsSync(join(noReactTypesApp, 'node_modules/@types/react'))).toBe(false);
  });

  it('type-checks the library entry, the lite file and the tag with skipLibCheck off', async () => {
    // Our tsc: the app has none of its own, and what is checked is the package's declarations.
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const checked = inApp(noReactTypesApp, process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false']);
    await expect(
      checked.catch((error: { stdout: string }) => Promise.reject(new Error(error.stdout))),
    ).resolves.toMatchObject({
      stdout: '',
    });
  }, 60_000);
});

describe('examples/react with the installed package', () => {
  it('type-checks with the app’s own tsc: the JSX typings accept the tag and its attributes', async () => {
    await expect(
      inApp(reactApp, process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']),
    ).resolves.toBeDefined();
  }, 60_000);

  it('fails to type-check when a wrong attribute value is written', async () => {
    const appFile = join(reactApp, 'src/App.tsx');
    const original = readFileSync(appFile, 'utf8');
    writeFileSync(appFile, original.replace('type={type}', 'type="pdf"'));
    try {
      const failure = await inApp(reactApp, process.execPath, [
        'node_modules/typescript/bin/tsc',
        '-p',
        'tsconfig.json',
      ]).catch((error: { stdout: string }) => error);
      expect('stdout' in failure ? failure.stdout : '').toMatch(/TS2322: Type '"pdf"' is not assignable/);
    } finally {
      writeFileSync(appFile, original);
    }
  }, 60_000);

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
  it('type-checks with vue-tsc, which checks the tag’s attribute values in the template (`type="pdf"` does not compile)', async () => {
    // One run for both sides: the app as written must pass, and a copy with a wrong value must not.
    const wrongFile = join(vueApp, 'src/WrongType.vue');
    const original = readFileSync(join(vueApp, 'src/App.vue'), 'utf8');
    expect(original).toContain(':type="type"');
    writeFileSync(wrongFile, original.replace(':type="type"', 'type="pdf"'));
    try {
      const failure = await inApp(vueApp, process.execPath, [
        'node_modules/vue-tsc/bin/vue-tsc.js',
        '--noEmit',
        '-p',
        'tsconfig.json',
      ]).catch((error: { stdout: string; stderr: string }) => error);
      const output = `${failure.stdout}${failure.stderr}`;
      const errors = output.split('\n').filter((line) => line.includes('error TS'));
      expect(
        errors.filter((line) => !line.startsWith('src/WrongType.vue')),
        output,
      ).toEqual([]);
      expect(errors, output).toEqual([expect.stringMatching(/TS2322: Type '"pdf"' is not assignable/)]);
    } finally {
      rmSync(wrongFile);
    }
    // vue-tsc reads Vue's types besides the app's: on a busy machine it takes several times tsc's time.
  }, 120_000);

  describe('built with the app’s own Vite, in Chromium against the local provider', () => {
    let provider: Provider;
    let page: Page;
    let problems: string[];

    beforeAll(async () => {
      provider = await startProvider({ staticDirs: { '/': join(vueApp, 'dist') } });
      ({ page, problems } = await openWatchedPage(browser));
      await page.goto(`${provider.origin}/`);
    });
    afterAll(async () => {
      await provider?.close();
    });

    const host = () => page.locator('cm-material-download');
    const anchor = () => page.locator('cm-material-download > a');
    const status = () => page.getByRole('status');
    /** The anchor Vue rendered first, to tell that later renders patched it instead of making another. */
    let firstAnchor: ElementHandle;
    const isFirstAnchor = () =>
      page.evaluate((first) => first === document.querySelector('cm-material-download > a'), firstAnchor);

    it('sets the link from the bound state, and the cm-link-change listener shows it', async () => {
      await expect.poll(() => anchor().getAttribute('href')).toMatch(/\/files\/org-1\/A-100\/thumbnail-/);
      const thumbnail = (await anchor().getAttribute('href'))!;
      expect(await host().getAttribute('data-state')).toBe('enabled');
      await expect.poll(() => status().textContent()).toBe(`Ready: ${thumbnail}`);
      expect((await page.request.get(thumbnail)).status()).toBe(200);
      firstAnchor = (await anchor().elementHandle())!;
    });

    it('fetches again when the select or the input changes the reactive state, keeping the customer’s anchor', async () => {
      await page.getByRole('combobox').selectOption('pbr');
      await expect.poll(() => anchor().getAttribute('href')).toMatch(/\/files\/org-1\/A-100\/pbr-/);
      await expect.poll(() => status().textContent()).toBe(`Ready: ${await anchor().getAttribute('href')}`);
      expect(await anchor().textContent()).toBe('Download pbr');

      await page.getByRole('textbox').fill('A-101');
      await expect.poll(() => anchor().getAttribute('href')).toMatch(/\/files\/org-1\/A-101\/pbr-/);
      await expect.poll(() => status().textContent()).toBe(`Ready: ${await anchor().getAttribute('href')}`);
      expect(await anchor().getAttribute('class')).toBe('button');
      expect(await isFirstAnchor()).toBe(true);
    });

    it('disables the anchor when the article id is emptied, the app says why, and a new id brings the link back', async () => {
      await page.getByRole('textbox').fill('');
      await expect.poll(() => host().getAttribute('data-state')).toBe('disabled');
      expect(await anchor().getAttribute('href')).toBeNull();
      expect(await anchor().getAttribute('class')).toBe('button disabled');
      expect(await anchor().getAttribute('aria-disabled')).toBe('true');
      // The app's scoped style reaches the class the element adds.
      expect(await anchor().evaluate((a) => getComputedStyle(a).opacity)).toBe('0.5');
      await expect.poll(() => status().textContent()).toBe('Unavailable: no article id provided');

      await page.getByRole('textbox').fill('A-100');
      await expect.poll(() => anchor().getAttribute('href')).toMatch(/\/files\/org-1\/A-100\/pbr-/);
      expect(await anchor().getAttribute('class')).toBe('button');
      expect(await anchor().getAttribute('aria-disabled')).toBeNull();
      expect(await isFirstAnchor()).toBe(true);
    });

    it('logs only the empty article id to the console and throws nothing, mounted by the app’s own Vue', () => {
      // The element logs the host beside the message, for the console to point at.
      expect(problems).toEqual([expect.stringMatching(/^cm-material-download: no article id provided( |$)/)]);
    });
  });
});
