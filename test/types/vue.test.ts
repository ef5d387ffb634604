import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileFixtures, expectEachRefusal, withoutDirectives, type Finding } from './support/expectations.js';

/**
 * `cm-material-download/vue`: the tag in Vue's `GlobalComponents`, compiled with the options of a
 * Vite + Vue app (examples/vue's tsconfig). vue-tsc itself runs on examples/vue in
 * test/ecosystem/pack.test.ts; here the props it checks a template against.
 */
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixture = `${fixtures}vue.ts`;
const fixtureBare = `${fixtures}vue.bare.ts`;
const source = readFileSync(fixture, 'utf8');

const vueAppOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
};

let findingsOf: (file: string) => Finding[];

beforeAll(() => {
  findingsOf = compileFixtures(vueAppOptions, [fixture], { file: fixtureBare, text: withoutDirectives(source) });
}, 60_000);

describe('cm-material-download/vue', () => {
  it('types the tag in Vue templates: every input by the attribute table, debug, and @cm-link-change with its detail', () => {
    expect(findingsOf(fixture)).toEqual([]);
  });

  it('refuses type="pdf", a wrong dimensions or file-type value and an unknown detail field, with the expected error', () => {
    expectEachRefusal(source, findingsOf(fixtureBare), 4);
  });

  it('is opt-in: without the import, Vue knows no such component', () => {
    const withoutEntry = `${fixtures}vue.without-entry.ts`;
    const text = source.replace("import type {} from '../../../src/vue';", '');
    expect(text).not.toBe(source);
    const findings = compileFixtures(vueAppOptions, [], { file: withoutEntry, text });
    expect(findings(withoutEntry)).toContainEqual(
      expect.objectContaining({ code: 2339, message: expect.stringContaining("'cm-material-download'") }),
    );
  });
});
