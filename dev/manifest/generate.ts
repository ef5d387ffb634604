// `npm run manifest`: writes custom-elements.json (from the element itself, see
// manifest.ts), the README's attribute table (from `ATTRIBUTES`,
// src/machine/attributes.ts) and its reasons table (from `REASONS`,
// src/inspector/words.ts). test/ecosystem/manifest.test.ts,
// readme-attributes.test.ts and troubleshooting.test.ts fail when the
// committed files differ from what this produces.
import { readFileSync, writeFileSync } from 'node:fs';
import { withAttributesTable } from './attributesTable';
import { MANIFEST_FILE, manifestJson } from './manifest';
import { withReasonsTable } from './reasonsTable';

const readme = new URL('../../README.md', import.meta.url);

writeFileSync(MANIFEST_FILE, manifestJson());
writeFileSync(readme, withReasonsTable(withAttributesTable(readFileSync(readme, 'utf8'))));
console.log('custom-elements.json and the attribute and reasons tables in README.md written');
