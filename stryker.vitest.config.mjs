// @ts-check
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * What `npm run mutation` runs: the `unit` project of vitest.config.ts, narrowed
 * to the tests of the code it mutates (test/api, test/machine). A config of its
 * own rather than Stryker's `testFiles`: with `testFiles`, Stryker 9.6 activates
 * static mutants (the statechart's definition, the default config) only after
 * their module has loaded, and reports every one of them as survived
 * (stryker-mutator/stryker-js#6144).
 */
const unit = base.test?.projects?.find(
  (project) => typeof project === 'object' && 'test' in project && project.test?.name === 'unit',
);
if (typeof unit !== 'object' || !('test' in unit)) throw new Error('vitest.config.ts has no `unit` project');

export default defineConfig({
  define: base.define,
  test: {
    ...base.test,
    ...unit.test,
    projects: undefined,
    name: 'unit',
    include: ['test/api/**/*.test.ts', 'test/machine/**/*.test.ts'],
  },
});
