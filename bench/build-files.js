// @ts-check
// Builds the files the bench loads and puts them side by side in
// bench/.build/, so each run reads one snapshot even if dist/ is rebuilt
// by someone else while the bench is running.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUILD_DIR = fileURLToPath(new URL('./.build/', import.meta.url));

/**
 * @typedef {object} BenchFile
 * @property {'react' | 'lite' | 'r2wc' | 'floor' | 'naive' | 'apollo' | 'react-against' | 'lite-against' | 'server'} id
 * @property {string} label
 * @property {string} fileName inside bench/.build/
 * @property {'react' | 'lite'} [buildOf] for another build of the element: which of ours it is measured against
 */

/** @type {BenchFile[]} */
export const BENCH_FILES = [
  { id: 'react', label: 'React build', fileName: 'cm-material-download.js' },
  { id: 'lite', label: 'lite build', fileName: 'cm-material-download.lite.js' },
  // The same element on the stock @r2wc/react-to-web-component: one React root per element.
  { id: 'r2wc', label: 'stock r2wc (variant)', fileName: 'r2wc-element.js' },
  { id: 'floor', label: 'floor (hand-written)', fileName: 'floor.js' },
  { id: 'naive', label: 'naive baseline', fileName: 'naive.js' },
  { id: 'apollo', label: 'Apollo baseline', fileName: 'apollo.js' },
];

/**
 * The product page as a site that resolves its links on its own server sends it: the lite file,
 * the links already in the HTML (measured on the product page only).
 * @type {BenchFile}
 */
export const SERVER_RESOLVED_FILE = {
  id: 'server',
  label: 'lite build, links resolved on the server',
  fileName: 'cm-material-download.lite.js',
};

/**
 * Another build of the element (`--against`, e.g. an older commit's dist/),
 * measured in the same run as ours: each pair's ratios to one floor compare
 * like with like, which two runs on a noisy machine cannot.
 * @type {BenchFile[]}
 */
export const AGAINST_FILES = [
  {
    id: 'react-against',
    label: 'React build (--against)',
    fileName: 'against/cm-material-download.js',
    buildOf: 'react',
  },
  {
    id: 'lite-against',
    label: 'lite build (--against)',
    fileName: 'against/cm-material-download.lite.js',
    buildOf: 'lite',
  },
];

/**
 * `npm run build`, so the bench measures the source as it is now. With source maps, dist/ gets a
 * hidden map beside each self-registering file; the files themselves are the same bytes.
 * @param {{ sourceMaps?: boolean }} [options]
 */
export function buildElement({ sourceMaps = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dev/build.js'], {
      cwd: PACKAGE_ROOT,
      stdio: 'inherit',
      env: { ...process.env, CM_BUILD_SOURCEMAPS: sourceMaps ? '1' : '0' },
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`dev/build.js exited with ${code}`)),
    );
  });
}

/** The defines dev/build.js gives the element's own files. */
function elementDefines() {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return {
    __CM_GRAPHQL_ENDPOINT__: JSON.stringify(process.env.CM_GRAPHQL_ENDPOINT ?? '/graphql'),
    __CM_VERSION__: JSON.stringify(version),
  };
}

/**
 * Built like the element's own file (one minified IIFE, production defines),
 * so the size columns compare like with like. A variant of the element also
 * gets the element's defines, as in dev/build.js.
 * @param {string} entry relative to the package root
 * @param {string} fileName
 * @param {{ asElement?: boolean }} [options]
 */
async function buildBaseline(entry, fileName, { asElement = false } = {}) {
  await build({
    root: PACKAGE_ROOT,
    configFile: false,
    logLevel: 'warn',
    define: { ...(asElement ? elementDefines() : {}), 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: BUILD_DIR,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      lib: { entry, formats: ['iife'], name: 'CmMaterialDownloadBaseline', fileName: () => fileName },
      rolldownOptions: { output: { minify: true } },
    },
  });
}

/** @param {string} distDir holds the other build's files under our own files' names */
export function copyAgainstFiles(distDir) {
  mkdirSync(`${BUILD_DIR}against`, { recursive: true });
  for (const file of AGAINST_FILES) {
    const ours = /** @type {BenchFile} */ (BENCH_FILES.find((f) => f.id === file.buildOf));
    copyFileSync(path.join(distDir, ours.fileName), `${BUILD_DIR}${file.fileName}`);
  }
}

/** The element's builds the bench measures, each built by dev/build.js. */
export const ELEMENT_FILES = BENCH_FILES.filter((f) => f.id === 'react' || f.id === 'lite');

/**
 * Every file, side by side in bench/.build/; the element's with their source maps, which say
 * where each byte came from (bench/bytes.js). The maps move out of dist/, which stays as
 * `npm run build` leaves it.
 */
export async function buildBenchFiles() {
  await buildElement({ sourceMaps: true });
  mkdirSync(BUILD_DIR, { recursive: true });
  for (const file of ELEMENT_FILES) {
    copyFileSync(new URL(`../dist/${file.fileName}`, import.meta.url), `${BUILD_DIR}${file.fileName}`);
    renameSync(new URL(`../dist/${file.fileName}.map`, import.meta.url), `${BUILD_DIR}${file.fileName}.map`);
  }
  await buildBaseline('bench/variants/r2wc-element.tsx', 'r2wc-element.js', { asElement: true });
  await buildBaseline('bench/baselines/floor.js', 'floor.js');
  await buildBaseline('bench/baselines/naive.js', 'naive.js');
  await buildBaseline('bench/baselines/apollo.js', 'apollo.js');
}
