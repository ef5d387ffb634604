import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cleanNpmEnv } from './pack';

const run = promisify(execFile);

/** Where installed dependencies wait for the next run, one folder per app and set of dependencies. */
const CACHE = join(tmpdir(), 'cm-material-download-example-installs');

const NPM_INSTALL = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];

interface AppPackage {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** What the tarball brings along: its dependencies and the peers npm installs with it. */
export interface PackageNeeds {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/**
 * Installs `app` (a copy of an example, its package.json naming the tarball)
 * as `npm install` would, from a cache of the rest of its dependencies.
 *
 * A fresh install of the five examples is about 45 s of CPU (Angular's and
 * Next.js's the most: some 30,000 files unpacked); what changes from one run
 * to the next is only the tarball. So the app's other dependencies, and the
 * ones the tarball brings, are installed once per set of versions (the
 * example's package.json, the package's own, Node's and npm's versions make
 * the key) and linked into the app; npm then adds the tarball alone. A
 * machine that never ran the suite, CI's, installs each once, as before.
 */
export async function installFromCache(app: string, appName: string, needs: PackageNeeds): Promise<void> {
  const cached = await cachedDependencies(app, appName, needs);
  await linkTree(join(cached, 'node_modules'), join(app, 'node_modules'));
  await run('npm', NPM_INSTALL, { cwd: app, env: cleanNpmEnv(), maxBuffer: 16 * 1024 * 1024 });
}

/**
 * The cache folder of `app`'s dependencies but the package itself (its `node_modules`), installed
 * first if this machine has none yet: the same folder `installFromCache` links from.
 */
export async function cachedDependencies(app: string, appName: string, needs: PackageNeeds): Promise<string> {
  const appPackage = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as AppPackage;
  const base = basePackage(appPackage, needs);
  const key = createHash('sha256')
    .update(JSON.stringify({ base, node: process.version, npm: await npmVersion() }))
    .digest('hex')
    .slice(0, 16);
  return cachedInstall(`${appName}-${key}`, base);
}

/** The app's package.json without the tarball, with what the tarball would bring. */
function basePackage(appPackage: AppPackage, needs: PackageNeeds): AppPackage {
  const dependencies = { ...appPackage.dependencies };
  delete dependencies[needs.name];
  const requiredPeers = Object.entries(needs.peerDependencies ?? {}).filter(
    ([peer]) => !needs.peerDependenciesMeta?.[peer]?.optional,
  );
  for (const [name, range] of [...Object.entries(needs.dependencies ?? {}), ...requiredPeers]) {
    if (!(name in dependencies) && !(name in (appPackage.devDependencies ?? {}))) dependencies[name] = range;
  }
  return { dependencies, devDependencies: { ...appPackage.devDependencies } };
}

let npmVersionRead: Promise<string> | undefined;
function npmVersion(): Promise<string> {
  npmVersionRead ??= run('npm', ['--version'], { env: cleanNpmEnv() }).then(({ stdout }) => stdout.trim());
  return npmVersionRead;
}

/** The cache folder for `entry`, installed first if this machine has none yet. */
async function cachedInstall(entry: string, base: AppPackage): Promise<string> {
  const folder = join(CACHE, entry);
  if (existsSync(join(folder, 'node_modules', '.package-lock.json'))) return folder;
  // Installed aside and renamed into place: a run beside this one never sees half an install.
  const installing = `${folder}.installing-${process.pid}`;
  rmSync(installing, { recursive: true, force: true });
  mkdirSync(installing, { recursive: true });
  writeFileSync(join(installing, 'package.json'), JSON.stringify({ private: true, ...base }, null, 2));
  await run('npm', NPM_INSTALL, { cwd: installing, env: cleanNpmEnv(), maxBuffer: 16 * 1024 * 1024 });
  forgetOlderInstalls(entry);
  try {
    renameSync(installing, folder);
  } catch {
    // Another run put the same install there first.
    rmSync(installing, { recursive: true, force: true });
  }
  return folder;
}

/** Removes this app's installs for other versions: a cache of every version ever tested only grows. */
function forgetOlderInstalls(entry: string): void {
  const app = entry.slice(0, entry.lastIndexOf('-'));
  for (const name of readdirSync(CACHE)) {
    if (name.startsWith(`${app}-`) && !name.startsWith(entry) && !name.includes('.installing-')) {
      rmSync(join(CACHE, name), { recursive: true, force: true });
    }
  }
}

/**
 * `source` at `target` in hard links: no file's bytes are copied. npm
 * replaces what it changes rather than writing into it, except its record
 * of the tree (`.package-lock.json`), which the app gets a copy of. Where
 * `cp` cannot link (not GNU's), a plain copy.
 */
async function linkTree(source: string, target: string): Promise<void> {
  try {
    await run('cp', ['-al', source, target]);
  } catch {
    rmSync(target, { recursive: true, force: true });
    cpSync(source, target, { recursive: true, verbatimSymlinks: true });
  }
  const record = join(target, '.package-lock.json');
  rmSync(record, { force: true });
  cpSync(join(source, '.package-lock.json'), record);
}

/**
 * A copy of the app at `source`, at `scratch`/`name`, that depends on the tarball instead of the
 * registry's version, installed (see installFromCache).
 */
export async function installWithTarball(
  source: string,
  { scratch, name, tarball, needs }: { scratch: string; name: string; tarball: string; needs: PackageNeeds },
): Promise<string> {
  const app = join(scratch, name);
  cpSync(source, app, {
    recursive: true,
    filter: (path) => !/[/\\](node_modules|dist)$/.test(path),
  });
  const appPackage = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as AppPackage;
  appPackage.dependencies = { ...appPackage.dependencies, [needs.name]: `file:${tarball}` };
  writeFileSync(join(app, 'package.json'), JSON.stringify(appPackage, null, 2));
  await installFromCache(app, name, needs);
  return app;
}
