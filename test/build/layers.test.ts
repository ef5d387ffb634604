import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of src/, and which may import which. A layer knows only those
 * below it, so each can be read, tested and shipped without the ones above:
 *
 * - `machine` imports nothing of ours outside `machine`: the statechart and
 *   its pure helpers, no DOM, no network.
 * - `api` may import `machine` (the request it is given, the reasons it
 *   answers with).
 * - `debug` (the debug log's sentences and the transition decoding, loaded
 *   only by those who debug) may import `machine`.
 * - `element` may import `api`, `machine` and, to load it, `debug`.
 * - `react` and `inspector` sit on `element` and `machine`; the inspector
 *   decodes with `debug` too.
 * - `server` (`cm-material-download/server`, fetch only, no DOM) sits on `api`
 *   and `machine`: the element's queries, readers and validation, nothing of the page.
 * - `src/log.ts`, the one place that writes to the console, imports nothing;
 *   every layer but `machine` (which reports through its actions) may use it.
 * - The entries (the other files at the top of src/: `index.ts`, `react.ts`,
 *   ...) import what they expose; no layer imports an entry.
 *
 * Within a layer, files import each other freely.
 *
 * And no two files import each other, however roundabout: a circle makes
 * the order modules run in depend on which is imported first. Every import
 * counts, `import type`, `export ... from`, `import()` and
 * `typeof import()` alike: a type-only circle still ties two files into one.
 */
const MAY_IMPORT = {
  machine: [],
  api: ['machine', 'log'],
  debug: ['machine', 'log'],
  element: ['api', 'machine', 'debug', 'log'],
  react: ['element', 'machine', 'log'],
  inspector: ['element', 'machine', 'debug'],
  server: ['api', 'machine'],
  log: [],
  entry: ['machine', 'api', 'element', 'react', 'inspector', 'debug', 'log'],
} as const satisfies Record<string, readonly string[]>;

type Layer = keyof typeof MAY_IMPORT;

const srcDir = fileURLToPath(new URL('../../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A file's name from src/, with forward slashes, for messages that read the same on every system. */
const named = (path: string) => relative(srcDir, path).split(sep).join('/');

function layerOf(name: string): Layer {
  const [first, ...rest] = name.split('/');
  if (rest.length === 0) return name === 'log.ts' ? 'log' : 'entry';
  if (first && first in MAY_IMPORT) return first as Layer;
  throw new Error(`src/${name}: a folder with no rule in MAY_IMPORT`);
}

/** Every module a file names: static, type-only, re-exported, dynamic, and in `typeof import()` types. */
function specifiersIn(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteralLike(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      // Marked for the bundler to leave alone: a file the browser loads by its URL, no module of src/.
      const byUrl = argument && file.text.slice(node.getStart(file), argument.getStart(file)).includes('@vite-ignore');
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
      else if (!byUrl)
        throw new Error(`${file.fileName}: an import() of a computed name, which this test cannot follow`);
    } else if (ts.isImportTypeNode(node)) {
      const { argument } = node;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteralLike(argument.literal)) found.push(argument.literal.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const { expression } = node.moduleReference;
      if (ts.isStringLiteralLike(expression)) found.push(expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The files of src/ each file imports, resolved as the compiler does. Imports of packages are not ours. */
function importGraph(): Map<string, Set<string>> {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    allowJs: true,
  };
  const graph = new Map<string, Set<string>>();
  for (const path of sourceFiles(srcDir)) {
    const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
    const imports = new Set<string>();
    for (const specifier of specifiersIn(file)) {
      if (!specifier.startsWith('.')) continue;
      const resolved = ts.resolveModuleName(specifier, path, options, ts.sys).resolvedModule;
      if (!resolved) throw new Error(`src/${named(path)}: cannot resolve '${specifier}'`);
      imports.add(named(resolved.resolvedFileName));
    }
    graph.set(named(path), imports);
  }
  return graph;
}

/** The strongly connected groups of more than one file (or a file that imports itself), by Tarjan's algorithm. */
function circles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    lowest.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(next)!));
      } else if (onStack.has(next)) {
        lowest.set(file, Math.min(lowest.get(file)!, index.get(next)!));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.has(file)) groups.push(group.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return groups;
}

/** One way round a group, shortest first, for a message a reader can follow: `a.ts -> b.ts -> a.ts`. */
function wayRound(graph: Map<string, Set<string>>, group: string[]): string {
  const members = new Set(group);
  const start = group[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start].join(' -> ');
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return group.join(', ');
}

const graph = importGraph();

describe('the import graph of src/', () => {
  it('reads the imports of every kind it must follow', () => {
    // The graph is only as good as what it sees: each kind of import src/ uses is in it.
    expect(graph.size).toBeGreaterThan(30);
    expect(graph.get('machine/index.ts')).toContain('machine/materialDownload.types.ts'); // export type *
    expect(graph.get('index.ts')).toContain('element/globalTypes.ts'); // export type { … } from
    expect(graph.get('element/element.ts')).toContain('element/reactBinding.tsx'); // import()
    expect(graph.get('element/reactBinding.tsx')).toContain('machine/materialDownload.machine.ts'); // import type
  });

  it('has no circle between files', () => {
    const found = circles(graph).map((group) => `${wayRound(graph, group)} (${group.length} files)`);
    expect(found).toEqual([]);
  });

  it('has no circle between layers: each pair of them imports one way, if at all', () => {
    const layers = new Map<string, Set<string>>();
    for (const [file, imports] of graph) {
      const between = layers.get(layerOf(file)) ?? new Set<string>();
      for (const imported of imports) if (layerOf(imported) !== layerOf(file)) between.add(layerOf(imported));
      layers.set(layerOf(file), between);
    }
    expect(circles(layers).map((group) => wayRound(layers, group))).toEqual([]);
  });

  it('imports only down the layers: machine, then api, then element, then what sits on them', () => {
    const wrong = [...graph].flatMap(([file, imports]) => {
      const layer = layerOf(file);
      const allowed: readonly Layer[] = MAY_IMPORT[layer];
      return [...imports]
        .filter((imported) => layerOf(imported) !== layer && !allowed.includes(layerOf(imported)))
        .map((imported) => `${file} (${layer}) imports ${imported} (${layerOf(imported)})`);
    });
    expect(wrong).toEqual([]);
  });
});
