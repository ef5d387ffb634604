// @ts-check
// `npm run bench:doc`: the customer tables of docs/performance.md again from bench/results.json, without
// measuring: for a change of the table's form.
import { readFileSync } from 'node:fs';
import { formatCustomerSummary } from './customer-summary.js';
import { writePerformanceTable } from './performance-table.js';

const results = JSON.parse(readFileSync(new URL('./results.json', import.meta.url), 'utf8'));
const wrote = writePerformanceTable(formatCustomerSummary(results));
console.log(
  wrote ? 'Wrote the tables in docs/performance.md.' : 'docs/performance.md has no bench markers: nothing written.',
);
