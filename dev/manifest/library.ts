import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The library's source as the compiler sees it, from its public entry: the
 * manifest takes its types and docs from what the entry exports, wherever
 * the declarations behind those names live.
 */
export interface Library {
  checker: ts.TypeChecker;
  /** What `src/index.ts` exports under `name`, followed through re-exports to its declaration. */
  exported: (name: string) => ts.Symbol;
  /** The library's own files, reachable from the entry, dynamic imports included. */
  ownFiles: readonly ts.SourceFile[];
  /** Whether the library declares it, rather than the DOM, XState or React. */
  declares: (symbol: ts.Symbol) => boolean;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE_DIR = `${ROOT}src/`;
const ENTRY = `${SOURCE_DIR}index.ts`;

function compilerOptions(): ts.CompilerOptions {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} };
  const parsed = ts.getParsedCommandLineOfConfigFile(`${ROOT}tsconfig.json`, {}, host);
  if (!parsed) throw new Error('tsconfig.json could not be read');
  // The library's types need no Node's; leaving them out makes the program a third smaller.
  return { ...parsed.options, types: [] };
}

function readLibrary(): Library {
  const program = ts.createProgram([ENTRY], compilerOptions());
  const checker = program.getTypeChecker();
  const entry = checker.getSymbolAtLocation(program.getSourceFile(ENTRY)!);
  const exports = new Map(checker.getExportsOfModule(entry!).map((symbol) => [symbol.name, symbol]));
  return {
    checker,
    exported: (name) => {
      const symbol = exports.get(name);
      if (!symbol) throw new Error(`src/index.ts exports no ${name}: the manifest is generated from it`);
      return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    },
    declares: (symbol) =>
      (symbol.declarations ?? []).some((declaration) => declaration.getSourceFile().fileName.startsWith(SOURCE_DIR)),
    ownFiles: program
      .getSourceFiles()
      .filter(({ fileName, isDeclarationFile }) => !isDeclarationFile && fileName.startsWith(SOURCE_DIR)),
  };
}

let library: Library | undefined;

/** Made once per process: the program takes seconds to build. */
export function theLibrary(): Library {
  library ??= readLibrary();
  return library;
}
