// @ts-check
// `npm run mutation`: mutation testing of the transport (src/api) and the statechart
// (src/machine) against their unit tests. Slow, so not part of `npm test`.
// Reports: reports/mutation/index.html and mutation.json.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The `unit` project, narrowed to test/api and test/machine: no browser starts. Not `testFiles`,
  // which makes Stryker 9.6 report static mutants as survived (see stryker.vitest.config.mjs).
  vitest: { configFile: 'stryker.vitest.config.mjs' },
  mutate: ['src/api/**/*.ts', 'src/machine/**/*.ts'],
  coverageAnalysis: 'perTest',
  // Two cores are shared with the browser suites of others.
  concurrency: 1,
  // The transport tests talk to the real local provider over HTTP: give a slow mutant room.
  timeoutMS: 10_000,
  // Reruns test only the mutants whose code or tests changed since the last report. Static mutants
  // (code that runs on import: the statechart's definition, the default config) have no per-test
  // coverage, so a survivor among them is reused until `npm run mutation -- --force`
  // (stryker-mutator/stryker-js#6119): force a full run after adding tests for such code.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 85, break: 85 },
  // Build output, benchmark and demo copies: the unit tests need none of them.
  ignorePatterns: ['dist', 'bench', 'examples', '.demo', '.demo-a11y', 'reports'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
