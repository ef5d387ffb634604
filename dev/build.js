// @ts-check
// `npm run build`: the self-registering files customers load (the element, and
// the inspector and the debugging code beside it), the library entry bundler
// users import, and the type declarations.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const {
  version,
  dependencies = {},
  peerDependencies = {},
} = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** Compile-time constants; an endpoint set at build time becomes the default. */
const define = {
  __CM_GRAPHQL_ENDPOINT__: JSON.stringify(process.env.CM_GRAPHQL_ENDPOINT ?? '/graphql'),
  __CM_VERSION__: JSON.stringify(version),
};

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

/**
 * V8's explicit compile hint (Chrome 136+; a comment elsewhere): every function of the file is
 * compiled on a background thread while it downloads, instead of on the main thread when first
 * called. Nearly every function of the lite file runs on a page's first load, many of them only
 * when the first answer comes, right before the links are set: on a phone over slow 4G, three
 * links are set about 15 ms sooner after the script's arrival (the bench's product page, side by
 * side). Not for the React file: most of React DOM never runs on a page of links, and compiling
 * it all gained nothing there. It must be the file's first line.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * One self-contained file: React and every dependency inlined. An IIFE with no
 * exports is still a valid ES module, and also works as a classic <script>:
 * two copies then cannot collide in the page's global lexical scope.
 *
 * @param {string} entry
 * @param {string} fileName
 * @param {{ defines?: Record<string, string>, plugins?: import('vite').Plugin[], compileHint?: boolean, format?: 'iife' | 'es' }} [options]
 */
async function buildSelfRegistering(
  entry,
  fileName,
  { defines = {}, plugins = [], compileHint = false, format = 'iife' } = {},
) {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins,
    define: { ...define, ...defines, 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      // Only for the bench, which maps its profiles' samples and the files' bytes back to the sources;
      // never published (the bench moves the maps out of dist/).
      sourcemap: process.env.CM_BUILD_SOURCEMAPS === '1' ? 'hidden' : false,
      lib: { entry, formats: [format], name: 'CmMaterialDownload', fileName: () => fileName },
      rolldownOptions: {
        // Library mode keeps whitespace for the sake of tree-shaking; these files are final.
        // After minification, which drops comments.
        output: { minify: true, postBanner: compileHint ? COMPILE_HINT : '' },
      },
    },
  });
}

/**
 * Debugging loads from the file beside the element's, only when an element or the page asks for it: a relative
 * `import()` resolves against its own file's URL, script or module alike.
 * @type {import('vite').Plugin}
 */
const debugBeside = {
  name: 'debugging-beside',
  enforce: 'pre',
  resolveId: (id) =>
    id === '../debug/debugging.js' ? { id: './cm-material-download.debug.js', external: true } : null,
};
await buildSelfRegistering('src/element/register.ts', 'cm-material-download.js', { plugins: [debugBeside] });
/** The lite runtime: the same source, its anchors bound through the actor's own subscription, with no React. */
const lite = { __CM_LITE__: 'true' };
await buildSelfRegistering('src/element/register.ts', 'cm-material-download.lite.js', {
  defines: lite,
  plugins: [debugBeside],
  compileHint: true,
});
// What the two load beside them: a module of its own (it has exports), with no import.
await buildSelfRegistering('src/debug/debugging.ts', 'cm-material-download.debug.js', { format: 'es' });
// The debugging variant with Stately's inspector: a file of its own, so the main one does not grow. It
// is for debugging only: it carries its debugging code.
await buildSelfRegistering('src/element/registerWithStately.ts', 'cm-material-download.stately.js');
// The inspector panel, for any page: beside either build, and never inside one (it imports no element).
await buildSelfRegistering('src/inspector/index.ts', 'cm-material-download.inspector.js');

/**
 * A library build: ES modules for bundlers and runtimes, unminified (the customer's bundler minifies), into `outDir`.
 * @param {string} outDir
 * @param {Record<string, string>} entry
 * @param {{ defines?: Record<string, string>, rolldownOptions?: import('vite').BuildOptions['rolldownOptions'] }} [options]
 */
async function buildLibrary(outDir, entry, { defines = {}, rolldownOptions = {} } = {}) {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    define: { ...define, ...defines },
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      minify: false,
      lib: { entry, formats: ['es'], fileName: (_, name) => `${name}.js` },
      rolldownOptions,
    },
  });
}

// The library entry keeps what package.json declares external, React above all: the customer's
// bundler dedupes it, and two Reacts on one page break hooks. The element's lazy binding stays a
// chunk of its own (`import()`), so a bundler that splits code loads react-dom's client only once
// an element connects.
// The React entry re-exports the library entry: what they share is one chunk, not two copies.
// The machine entry is the statechart alone, for those who build on it. The Svelte and Vue
// entries are types only; their empty modules let an `import` without `type` of them still bundle.
const external = Object.keys({ ...dependencies, ...peerDependencies });
await buildLibrary(
  'dist/lib',
  {
    index: 'src/index.ts',
    react: 'src/react.ts',
    svelte: 'src/svelte.ts',
    vue: 'src/vue.ts',
    machine: 'src/machine/index.ts',
  },
  {
    rolldownOptions: {
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      // Stable names: the files `package.json` ships do not change with every build.
      output: {
        chunkFileNames: 'chunks/[name].js',
        // The React entry is a client module for React Server Components (Next.js): its component
        // uses effects and refs. A directive inside the sources would not survive bundling.
        banner: (chunk) => (chunk.isEntry && chunk.name === 'react' ? "'use client';" : ''),
      },
    },
  },
);

// The library entry again, on the lite runtime: for bundler apps that are not React (Vue, Svelte,
// Angular), `cm-material-download/lite`. XState stays the app's to share.
await buildLibrary(
  'dist/lib/lite',
  { index: 'src/index.ts' },
  {
    defines: lite,
    rolldownOptions: {
      external: (id) => id === 'xstate' || id.startsWith('xstate/'),
      output: { chunkFileNames: 'chunks/[name].js' },
    },
  },
);

// `cm-material-download/server`: a build of its own, so it shares no chunk with the element's entries and imports
// nothing (no React, no XState, no DOM): Node, Deno, Bun and edge runtimes load it as it is.
await buildLibrary('dist/lib', { server: 'src/server/index.ts' });

execFileSync(
  process.execPath,
  [fileURLToPath(import.meta.resolve('typescript/bin/tsc')), '-p', 'tsconfig.build.json'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
