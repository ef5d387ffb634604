// @ts-check
// Others edit the README while the bench runs: read it right before writing,
// and touch nothing outside the markers.
import { readFileSync, writeFileSync } from 'node:fs';

const README = new URL('../README.md', import.meta.url);
const START = '<!-- bench:start (written by `npm run bench`) -->';
const END = '<!-- bench:end -->';

/** @param {string} markdown @returns {boolean} whether the README had the markers */
export function writeReadmeTable(markdown) {
  const text = readFileSync(README, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END, start + START.length);
  if (start < 0 || end < 0) return false;
  writeFileSync(README, `${text.slice(0, start + START.length)}\n${markdown.trim()}\n${text.slice(end)}`);
  return true;
}
