// `npm run size`, and test/ecosystem/package-checks.test.ts with the same limits: what each way of
// using the package costs, gzipped. Needs `npm run build` first.

/** React is the app's own: a bundler user pays for it once, whatever else the app loads. */
const consumersOwn = ['react', 'react-dom'];

export default [
  {
    // A bundler user's bundle of what most apps call, measured with esbuild the way the app's
    // bundler would take it: the element, its statechart and transport, and no graphql parser.
    name: 'library entry: defineMaterialDownload + configure, without React',
    path: 'dist/lib/index.js',
    import: '{ defineMaterialDownload, configure }',
    ignore: consumersOwn,
    gzip: true,
    // 30 kB until a link's life was read against the provider's clock and refusals inside GraphQL
    // got their reason (+1.2 kB gzip between them).
    limit: '30.5 kB',
  },
  {
    // The same for an app that is not React (Vue, Svelte, Angular): the lite entry binds its anchors
    // through the actors' own subscriptions, with nothing of React. XState stays the app's to share,
    // and is counted here.
    name: 'lite library entry: defineMaterialDownload + configure, no React',
    path: 'dist/lib/lite/index.js',
    import: '{ defineMaterialDownload, configure }',
    gzip: true,
    // 37 kB until the lite runtime dropped Preact for the actors' own subscriptions (-8.4 kB).
    limit: '29 kB',
  },
  {
    // The files a page loads by a script tag are final: measured as they are, not bundled again.
    name: 'dist/cm-material-download.js',
    path: 'dist/cm-material-download.js',
    disablePlugins: ['@size-limit/esbuild'],
    gzip: true,
    limit: '100 kB',
  },
  {
    name: 'dist/cm-material-download.lite.js',
    path: 'dist/cm-material-download.lite.js',
    disablePlugins: ['@size-limit/esbuild'],
    gzip: true,
    // 42 kB until the lite file ran on Preact's own hooks, without preact/compat (-3.9 kB); 36 kB
    // until it dropped Preact for the actors' own subscriptions (-7.1 kB).
    limit: '28 kB',
  },
  {
    // Loaded beside either build only by an element that debugs, or a page with an inspect hook.
    name: 'dist/cm-material-download.debug.js',
    path: 'dist/cm-material-download.debug.js',
    disablePlugins: ['@size-limit/esbuild'],
    gzip: true,
    limit: '2 kB',
  },
  {
    // Loaded only while debugging, beside either build: its own budget, so it stays a small panel.
    name: 'dist/cm-material-download.inspector.js',
    path: 'dist/cm-material-download.inspector.js',
    disablePlugins: ['@size-limit/esbuild'],
    gzip: true,
    limit: '30 kB',
  },
];
