import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileFixtures, expectEachRefusal, withoutDirectives, type Finding } from './support/expectations.js';

/**
 * The typings a customer's TypeScript sees for the tag: the tag map, the
 * event map and React 19's JSX. Compiled with the options of a typical
 * React + TypeScript app (DOM only, no Node types), not with ours.
 */
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const accepted = `${fixtures}accepted.tsx`;
const refused = `${fixtures}refused.tsx`;
// The refused fixture with its directives switched off, so the errors they stand for surface.
const refusedBare = `${fixtures}refused.bare.tsx`;

const customerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
};

let diagnosticsOf: (file: string) => Finding[];
const refusedSource = readFileSync(refused, 'utf8');

beforeAll(() => {
  diagnosticsOf = compileFixtures(customerOptions, [accepted, refused], {
    file: refusedBare,
    text: withoutDirectives(refusedSource),
  });
}, 60_000);

describe('typings for <cm-material-download>', () => {
  it('accept what a customer writes: tag map, typed cm-link-change, React 19 JSX with kebab-case attributes', () => {
    expect(diagnosticsOf(accepted)).toEqual([]);
  });

  it('refuse each wrong attribute or property value, a camelCase attribute and an unknown detail field, with the expected error', () => {
    expectEachRefusal(refusedSource, diagnosticsOf(refusedBare), 6);
  });

  it('need every @ts-expect-error in the refused fixture (an unused one is itself an error)', () => {
    expect(diagnosticsOf(refused)).toEqual([]);
  });
});
