import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LONGEST_FILES } from '../support/longestFirst';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('the order the suite runs in', () => {
  it('names only files that exist among those it starts first: a renamed one would quietly start last again', () => {
    expect(LONGEST_FILES.filter((file) => !existsSync(`${root}${file}`))).toEqual([]);
  });
});
