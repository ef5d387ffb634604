import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedDependencies, type PackageNeeds } from './support/installs';
import { docLine, snippetsOf, type CompiledLanguage, type Snippet } from './support/markdownSnippets';
import { cleanNpmEnv } from './support/pack';

/**
 * Every TypeScript, TSX, JS, Vue and Svelte snippet of the README and docs/ is what a customer
 * pastes into an app: each is compiled as a module of its own by the customer's checker (tsc,
 * vue-tsc, svelte-check), against the package as built (dist/types, through its `exports`). A
 * snippet marked `fragment` must not compile alone, so the mark cannot hide a snippet that could be
 * checked. Needs `npm run build` first (`npm test` does it).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const snippets = documents.flatMap((file) => snippetsOf(readFileSync(join(root, file), 'utf8'), file));
const ofLanguages = (...languages: CompiledLanguage[]) =>
  snippets.filter(({ language }) => languages.includes(language));
const typeScriptSnippets = ofLanguages('ts', 'tsx');
const javaScriptSnippets = ofLanguages('js');
const svelteSnippets = ofLanguages('svelte');
const vueSnippets = ofLanguages('vue');
const count = (of: Snippet[]) =>
  `${of.filter(({ fragment }) => !fragment).length} (and ${of.filter(({ fragment }) => fragment).length} fragments)`;

/** What a checker said about one line of a snippet's file. */
interface Finding {
  file: string;
  line: number;
  message: string;
}

/** What is wrong, one line each: where in the docs, and the checker's message. */
type Verdicts = string[];

/**
 * Each snippet's findings at its line in the docs. A module must have none; a fragment must have
 * some, or its mark is stale.
 */
function verdicts(checked: Map<string, Snippet>, findings: Finding[]): Verdicts {
  const problems: string[] = [];
  for (const [file, snippet] of checked) {
    const own = findings.filter((finding) => finding.file === file);
    if (snippet.fragment && own.length === 0) {
      problems.push(`${docLine(snippet, 1)}: marked fragment, yet compiles alone: remove the mark`);
    }
    if (!snippet.fragment) problems.push(...own.map(({ line, message }) => `${docLine(snippet, line)}: ${message}`));
  }
  const unplaced = findings.filter(({ file }) => !checked.has(file));
  return [...problems, ...unplaced.map(({ file, line, message }) => `${file}:${line}: ${message}`)];
}

/** Writes each snippet into `folder` under a name that says where it comes from; the map is by that name. */
function writeSnippets(folder: string, of: Snippet[], extension: (snippet: Snippet) => string): Map<string, Snippet> {
  mkdirSync(folder, { recursive: true });
  const written = new Map<string, Snippet>();
  for (const snippet of of) {
    const name = `${snippet.file.replace(/[/.]/g, '-')}-${snippet.line}.${extension(snippet)}`;
    writeFileSync(join(folder, name), snippet.code);
    written.set(join(folder, name), snippet);
  }
  return written;
}

let project: string;

/**
 * A folder whose `node_modules` holds the package (a link to this repository, so its `exports` and
 * dist/types are what a customer's checker resolves) and the frameworks and checkers the snippets
 * use: this repository's own first (one copy of React's, Vue's and Svelte's types, the ones
 * dist/types import), then the examples' installs (Angular, Next.js, Astro, Vite's Vue plugin,
 * vue-tsc, svelte-check), cached as the packed-package suite caches them.
 */
beforeAll(async () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageNeeds;
  const examples = ['angular', 'vue', 'sveltekit', 'next', 'astro'];
  const installs = await Promise.all(
    examples.map((name) => cachedDependencies(join(root, 'examples', name), name, pkg)),
  );
  project = mkdtempSync(join(tmpdir(), 'cm-doc-snippets-'));
  const modules = join(project, 'node_modules');
  mkdirSync(modules);
  symlinkSync(root, join(modules, pkg.name), 'dir');
  for (const source of [join(root, 'node_modules'), ...installs.map((install) => join(install, 'node_modules'))]) {
    linkMissing(source, modules);
  }
}, 900_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

/** Links each package of `source` into `target` that `target` has none of yet, scopes merged. */
function linkMissing(source: string, target: string): void {
  const present = new Set(readdirSync(target));
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    if (entry.name.startsWith('@') && entry.isDirectory()) {
      mkdirSync(join(target, entry.name), { recursive: true });
      linkMissing(join(source, entry.name), join(target, entry.name));
    } else if (!present.has(entry.name)) {
      symlinkSync(join(source, entry.name), join(target, entry.name), 'dir');
    }
  }
}

/** A module for Node (it imports Node's modules or the package's server entry): no DOM where it runs. */
const runsOnServer = ({ code }: Snippet) => /from '(node:|cm-material-download\/server)/.test(code);

/**
 * What tsc says of `of`, one program for the browser's modules and one for the server's: an app's
 * module settings, each snippet a module of its own.
 */
function typeScriptFindings(folder: string, of: Snippet[], strictness: ts.CompilerOptions): Verdicts {
  const checked = writeSnippets(folder, of, ({ language }) => language);
  const findings = [false, true].flatMap((server) => {
    const files = [...checked].filter(([, snippet]) => runsOnServer(snippet) === server).map(([file]) => file);
    if (files.length === 0) return [];
    if (server) files.push(writeAstroEnv(folder));
    const program = ts.createProgram(files, {
      target: ts.ScriptTarget.ES2022,
      lib: server ? ['lib.es2022.d.ts'] : ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: server ? ['node'] : [],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      moduleDetection: ts.ModuleDetectionKind.Force,
      jsx: ts.JsxEmit.ReactJSX,
      skipLibCheck: true,
      noEmit: true,
      ...strictness,
    });
    return ts.getPreEmitDiagnostics(program).map((diagnostic): Finding => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      if (!diagnostic.file || diagnostic.start === undefined) return { file: 'tsc', line: 0, message };
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      return { file: diagnostic.file.fileName, line: line + 1, message: `TS${diagnostic.code}: ${message}` };
    });
  });
  return verdicts(checked, findings);
}

