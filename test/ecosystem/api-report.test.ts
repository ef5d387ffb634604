import { Extractor, ExtractorConfig, ExtractorLogLevel, type ExtractorMessage } from '@microsoft/api-extractor';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The library entry's public surface is a promise: api/cm-material-download.api.md
 * records it, and a change to it (a name added, removed or retyped) fails
 * here until `npm run api` writes the report anew and the change is reviewed
 * with it. Reads the declarations `npm run build` wrote.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const entry = `${root}dist/types/index.d.ts`;

beforeAll(() => {
  if (!existsSync(entry)) throw new Error('dist/types is missing: run `npm run build` first (`npm test` does).');
});

describe('the public API', () => {
  it('matches api/cm-material-download.api.md (after a deliberate change: `npm run api`)', () => {
    const messages: string[] = [];
    const result = Extractor.invoke(ExtractorConfig.loadFileAndPrepare(`${root}api/api-extractor.json`), {
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
  }, 60_000);

  it('gives every name it exports a TSDoc comment with an @example', () => {
    const program = ts.createProgram([entry], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
      noEmit: true,
    });
    const checker = program.getTypeChecker();
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
    const exported = checker.getExportsOfModule(moduleSymbol);
    expect(exported.length).toBeGreaterThan(10);
    const withoutExample = exported
      .filter((symbol) => {
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        const tags = (target.declarations ?? []).flatMap((declaration) => ts.getJSDocTags(declaration));
        return !tags.some((tag) => tag.tagName.text === 'example');
      })
      .map((symbol) => symbol.name);
    expect(withoutExample).toEqual([]);
  });
});
