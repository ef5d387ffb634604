import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

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

interface Expectation {
  line: number;
  code: number;
  text: string;
}

const DIRECTIVE = /@ts-expect-error TS(\d+) (.+?)\s*(?:\*\/\})?$/;

function expectationsIn(source: string): Expectation[] {
  return source.split('\n').flatMap((line, index) => {
    const match = DIRECTIVE.exec(line);
    // A directive covers the line after it; lines count from 1.
    return match ? [{ line: index + 2, code: Number(match[1]), text: match[2]! }] : [];
  });
}

interface Finding {
  line: number;
  code: number;
  message: string;
}

let diagnosticsOf: (file: string) => Finding[];
const refusedSource = readFileSync(refused, 'utf8');

beforeAll(() => {
  const host = ts.createCompilerHost(customerOptions);
  const bare = refusedSource.replaceAll('@ts-expect-error', 'expected-error');
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === refusedBare ? ts.createSourceFile(name, bare, language, true) : getSourceFile(name, language, ...rest);
  host.fileExists = (name) => name === refusedBare || fileExists(name);
  host.readFile = (name) => (name === refusedBare ? bare : readFile(name));
  const program = ts.createProgram([accepted, refused, refusedBare], customerOptions, host);
  diagnosticsOf = (file) => {
    const sourceFile = program.getSourceFile(file)!;
    return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map(
      (diagnostic) => ({
        line: sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1,
        code: diagnostic.code,
        message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
      }),
    );
  };
}, 60_000);

describe('typings for <cm-material-download>', () => {
  it('accept what a customer writes: tag map, typed cm-link-change, React 19 JSX with kebab-case attributes', () => {
    expect(diagnosticsOf(accepted)).toEqual([]);
  });

  it('refuse each wrong attribute or property value, a camelCase attribute and an unknown detail field, with the expected error', () => {
    const expected = expectationsIn(refusedSource);
    expect(expected.length).toBeGreaterThanOrEqual(6);
    const found = diagnosticsOf(refusedBare);
    for (const { line, code, text } of expected) {
      expect(found, `line ${line}: TS${code} ${text}`).toContainEqual({
        line,
        code,
        message: expect.stringContaining(text),
      });
    }
    expect(found).toHaveLength(expected.length);
  });

  it('need every @ts-expect-error in the refused fixture (an unused one is itself an error)', () => {
    expect(diagnosticsOf(refused)).toEqual([]);
  });
});