/**
 * What `astro sync` writes for the secrets docs/server.md declares in astro.config.mjs: their module's types
 * exist only in an app that has run it.
 */
function writeAstroEnv(folder: string): string {
  const file = join(folder, 'astro-env.d.ts');
  writeFileSync(
    file,
    "declare module 'astro:env/server' {\n  export const CM_API_KEY: string;\n  export const CM_PROVIDER_ENDPOINT: string;\n}\n",
  );
  return file;
}

/** A framework app's tsconfig.json (strict, for a bundler) and the one file of it that imports the tag's typings. */
function writeApp(app: string, typingsImport: string, compilerOptions: Record<string, unknown>): void {
  writeFileSync(join(app, 'src/typings.d.ts'), typingsImport);
  const shared = {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'bundler',
    strict: true,
    skipLibCheck: true,
  };
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { ...shared, ...compilerOptions }, include: ['src'] }),
  );
}

/** A checker's exit with findings is a rejection; its output is the same. */
async function output(command: string, args: string[], cwd: string): Promise<string> {
  const options = { cwd, env: { ...cleanNpmEnv(), NO_COLOR: '1', FORCE_COLOR: '0' }, maxBuffer: 16 * 1024 * 1024 };
  return run(process.execPath, [command, ...args], options).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
  );
}

describe('the snippets of the README and docs/', () => {
  it('finds them: the reading itself still works', () => {
    expect(typeScriptSnippets.map(({ file }) => file)).toEqual(
      expect.arrayContaining(['README.md', 'docs/frameworks.md']),
    );
    expect(javaScriptSnippets.map(({ file }) => file)).toEqual(expect.arrayContaining(['README.md', 'docs/server.md']));
    expect(svelteSnippets.map(({ file }) => file)).toEqual(expect.arrayContaining(['docs/frameworks.md']));
    expect(vueSnippets.map(({ file }) => file)).toEqual(expect.arrayContaining(['docs/frameworks.md']));
  });

  it(`type-checks the TypeScript and TSX ones with tsc, strict: ${count(typeScriptSnippets)}`, () => {
    // A strict app's tsconfig, decorators as Angular's.
    const strict = { strict: true, experimentalDecorators: true };
    expect(typeScriptFindings(join(project, 'typescript'), typeScriptSnippets, strict)).toEqual([]);
  });

  it(`checks the JS ones as an editor checks a JS module (\`// @ts-check\`, not strict): ${count(javaScriptSnippets)}`, () => {
    expect(
      typeScriptFindings(join(project, 'javascript'), javaScriptSnippets, { allowJs: true, checkJs: true }),
    ).toEqual([]);
  });

  it(`checks the Svelte ones with svelte-check, in a SvelteKit app that imports the tag's typings: ${count(svelteSnippets)}`, async () => {
    const app = join(project, 'svelte');
    const checked = writeSnippets(join(app, 'src'), svelteSnippets, () => 'svelte');
    // What the app's src/app.d.ts says (docs/frameworks.md), and SvelteKit's `$lib` and asset imports.
    writeApp(app, "import type {} from 'cm-material-download/svelte';\n", {
      allowJs: true,
      checkJs: true,
      types: ['vite/client'],
      paths: { $lib: ['./src/lib'], '$lib/*': ['./src/lib/*'] },
    });
    const machine = await output(
      join(project, 'node_modules/svelte-check/bin/svelte-check'),
      ['--workspace', app, '--tsconfig', './tsconfig.json', '--output', 'machine'],
      app,
    );
    const findings = machine.split('\n').flatMap((line): Finding[] => {
      const found = /^\d+ (ERROR|WARNING) "([^"]+)" (\d+):\d+ "(.*)"$/.exec(line);
      return found ? [{ file: join(app, found[2]!), line: Number(found[3]), message: `${found[1]}: ${found[4]}` }] : [];
    });
    expect(machine).toMatch(/COMPLETED/);
    expect(verdicts(checked, findings)).toEqual([]);
  });

  it(`type-checks the Vue ones with vue-tsc, in an app that imports the tag's typings: ${count(vueSnippets)}`, async () => {
    const app = join(project, 'vue');
    const checked = writeSnippets(join(app, 'src'), vueSnippets, () => 'vue');
    // The import docs/frameworks.md has the app make once, for vue-tsc.
    writeApp(app, "import type {} from 'cm-material-download/vue';\n", {
      noEmit: true,
      isolatedModules: true,
      verbatimModuleSyntax: true,
      types: [],
    });
    const compiler = await output(
      join(project, 'node_modules/vue-tsc/bin/vue-tsc.js'),
      ['--noEmit', '--pretty', 'false', '-p', 'tsconfig.json'],
      app,
    );
    const findings = compiler.split('\n').flatMap((line): Finding[] => {
      const found = /^(.+?)\((\d+),\d+\): (error .*)$/.exec(line);
      if (found) return [{ file: join(app, found[1]!), line: Number(found[2]), message: found[3]! }];
      // A message that names no file (a crash, a bad tsconfig) is a finding too, never a pass.
      return line.trim() && !line.startsWith(' ') ? [{ file: 'vue-tsc', line: 0, message: line }] : [];
    });
    expect(verdicts(checked, findings)).toEqual([]);
  });
});
