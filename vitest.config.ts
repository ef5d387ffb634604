import { defineConfig } from 'vitest/config';
import { ENGINES } from './test/engines/support/engines.js';

/** Suites that load a dist file run once per build: React, and the lite (Preact) one. */
const browserSuites = ['test/browser/**/*.test.ts', 'test/model/**/*.test.ts'];

export default defineConfig({
  define: {
    __CM_GRAPHQL_ENDPOINT__: JSON.stringify('/graphql'),
    __CM_VERSION__: JSON.stringify('test'),
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser suites each start Chromium; two cores are shared by all of them.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'test/machine/**/*.test.ts',
            'test/element/**/*.test.ts',
            'test/api/**/*.test.ts',
            'test/build/**/*.test.ts',
            'test/provider/**/*.test.{ts,js}',
            'test/ecosystem/**/*.test.ts',
            'test/types/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: { name: 'browser', include: browserSuites, env: { CM_ELEMENT_FILE: 'cm-material-download.js' } },
      },
      {
        extends: true,
        test: {
          name: 'browser-lite',
          include: browserSuites,
          // These two load no dist file of their choosing: the React component is built from
          // src, and the demo uses the React build as `npm start` serves it.
          exclude: ['test/browser/react.test.ts', 'test/browser/demo.test.ts'],
          env: { CM_ELEMENT_FILE: 'cm-material-download.lite.js' },
        },
      },
      {
        extends: true,
        test: {
          // Faults, hostile input, races and leaks: against the React build once.
          name: 'reliability',
          include: ['test/reliability/**/*.test.ts'],
          env: { CM_ELEMENT_FILE: 'cm-material-download.js' },
        },
      },
      // The public contract, one test body in each engine (test/engines); each file runs both builds itself.
      ...ENGINES.map((engine) => ({
        extends: true as const,
        test: { name: engine, include: ['test/engines/**/*.test.ts'], env: { CM_ENGINE: engine } },
      })),
    ],
  },
});
