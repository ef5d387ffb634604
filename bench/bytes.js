// @ts-check
// Where a shipped file's bytes go: each byte of the minified file is charged,
// through the file's source map, to the package or the folder of src/ it came
// from. What no source claims is the bundle's own: its wrapper and the
// bundler's module runtime.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { TraceMap, decodedMappings } from '@jridgewell/trace-mapping';
import { groupOf, isOurs } from './sources.js';

export const NO_SOURCE = "(the bundle's wrapper and runtime)";

/** How bytesOf counts, as bench/results.json says it. */
export const BYTES_SETTINGS = {
  minified:
    "each byte of the shipped minified file (Vite with Rolldown, dev/build.js; built with hidden source maps, which leave the file's bytes as they are) charged through its source map to the package (node_modules) or the folder of src/ it was minified from; a line's text before its first mapping goes with the line before (a template literal spans lines); text no source claims (the IIFE wrapper, the bundler's module runtime) is the bundle's own",
  gzip: "each part's text compressed on its own at level 9: what the part would weigh alone; the parts add up to more than the whole file's gzip, which shares one dictionary across parts",
  ours: 'every part of src/, concatenated and compressed together: our own code alone',
};

/**
 * @typedef {object} Part
 * @property {string} name a package (`react-dom`), a folder of ours (`src/api`), or NO_SOURCE
 * @property {'package' | 'ours' | 'bundle'} kind
 * @property {number} minified bytes of the minified file
 * @property {number} gzip the same bytes gzip-compressed on their own (level 9)
 *
 * @typedef {object} FileBytes
 * @property {number} minified the whole file
 * @property {number} gzip the whole file (level 9)
 * @property {{ minified: number, gzip: number }} ours every part of src/, compressed together
 * @property {Part[]} parts largest first
 */

const gzipOf = (/** @type {string} */ text) => gzipSync(text, { level: 9 }).length;

/**
 * The file's text by the source each piece was minified from. A line's text
 * before its first mapping continues the previous line's source (a query's
 * template literal spans lines).
 * @param {string} code
 * @param {TraceMap} map
 * @returns {Map<string | null, string>} null for text no source claims
 */
function textBySource(code, map) {
  /** @type {Map<string | null, string[]>} */
  const pieces = new Map();
  const add = (/** @type {string | null} */ source, /** @type {string} */ text) =>
    pieces.set(source, [...(pieces.get(source) ?? []), text]);
  const mappings = decodedMappings(map);
  /** @type {string | null} */
  let source = null;
  const lines = code.split('\n');
  lines.forEach((line, index) => {
    let column = 0;
    for (const segment of mappings[index] ?? []) {
      add(source, line.slice(column, segment[0]));
      column = segment[0];
      source = segment.length > 1 ? (map.sources[/** @type {number} */ (segment[1])] ?? null) : null;
    }
    add(source, index < lines.length - 1 ? `${line.slice(column)}\n` : line.slice(column));
  });
  return new Map([...pieces].map(([key, texts]) => [key, texts.join('')]));
}

/**
 * @param {string} path a minified file with its source map at `${path}.map`
 * @returns {FileBytes}
 */
export function bytesOf(path) {
  const code = readFileSync(path, 'utf8');
  const map = new TraceMap(readFileSync(`${path}.map`, 'utf8'));
  /** @type {Map<string, string>} */
  const byPart = new Map();
  for (const [source, text] of textBySource(code, map)) {
    const name = source === null ? NO_SOURCE : groupOf(source, { byFolder: true });
    byPart.set(name, (byPart.get(name) ?? '') + text);
  }
  /** @type {Part[]} */
  const parts = [...byPart].map(([name, text]) => ({
    name,
    kind: name === NO_SOURCE ? 'bundle' : isOurs(name) ? 'ours' : 'package',
    minified: Buffer.byteLength(text),
    gzip: gzipOf(text),
  }));
  const ours = parts
    .filter((part) => part.kind === 'ours')
    .map((part) => /** @type {string} */ (byPart.get(part.name)));
  return {
    minified: Buffer.byteLength(code),
    gzip: gzipOf(code),
    ours: { minified: Buffer.byteLength(ours.join('')), gzip: gzipOf(ours.join('')) },
    parts: parts.sort((a, b) => b.minified - a.minified),
  };
}
