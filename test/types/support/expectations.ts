import ts from 'typescript';
import { expect } from 'vitest';

/**
 * The fixtures say what the compiler must refuse with `@ts-expect-error TS<code> <text>`
 * directives. With the directives in place a fixture must compile clean (an unused one is itself
 * an error); with them switched off, each must surface as the error it names, and no other.
 */
export interface Expectation {
  line: number;
  code: number;
  text: string;
}

export interface Finding {
  line: number;
  code: number;
  message: string;
}

const DIRECTIVE = /@ts-expect-error TS(\d+) (.+?)\s*(?:\*\/\})?$/;

export function expectationsIn(source: string): Expectation[] {
  return source.split('\n').flatMap((line, index) => {
    const match = DIRECTIVE.exec(line);
    // A directive covers the line after it; lines count from 1.
    return match ? [{ line: index + 2, code: Number(match[1]), text: match[2]! }] : [];
  });
}

/** The source with its directives switched off, so the errors they stand for surface. */
export function withoutDirectives(source: string): string {
  return source.replaceAll('@ts-expect-error', 'expected-error');
}

function findingsIn(program: ts.Program, file: string): Finding[] {
  const sourceFile = program.getSourceFile(file)!;
  return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map(
    (diagnostic) => ({
      line: sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1,
      code: diagnostic.code,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    }),
  );
}

/**
 * One program of `files` and, beside them, `virtual.file` with `virtual.text` (a fixture changed
 * in memory, so the repository's own tsc never sees it); returns what the compiler says of a file.
 */
export function compileFixtures(
  options: ts.CompilerOptions,
  files: string[],
  virtual: { file: string; text: string },
): (file: string) => Finding[] {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === virtual.file
      ? ts.createSourceFile(name, virtual.text, language, true)
      : getSourceFile(name, language, ...rest);
  host.fileExists = (name) => name === virtual.file || fileExists(name);
  host.readFile = (name) => (name === virtual.file ? virtual.text : readFile(name));
  const program = ts.createProgram([...files, virtual.file], options, host);
  return (file) => findingsIn(program, file);
}

/** Each directive of `source` stands for an error found in its bare copy, and no error stands for none. */
export function expectEachRefusal(source: string, found: Finding[], atLeast: number): void {
  const expected = expectationsIn(source);
  expect(expected.length).toBeGreaterThanOrEqual(atLeast);
  for (const { line, code, text } of expected) {
    expect(found, `line ${line}: TS${code} ${text}`).toContainEqual({
      line,
      code,
      message: expect.stringContaining(text),
    });
  }
  expect(found).toHaveLength(expected.length);
}
