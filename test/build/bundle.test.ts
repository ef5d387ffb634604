import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_DOCS } from '../../dev/manifest/attributes';
import { REASON_NAMES } from '../../src/machine/materialDownload.types';
import { REASONS } from '../../src/inspector/words';

/** What the customer's page downloads: checked on the files `npm run build` wrote. */
const read = (file: string) => readFileSync(new URL(`../../dist/${file}`, import.meta.url), 'utf8');

describe.each(['cm-material-download.js', 'cm-material-download.lite.js'])('dist/%s', (file) => {
  const code = read(file);

  it('has no graphql parser and no GraphQL client: the queries go out as strings, over fetch', () => {
    // Messages from graphql's lexer and from graphql-request, which survive minification.
    for (const marker of ['Syntax Error', 'Unexpected character', 'Invalid execution result', 'GraphQL Error (Code:'])
      expect(code).not.toContain(marker);
    expect(code).toContain('not a GraphQL result');
  });

  it('has no inspector or diagram code, and stays far below what mermaid alone would add', () => {
    for (const marker of ['@statelyai', 'partysocket', 'superjson', 'mermaid', 'stateDiagram'])
      expect(code).not.toContain(marker);
    // mermaid is over 500 KB gzip; the element's budget is 100 KB (React) and 36 KB (lite).
    expect(gzipSync(code).length).toBeLessThan(file.includes('lite') ? 36 * 1024 : 100 * 1024);
  });

  it("carries no documentation's prose: the attributes' docs and the reasons' words are for the manifest, the README and the inspector", () => {
    const prose = [
      ...Object.values(REASONS).flatMap(({ cause, fix }) => [cause, fix]),
      ...Object.values(ATTRIBUTE_DOCS),
    ];
    expect(prose.filter((sentence) => code.includes(sentence))).toEqual([]);
    // The reasons' names are there: the element says them.
    expect(REASON_NAMES.filter((reason) => !new RegExp(`[\`'"]${reason}[\`'"]`).test(code))).toEqual([]);
  });

  it('is one self-contained script: no import, no export, no global of its own', () => {
    expect(code).not.toMatch(/^import\s|^export\s/m);
    expect(code.replace(COMPILE_HINT_LINE, '').startsWith('(function(){')).toBe(true);
  });

  it('carries no debugging code: it loads the file beside it for that, and nothing else', () => {
    expect(DEBUG_MARKERS.filter((marker) => code.includes(marker))).toEqual([]);
    expect(code.match(/\bimport\s*\(/g)).toHaveLength(1);
    expect(code).toContain('./cm-material-download.debug.js');
  });
});

/** What only debugging needs: XState's internal field read, and the `debug` log's sentences. */
const DEBUG_MARKERS = ['._transitions', 'waiting for its inputs', 'expires in', 'refresh failed', 'ran out before'];

describe('dist/cm-material-download.debug.js', () => {
  const debug = read('cm-material-download.debug.js');

  it('carries the debugging code, as one module that imports nothing', () => {
    expect(DEBUG_MARKERS.filter((marker) => !debug.includes(marker))).toEqual([]);
    expect(debug).not.toMatch(/^import\s|\bimport\s*\(/m);
    expect(debug).toMatch(/export\s*\{[^}]*\bas debugging\b[^}]*\}/);
  });
});

/** V8 reads it only as a file's first line (dev/build.js says why the lite file has it). */
const COMPILE_HINT_LINE = '//# allFunctionsCalledOnLoad\n';

describe('the compile hint', () => {
  it('opens the lite file, which runs nearly all its functions on a first load', () => {
    expect(read('cm-material-download.lite.js').startsWith(COMPILE_HINT_LINE)).toBe(true);
  });

  it('is not in the React file, most of whose React DOM never runs on a page of links', () => {
    expect(read('cm-material-download.js')).not.toContain(COMPILE_HINT_LINE.trim());
  });
});

/** Strings only the inspector's code holds: its element's name, and a line of its diagram. */
const INSPECTOR_MARKERS = ['cm-material-download-inspector', 'from every state at rest'];

describe('dist/cm-material-download.inspector.js', () => {
  const inspector = read('cm-material-download.inspector.js');

  it.each(['cm-material-download.js', 'cm-material-download.lite.js', 'lib/index.js', 'lib/chunks/reactBinding.js'])(
    'is not in dist/%s: the element carries only the channel the inspector meets it on',
    (file) => {
      expect(inspector).toContain(INSPECTOR_MARKERS[0]);
      expect(inspector).toContain(INSPECTOR_MARKERS[1]);
      for (const marker of INSPECTOR_MARKERS) expect(read(file)).not.toContain(marker);
    },
  );

  it('holds no copy of the element: no transport, no React, no Preact', () => {
    for (const marker of ['GetMaterialDownloadLink', 'apollographql-client-name', 'react-dom', 'preact'])
      expect(inspector).not.toContain(marker);
    expect(inspector).toContain('cm-material-download.inspection');
  });

  it('is one self-contained script, and small', () => {
    expect(inspector).not.toMatch(/^import\s|\bimport\s*\(|^export\s/m);
    expect(inspector.startsWith('(function(){')).toBe(true);
    expect(gzipSync(inspector).length).toBeLessThan(30 * 1024);
  });
});

describe('the lite build', () => {
  it('carries neither React nor Preact: its anchors follow their actors directly', () => {
    const lite = read('cm-material-download.lite.js');
    for (const marker of ['react-dom', 'preact', '__reactFiber']) expect(lite).not.toContain(marker);
    expect(read('cm-material-download.js')).toContain('react-dom');
    expect(read('cm-material-download.js').length).toBeGreaterThan(lite.length * 3);
  });
});

describe('the lite library entry (dist/lib/lite)', () => {
  const entry = read('lib/lite/index.js');

  it('imports nothing but XState, and loads nothing later but the debugging code: no React, no Preact', () => {
    // Its own code it may share with the debugging chunk: a chunk of both.
    const imported = [...entry.matchAll(/^import\s[^'"]*["']([^'"]+)["']/gm)].map((match) => match[1]);
    expect(imported.filter((specifier) => !specifier?.startsWith('./chunks/'))).toEqual(['xstate']);
    const loaded = [...entry.matchAll(/\bimport\s*\(\s*["']([^'"]+)["']/g)].map((match) => match[1]);
    expect(loaded).toEqual(['./chunks/debugging.js']);
    expect(entry.match(/\bimport\s*\(/g)).toHaveLength(1);
    expect(entry).not.toMatch(/\brequire\(/);
    for (const marker of ['react', 'preact']) expect(entry).not.toMatch(new RegExp(`from ["']${marker}`));
  });
});
