import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPackage } from './support/pack';

/**
 * The package as npm would publish it, packed once and checked the way its
 * consumers' tools see it: Are the Types Wrong (every entry finds its types,
 * in a bundler and from Node's ESM), publint (package.json agrees with the
 * files it ships), and the size limits of .size-limit.js. Needs
 * `npm run build` first (`npm test` does it).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

interface PackageJson {
  exports: Record<string, string | Record<string, string>>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
/** The entries that are modules (not JSON): each must find its types. */
const moduleEntries = Object.keys(pkg.exports).filter((subpath) => !subpath.endsWith('.json'));

let scratch: string;
let tarball: string;

/** Runs a package's own command line with this Node; resolves with its output whatever its exit code. */
async function cli(bin: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(root, 'node_modules', bin), ...args], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

beforeAll(async () => {
  ({ scratch, tarball } = await packPackage('cm-package-checks-'));
}, 60_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

interface AttwProblem {
  kind: string;
  entrypoint?: string;
  resolutionKind?: string;
  fileName?: string;
  moduleSpecifier?: string;
}
interface AttwResult {
  analysis: {
    entrypoints: Record<
      string,
      { resolutions: Record<string, { resolution?: { fileName: string; isTypeScript: boolean } } | undefined> }
    >;
    problems: AttwProblem[];
  };
}

describe('the packed package', () => {
  it('gives every entry its types, for a bundler and for Node’s ESM (attw --profile esm-only)', async () => {
    const attw = await cli('@arethetypeswrong/cli/dist/index.js', [tarball, '--profile', 'esm-only', '-f', 'json']);
    const result = JSON.parse(attw.stdout) as AttwResult;
    // This package is ESM only: CommonJS (node16-cjs) and pre-exports resolution (node10) do not apply.
    const problems = result.analysis.problems
      .filter(({ resolutionKind }) => resolutionKind !== 'node10' && resolutionKind !== 'node16-cjs')
      .map(({ kind, entrypoint, resolutionKind, fileName, moduleSpecifier }) =>
        [kind, entrypoint, resolutionKind, fileName, moduleSpecifier].filter(Boolean).join(' '),
      );
    expect(problems).toEqual([]);
    expect(attw.code, attw.stderr).toBe(0);

    expect(Object.keys(result.analysis.entrypoints)).toEqual(expect.arrayContaining(moduleEntries));
    for (const entry of moduleEntries) {
      for (const mode of ['bundler', 'node16-esm']) {
        const types = result.analysis.entrypoints[entry]!.resolutions[mode]?.resolution;
        expect(types?.fileName, `${entry} (${mode})`).toMatch(/\.d\.ts$/);
      }
    }
  }, 60_000);

  it('is publint clean: no error, warning or suggestion', async () => {
    const data = readFileSync(tarball);
    const { messages, pkg: packedJson } = await publint({
      pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) },
      level: 'suggestion',
      strict: true,
    });
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, packedJson) ?? message.code}`)).toEqual(
      [],
    );
  }, 30_000);
});

describe('what each way of using the package costs', () => {
  it('stays within every limit of .size-limit.js (`npm run size`)', async () => {
    const sizeLimit = await cli('size-limit/bin.js', ['--json']);
    const checks = JSON.parse(sizeLimit.stdout) as { name: string; passed: boolean; size: number; sizeLimit: number }[];
    expect(checks.length).toBeGreaterThanOrEqual(3);
    const over = checks
      .filter(({ passed }) => !passed)
      .map(({ name, size, sizeLimit: limit }) => `${name}: ${size} > ${limit}`);
    expect(over).toEqual([]);
  }, 60_000);

  it('bundles defineMaterialDownload and configure without graphql’s parser, and ships graphql as no dependency', async () => {
    const entry = 'virtual:consumer';
    const output = (await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [
        {
          name: 'consumer',
          resolveId: (id) => (id === entry ? id : undefined),
          load: (id) =>
            id === entry
              ? `import { defineMaterialDownload, configure } from '${join(root, 'dist/lib/index.js')}';\n` +
                'configure({ endpoint: "/graphql" });\ndefineMaterialDownload();\n'
              : undefined,
        },
      ],
      build: {
        write: false,
        minify: false,
        rolldownOptions: { input: entry, external: [/^react(-dom)?(\/|$)/] },
      },
    })) as Rolldown.RolldownOutput;
    const chunks = output.output.filter((chunk) => chunk.type === 'chunk');
    const modules = chunks.flatMap((chunk) => chunk.moduleIds);
    // The entry re-exports a chunk it shares with the React entry: the code comes from there.
    expect(modules.some((id) => id.includes('/dist/lib/chunks/'))).toBe(true);
    expect(modules.filter((id) => /[/\\]node_modules[/\\]graphql[/\\]/.test(id))).toEqual([]);
    // Messages of graphql's lexer and parser, which survive any bundler.
    const code = chunks.map((chunk) => chunk.code).join('\n');
    expect(code).not.toContain('Syntax Error');
    expect(code).not.toContain('Unexpected character');
    expect(Object.keys(pkg.dependencies ?? {})).not.toEqual(expect.arrayContaining(['graphql']));
    expect(Object.keys(pkg.dependencies ?? {})).not.toEqual(expect.arrayContaining(['graphql-request']));
  }, 60_000);
});
