// @ts-check
// `npm run bench:readme`: the README's performance table again from bench/results.json, without
// measuring: for a change of the table's form.
import { readFileSync } from 'node:fs';
import { formatReadmeSummary } from './readme-summary.js';
import { writeReadmeTable } from './readme-table.js';

const results = JSON.parse(readFileSync(new URL('./results.json', import.meta.url), 'utf8'));
const wrote = writeReadmeTable(formatReadmeSummary(results));
console.log(wrote ? 'Wrote the README table.' : 'The README has no bench markers: nothing written.');
