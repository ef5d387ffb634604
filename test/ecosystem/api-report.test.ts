import { Extractor, ExtractorConfig, ExtractorLogLevel, type ExtractorMessage } from '@microsoft/api-extractor';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The library entry's public surface is a promise: api/cm-material-download.api.md
 * records it, as api/cm-material-download-server.api.md records the server
 * entry's, and a change to it (a name added, removed or retyped) fails here until `npm run api` writes the report anew and the change is reviewed
 * with it. Reads the declarations `npm run build` wrote.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const entry = `${root}dist/types/index.d.ts`;
/** `cm-material-download/react`: the library entry and what only React apps can compile. */
const reactEntry = `${root}dist/types/react.d.ts`;
/** `cm-material-download/server`: what a page's server calls. */
const serverEntry = `${root}dist/types/server/index.d.ts`;
const REACT_ONLY = ['MaterialDownload', 'MaterialDownloadJsxProps', 'MaterialDownloadProps'];

let program: ts.Program | undefined;

function exportsOf(file: string): { checker: ts.TypeChecker; exported: ts.Symbol[] } {
  // One program for the entries and every test: the React entry's declarations import the library
  // entry's, and each program of its own read and bound them all again (some 10 s each on a busy machine).
  program ??= ts.createProgram([entry, reactEntry, serverEntry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  return { checker, exported: checker.getExportsOfModule(moduleSymbol) };
}

beforeAll(() => {
  if (!existsSync(entry)) throw new Error('dist/types is missing: run `npm run build` first (`npm test` does).');
});

describe('the public API', () => {
  it.each([
    ['api/cm-material-download.api.md', 'api-extractor.json'],
    ['api/cm-material-download-server.api.md', 'api-extractor.server.json'],
  ])(
    'matches %s (after a deliberate change: `npm run api`)',
    (_, config) => {
      const messages: string[] = [];
      const result = Extractor.invoke(ExtractorConfig.loadFileAndPrepare(`${root}api/${config}`), {
        // Check, do not write: a changed surface is a failure, not an update.
        localBuild: false,
        messageCallback: (message: ExtractorMessage) => {
          if (message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning)
            messages.push(message.formatMessageWithLocation(root));
          message.handled = true;
        },
      });
      expect(messages).toEqual([]);
      expect(result.apiReportChanged, 'the public API changed: run `npm run api` and review the report').toBe(false);
      expect(result.succeeded).toBe(true);
    },
    60_000,
  );

  it.each([
    ['library entry', entry, 10],
    ['React entry', reactEntry, 10],
    ['server entry', serverEntry, 5],
  ])('gives every name the %s exports a TSDoc comment with an @example', (_, file, atLeast) => {
    const { checker, exported } = exportsOf(file);
    expect(exported.length).toBeGreaterThan(atLeast);
    const withoutExample = exported
      .filter((symbol) => {
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        const tags = (target.declarations ?? []).flatMap((declaration) => ts.getJSDocTags(declaration));
        return !tags.some((tag) => tag.tagName.text === 'example');
      })
      .map((symbol) => symbol.name);
    expect(withoutExample).toEqual([]);
  });

  it('has the React entry export the library entry’s names and the React ones, which the library entry leaves out', () => {
    const names = (file: string) =>
      exportsOf(file)
        .exported.map((symbol) => symbol.name)
        .sort();
    const library = names(entry);
    expect(library).not.toEqual(expect.arrayContaining([expect.stringMatching(/^MaterialDownload(JsxProps|Props)?$/)]));
    expect(names(reactEntry)).toEqual([...library, ...REACT_ONLY].sort());
  });
});
