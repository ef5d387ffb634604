// `npm run statechart`: writes the diagram into docs/statechart.md and CONTRIBUTING.md
// ("How the project is laid out").
import { readFileSync, writeFileSync } from 'node:fs';
import { statechartDoc, withDiagram } from './diagram';

const doc = new URL('../../docs/statechart.md', import.meta.url);
const contributing = new URL('../../CONTRIBUTING.md', import.meta.url);

writeFileSync(doc, statechartDoc());
writeFileSync(contributing, withDiagram(readFileSync(contributing, 'utf8')));
console.log('statechart written to docs/statechart.md and CONTRIBUTING.md');
