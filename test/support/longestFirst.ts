import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take a worker longest, longest first. Vitest runs projects
 * in the order of their names, and within one the files it has no timing of
 * yet (every file, on a clean clone) largest first: the pack suite, last of
 * `unit`, started after three quarters of the run and kept a worker to the
 * end while the other ran out of files. Started first, they run beside
 * everything else: the pack suite's installs and builds, then the model,
 * which mostly waits on timers.
 */
export const LONGEST_FILES = ['test/ecosystem/pack.test.ts', 'test/model/element.model.test.ts'];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FILES.indexOf(relative(this.ctx.config.root, file.moduleId));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    // Array.prototype.sort is stable: the rest keep the base order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
