// `npm run statechart`: writes the diagram into docs/statechart.md and the README.
import { readFileSync, writeFileSync } from 'node:fs';
import { statechartDoc, withDiagram } from './diagram';

const doc = new URL('../../docs/statechart.md', import.meta.url);
const readme = new URL('../../README.md', import.meta.url);

writeFileSync(doc, statechartDoc());
writeFileSync(readme, withDiagram(readFileSync(readme, 'utf8')));
console.log('statechart written to docs/statechart.md and README.md');
