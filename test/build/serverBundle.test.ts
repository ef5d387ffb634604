import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** `cm-material-download/server` as `npm run build` wrote it: what Node, Deno, Bun and edge runtimes load. */
const file = new URL('../../dist/lib/server.js', import.meta.url);
const code = readFileSync(file, 'utf8');

describe('dist/lib/server.js', () => {
  it('imports nothing: no React, no XState, no chunk shared with the element’s entries', () => {
    const imports = [...code.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm)].map(
      ([, from]) => from,
    );
    expect(imports).toEqual([]);
    expect(code).not.toMatch(/\bimport\s*\(|\brequire\s*\(/);
    for (const name of ['react', 'xstate', '@xstate']) expect(code).not.toContain(`"${name}`);
  });

  it('reads nothing of a page: no window, document, HTMLElement or localStorage', () => {
    // Comments may name them; the code may not.
    const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const pageNames = ['window', 'document', 'HTMLElement', 'localStorage', 'sessionStorage', 'customElements'];
    expect(pageNames.filter((name) => new RegExp(`\\b${name}\\b`).test(withoutComments))).toEqual([]);
  });

  it('exports resolveLinks and createLinkProxy, and loads in Node as it is', async () => {
    expect(code).toMatch(/^export\s*\{\s*createLinkProxy,\s*resolveLinks\s*\};?$/m);
    const server = (await import(/* @vite-ignore */ file.href)) as Record<string, unknown>;
    expect(Object.keys(server).sort()).toEqual(['createLinkProxy', 'resolveLinks']);
  });
});
