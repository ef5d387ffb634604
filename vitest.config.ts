import { configDefaults, defineConfig } from 'vitest/config';
import { ENGINES } from './test/engines/support/engines.js';
import LongestFirst from './test/support/longestFirst.js';

/** Suites that load a dist file: all of them on the React build, those of the anchor's binding on the lite one too. */
const browserSuites = ['test/browser/**/*.test.ts', 'test/model/**/*.test.ts'];

/**
 * The browser suites keep no state in modules but the worker's browser (each file starts its own
 * provider and browser contexts in its hooks), so a worker runs them one after another on one
 * module graph: Playwright, puppeteer and the provider are imported, and the browser launched,
 * once per worker rather than once per file.
 */
const SHARED_MODULES = { isolate: false } as const;

/** Unit suites that load the library anew (`vi.resetModules()`), as a second bundle on a page does: a module graph of their own. */
const UNIT_FRESH_MODULES = ['test/api/configOptions.test.ts', 'test/api/pageConfiguration.test.ts'];

export default defineConfig({
  define: {
    __CM_GRAPHQL_ENDPOINT__: JSON.stringify('/graphql'),
    __CM_VERSION__: JSON.stringify('test'),
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for a condition; its 1 s default failed a Vue app's first link with a CPU hog
    // per core and app builds beside it. A condition met sooner ends the wait as soon.
    expect: { poll: { timeout: 10_000 } },
    // Browser suites each start Chromium; two cores are shared by all of them. A third worker
    // measured no faster: three Chromiums and the examples' builds kept the load above 12.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    // After the run: a browser whose worker was killed before it could stop it.
    globalSetup: ['test/support/leftBrowsers.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'test/machine/**/*.test.ts',
            'test/element/**/*.test.ts',
            'test/debug/**/*.test.ts',
            'test/api/**/*.test.ts',
            'test/build/**/*.test.ts',
            'test/server/**/*.test.ts',
            'test/provider/**/*.test.{ts,js}',
            'test/ecosystem/**/*.test.ts',
            'test/types/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...UNIT_FRESH_MODULES],
          // Each test puts back what it stubs, its timers and its globals; a module graph of their own
          // cost each of some fifty files more than its tests, over a minute in all with a CPU hog per core.
          ...SHARED_MODULES,
        },
      },
      {
        extends: true,
        test: { name: 'unit-fresh-modules', include: UNIT_FRESH_MODULES },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: browserSuites,
          env: { CM_ELEMENT_FILE: 'cm-material-download.js' },
          ...SHARED_MODULES,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser-lite',
          // The two builds differ in one module: the anchor's binding (React, or the actor's
          // own subscription in the lite build). The suites that watch the anchor through every
          // state, order of binding, move and removal run on both; those of requests, retries, slices, laziness, the
          // inspector, the debug log and the statechart's every transition (the model) run the
          // same code in either and run once. The contract itself runs on both builds in every
          // engine (test/engines).
          include: [
            'test/browser/element.test.ts',
            'test/browser/binding-order.test.ts',
            'test/browser/lifecycle.test.ts',
          ],
          env: { CM_ELEMENT_FILE: 'cm-material-download.lite.js' },
          ...SHARED_MODULES,
        },
      },
      {
        extends: true,
        test: {
          // Faults, hostile input, races and leaks: against the React build once.
          name: 'reliability',
          include: ['test/reliability/**/*.test.ts'],
          env: { CM_ELEMENT_FILE: 'cm-material-download.js' },
          ...SHARED_MODULES,
        },
      },
      // The public contract, one test body in each engine (test/engines); each file runs both builds itself.
      ...ENGINES.map((engine) => ({
        extends: true as const,
        test: { name: engine, include: ['test/engines/**/*.test.ts'], env: { CM_ENGINE: engine }, ...SHARED_MODULES },
      })),
    ],
  },
});
