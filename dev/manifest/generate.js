// @ts-check
// `npm run manifest`: writes custom-elements.json from the documented
// declaration in element.ts. test/ecosystem/manifest.test.ts fails when the
// committed file differs from what this produces.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as analyzerModule from '@custom-elements-manifest/analyzer';

/**
 * The analyzer's own typings leave out its two runtime exports; these are the parts used here.
 * @typedef {{ name: string, description?: string, default?: string, fieldName?: string }} Attribute
 * @typedef {{ text: string }} Type
 * @typedef {{ kind: string, name: string, static?: boolean, description?: string, type?: Type, attribute?: string,
 *   reflects?: boolean, default?: string, parameters?: { type?: Type }[], return?: { type?: Type } }} Member
 * @typedef {{ kind: string, name: string, tagName?: string, members?: Member[], attributes?: Attribute[] }} Declaration
 * @typedef {{ path: string, declarations?: Declaration[], exports?: object[] }} Module
 * @typedef {{ name: string, packageLinkPhase(params: { customElementsManifest: { modules: Module[] } }): void }} Plugin
 * @typedef {{ create(options: { modules: import('typescript').SourceFile[], plugins?: Plugin[] }): { modules: Module[] },
 *   ts: typeof import('typescript') }} Analyzer
 */
const { create, ts } = /** @type {Analyzer} */ (/** @type {unknown} */ (analyzerModule));

const SOURCE = 'dev/manifest/element.ts';
/** Where the element really lives for a customer: the file that defines it. */
const MODULE = 'dist/cm-material-download.js';
export const MANIFEST_FILE = fileURLToPath(new URL('../../custom-elements.json', import.meta.url));

const kebab = (/** @type {string} */ name) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const oneLine = (/** @type {string} */ text) => text.replace(/\s+/g, ' ').trim();

/**
 * The declaration is only a stand-in: point the module at the built file,
 * export the tag rather than a class the IIFE never exports, and link each
 * property to its attribute so tools know they are one input.
 * @type {Plugin}
 */
const describeTheRealElement = {
  name: 'cm-material-download: the real element',
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      module.path = MODULE;
      for (const declaration of module.declarations ?? []) {
        if (declaration.kind !== 'class' || !declaration.tagName) continue;
        for (const member of declaration.members ?? []) {
          // Optional properties read as `T | undefined`, multi-line types keep their line breaks: tidy both.
          if (member.type) member.type.text = oneLine(member.type.text.replace(/ \| undefined$/, ''));
          for (const parameter of member.parameters ?? [])
            if (parameter.type) parameter.type.text = oneLine(parameter.type.text);
          if (member.return?.type) member.return.type.text = oneLine(member.return.type.text);
          if (member.kind !== 'field' || member.static) continue;
          const attribute = declaration.attributes?.find((candidate) => candidate.name === kebab(member.name));
          if (!attribute) continue;
          attribute.fieldName = member.name;
          member.attribute = attribute.name;
          member.reflects = true;
          member.description ??= attribute.description;
          if (attribute.default !== undefined) member.default = `'${attribute.default}'`;
        }
        module.exports = [
          {
            kind: 'custom-element-definition',
            name: declaration.tagName,
            declaration: { name: declaration.name, module: MODULE },
          },
        ];
      }
    }
  },
};

/** The manifest as it should be committed. */
export function manifestJson() {
  const path = fileURLToPath(new URL(`../../${SOURCE}`, import.meta.url));
  const source = ts.createSourceFile(SOURCE, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const manifest = create({ modules: [source], plugins: [describeTheRealElement] });
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(MANIFEST_FILE, manifestJson());
  console.log('custom-elements.json written');
}
