import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

/**
 * The outer `npm test` exports its own state (`npm_package_*`, `npm_config_local_prefix`, ...),
 * which must not steer the inner npm, nor the apps' tools; where to fetch from and how (registry,
 * proxy, certificates, cache) still applies.
 */
const KEPT_NPM_SETTINGS =
  /^npm_config_(registry|.*:registry|https?_proxy|proxy|noproxy|cafile|ca|strict_ssl|cache|userconfig|globalconfig)$/i;

export function cleanNpmEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        (!name.toLowerCase().startsWith('npm_') || KEPT_NPM_SETTINGS.test(name)) &&
        // Vitest sets NODE_ENV=test; a developer's shell has none, and the apps' tools take their
        // mode from it (Vite and SvelteKit built development code under `test`).
        name !== 'NODE_ENV',
    ),
  );
}

export interface PackedPackage {
  /** The fresh folder the tarball is in; the caller removes it. */
  scratch: string;
  /** The tarball's path. */
  tarball: string;
  /** Every file in it, sorted, as paths inside the package. */
  files: string[];
}

/** `npm pack` of the built package, as npm would publish it, into a fresh folder. */
export async function packPackage(prefix: string): Promise<PackedPackage> {
  if (!existsSync(join(root, 'dist/lib/index.js')))
    throw new Error('dist/ is missing: run `npm run build` first (`npm test` does).');
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], {
    cwd: root,
    env: cleanNpmEnv(),
  });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  return {
    scratch,
    tarball: join(scratch, packed!.filename),
    files: packed!.files.map(({ path }) => path).sort(),
  };
}

/**
 * Removes an installed app's scratch folder after the run instead of during it: some hundred thousand
 * files took a worker 15 s on a quiet machine and a minute on a busy one, time the next suite waited.
 */
export function removeInBackground(dir: string): void {
  spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
}
