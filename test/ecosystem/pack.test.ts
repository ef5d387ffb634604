import { execFile } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProvider, type Provider } from '../../dev/provider/server.js';
import { launchChromium, openWatchedPage } from './support/browser';
import { cleanNpmEnv, packPackage } from './support/pack';

/**
 * The package as npm would publish it, used the way a React developer would:
 * `npm pack`, installed into a copy of examples/react, type-checked with the
 * app's own tsc, built with the app's own Vite, and opened in Chromium
 * against the local provider. Needs `npm run build` first (`npm test` does it).
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
let app: string;
let files: string[];
let pkg: PackageJson;

async function inApp(command: string, args: string[]) {
  return run(command, args, { cwd: app, env: cleanNpmEnv(), maxBuffer: 16 * 1024 * 1024 });
}

beforeAll(async () => {
  let tarball: string;
  ({ scratch, tarball, files } = await packPackage('cm-pack-'));
  pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;

  app = join(scratch, 'app');
  cpSync(join(root, 'examples/react'), app, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist)$/.test(source),
  });
  const appPackage = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  appPackage.dependencies[pkg.name] = `file:${tarball}`;
  writeFileSync(join(app, 'package.json'), JSON.stringify(appPackage, null, 2));
  await inApp('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']);
}, 150_000);

afterAll(() => {
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
      .map((file) => readFileSync(join(app, 'node_modules', pkg.name, file), 'utf8'))
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
      const entry = join(app, `entry-${source.length}.js`);
      writeFileSync(entry, source);
      const output = (await build({
        root: app,
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

describe('examples/react with the installed package', () => {
  it('type-checks with the app’s own tsc: the JSX typings accept the tag and its attributes', async () => {
    await expect(
      inApp(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']),
    ).resolves.toBeDefined();
  }, 60_000);

  it('fails to type-check when a wrong attribute value is written', async () => {
    const appFile = join(app, 'src/App.tsx');
    const original = readFileSync(appFile, 'utf8');
    writeFileSync(appFile, original.replace('type={type}', 'type="pdf"'));
    try {
      const failure = await inApp(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']).catch(
        (error: { stdout: string }) => error,
      );
      expect('stdout' in failure ? failure.stdout : '').toMatch(/TS2322: Type '"pdf"' is not assignable/);
    } finally {
      writeFileSync(appFile, original);
    }
  }, 60_000);

  describe('built with the app’s own Vite, in Chromium against the local provider', () => {
    let provider: Provider;
    let browser: Browser;

    beforeAll(async () => {
      await inApp(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error']);
      provider = await startProvider({ staticDirs: { '/': join(app, 'dist') } });
      browser = await launchChromium();
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
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
