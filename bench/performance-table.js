// @ts-check
// Others edit docs/performance.md while the bench runs: read it right before writing,
// and touch nothing outside the markers.
import { readFileSync, writeFileSync } from 'node:fs';

const DOC = new URL('../docs/performance.md', import.meta.url);
const START = '<!-- bench:start (written by `npm run bench`) -->';
const END = '<!-- bench:end -->';

/** @param {string} markdown @returns {boolean} whether docs/performance.md had the markers */
export function writePerformanceTable(markdown) {
  const text = readFileSync(DOC, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END, start + START.length);
  if (start < 0 || end < 0) return false;
  writeFileSync(DOC, `${text.slice(0, start + START.length)}\n${markdown.trim()}\n${text.slice(end)}`);
  return true;
}
