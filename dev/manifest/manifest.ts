import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as analyzerModule from '@custom-elements-manifest/analyzer';
import { ATTRIBUTES, INPUT_NAMES, type InputName } from '../../src/machine/attributes';

/**
 * custom-elements.json: the analyzer reads what is said once about the whole
 * element (description, states, `debug`, the event, the slot, the statics)
 * from element.ts; every input, an attribute and the property that mirrors
 * it, comes from `ATTRIBUTES`.
 */

/** The parts of the manifest written or read here; custom-elements-manifest's own typings lag behind the schema. */
interface Documented {
  name: string;
  description?: string;
  type?: { text: string };
  default?: string;
}
export interface ManifestAttribute extends Documented {
  fieldName?: string;
}
export interface ManifestMember extends Documented {
  kind: 'field' | 'method';
  static?: boolean;
  attribute?: string;
  reflects?: boolean;
  parameters?: { type?: { text: string } }[];
  return?: { type?: { text: string } };
}
export interface ManifestElement extends Documented {
  kind: string;
  tagName?: string;
  members?: ManifestMember[];
  attributes?: ManifestAttribute[];
  events?: Documented[];
  slots?: Documented[];
}
export interface Manifest {
  modules: { kind: string; path: string; declarations?: ManifestElement[]; exports?: object[] }[];
}

interface Plugin {
  name: string;
  packageLinkPhase(params: { customElementsManifest: Manifest }): void;
}
/** The analyzer's typings leave out its two runtime exports. */
interface Analyzer {
  create: (options: { modules: import('typescript').SourceFile[]; plugins?: Plugin[] }) => Manifest;
  ts: typeof import('typescript');
}
const { create, ts } = analyzerModule as unknown as Analyzer;

const SOURCE = 'dev/manifest/element.ts';
/** Where the element really lives for a customer: the file that defines it. */
const MODULE = 'dist/cm-material-download.js';
export const MANIFEST_FILE = fileURLToPath(new URL('../../custom-elements.json', import.meta.url));

const union = (values: readonly string[]) => values.map((value) => `'${value}'`).join(' | ');

/** The attribute's values as a union of string literals, or `string` for free text. */
function typeText(name: InputName): string {
  const { values } = ATTRIBUTES[name];
  return values ? union(Object.keys(values)) : 'string';
}

function description(name: InputName): string {
  const { doc, required } = ATTRIBUTES[name];
  return required ? `${doc} Required.` : doc;
}

// Keys in the order the analyzer writes its own, so every entry reads alike.
function inputAttribute(name: InputName): ManifestAttribute {
  const { attribute, default: fallback } = ATTRIBUTES[name];
  const defaulted = fallback === null ? {} : { default: fallback };
  return {
    type: { text: typeText(name) },
    description: description(name),
    name: attribute,
    ...defaulted,
    fieldName: name,
  };
}

/** The property mirrors its attribute: setting one sets the other. */
function inputProperty(name: InputName): ManifestMember {
  const { attribute, default: fallback } = ATTRIBUTES[name];
  const defaulted = fallback === null ? {} : { default: `'${fallback}'` };
  const type = { text: typeText(name) };
  return { kind: 'field', name, type, attribute, reflects: true, description: description(name), ...defaulted };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The declaration is only a stand-in: give it the inputs, point the module at
 * the built file, and export the tag rather than a class the IIFE never exports.
 */
const describeTheRealElement: Plugin = {
  name: 'cm-material-download: the real element',
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      module.path = MODULE;
      for (const declaration of module.declarations ?? []) {
        if (declaration.kind !== 'class' || !declaration.tagName) continue;
        declaration.members = [...INPUT_NAMES.map(inputProperty), ...(declaration.members ?? [])];
        declaration.attributes = [...INPUT_NAMES.map(inputAttribute), ...(declaration.attributes ?? [])];
        // Multi-line signatures keep their line breaks: tidy them.
        for (const member of declaration.members) {
          for (const parameter of member.parameters ?? [])
            if (parameter.type) parameter.type.text = oneLine(parameter.type.text);
          if (member.return?.type) member.return.type.text = oneLine(member.return.type.text);
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
export function manifestJson(): string {
  const path = fileURLToPath(new URL(`../../${SOURCE}`, import.meta.url));
  const source = ts.createSourceFile(SOURCE, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const manifest = create({ modules: [source], plugins: [describeTheRealElement] });
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
