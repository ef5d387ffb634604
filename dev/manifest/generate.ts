// `npm run manifest`: writes custom-elements.json (from the element itself, see
// manifest.ts) and the README's attribute table (from `ATTRIBUTES`,
// src/machine/attributes.ts). test/ecosystem/manifest.test.ts and
// readme-attributes.test.ts fail when the committed files differ from what
// this produces.
import { readFileSync, writeFileSync } from 'node:fs';
import { withAttributesTable } from './attributesTable';
import { MANIFEST_FILE, manifestJson } from './manifest';

const readme = new URL('../../README.md', import.meta.url);

writeFileSync(MANIFEST_FILE, manifestJson());
writeFileSync(readme, withAttributesTable(readFileSync(readme, 'utf8')));
console.log('custom-elements.json and the attribute table in README.md written');
