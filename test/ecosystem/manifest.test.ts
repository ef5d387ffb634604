import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MANIFEST_FILE, manifestJson, type Manifest } from '../../dev/manifest/manifest';
import { DEFAULT_TAG_NAME } from '../../src/element/defineMaterialDownload';
import { LINK_CHANGE_EVENT } from '../../src/element/dom';
import { ATTRIBUTES, INPUT_NAMES } from '../../src/machine/attributes';
import { MATERIAL_DOWNLOAD_STATES, materialDownloadMachine } from '../../src/machine/materialDownload.machine';

/**
 * custom-elements.json is written from `ATTRIBUTES` and a hand-documented
 * declaration (the real class comes from a factory the analyzer cannot
 * follow), so it is held here to the code: every input with its attribute,
 * values, default and doc, the event and the states.
 */
const committed = readFileSync(MANIFEST_FILE, 'utf8');
const manifest = JSON.parse(committed) as Manifest;
const [module] = manifest.modules;
const element = module!.declarations!.find((declaration) => declaration.tagName)!;
const { attributes = [], members = [], events = [], slots = [] } = element;
const union = (values: readonly string[]) => values.map((value) => `'${value}'`).join(' | ');

describe('custom-elements.json', () => {
  it('is what `npm run manifest` writes now (run it after changing src/machine/attributes.ts or dev/manifest/)', () => {
    expect(committed).toBe(manifestJson());
  });

  it('defines the tag in the self-registering file', () => {
    expect(element.tagName).toBe(DEFAULT_TAG_NAME);
    expect(module!.path).toBe('dist/cm-material-download.js');
    expect(module!.exports).toContainEqual(
      expect.objectContaining({ kind: 'custom-element-definition', name: DEFAULT_TAG_NAME }),
    );
  });

  it('lists exactly the attributes the element observes, plus debug', () => {
    const observed = INPUT_NAMES.map((name) => ATTRIBUTES[name].attribute);
    expect(attributes.map(({ name }) => name)).toEqual([...observed, 'debug']);
  });

  it('lists each input as a property linked to its attribute, both ways', () => {
    const fields = members.filter((member) => member.kind === 'field' && !member.static);
    expect(fields.map(({ name }) => name)).toEqual(INPUT_NAMES);
    for (const field of fields) {
      const { attribute } = ATTRIBUTES[field.name as keyof typeof ATTRIBUTES];
      expect(field.attribute, field.name).toBe(attribute);
      expect(attributes.find(({ name }) => name === attribute)?.fieldName, field.name).toBe(field.name);
    }
  });

  it('gives each input the values, default and doc of the attribute table, saying which are required', () => {
    for (const name of INPUT_NAMES) {
      const { attribute, values, default: fallback, required, doc } = ATTRIBUTES[name];
      const type = values ? union(Object.keys(values)) : 'string';
      const declared = attributes.find((candidate) => candidate.name === attribute)!;
      const field = members.find((member) => member.name === name)!;
      expect(declared.type?.text, name).toBe(type);
      expect(field.type?.text, name).toBe(type);
      expect(declared.default, name).toBe(fallback ?? undefined);
      expect(field.default, name).toBe(fallback === null ? undefined : `'${fallback}'`);
      for (const { description } of [declared, field]) {
        expect(description, name).toContain(doc);
        expect(description?.endsWith('Required.'), name).toBe(required);
      }
    }
  });

  it('names the event the element dispatches, with its detail', () => {
    expect(events.map(({ name }) => name)).toEqual([LINK_CHANGE_EVENT]);
    expect(events[0]!.type?.text).toMatch(
      /state: 'enabled' \| 'disabled', href: string \| null, error: string \| null/,
    );
  });

  it('lists every data-state value: each state of the machine the host can show', () => {
    const shown = MATERIAL_DOWNLOAD_STATES.filter(
      (state) => materialDownloadMachine.root.states[state]!.type !== 'final',
    );
    const listed = [...element.description!.matchAll(/^- `([a-z]+)`:/gm)].map(([, name]) => name);
    expect(element.description).toContain('data-state');
    expect(listed.sort()).toEqual(shown.sort());
  });

  it('has one default slot, for the anchor', () => {
    expect(slots).toEqual([expect.objectContaining({ name: '' })]);
  });

  it('documents every attribute, property, event and slot', () => {
    const documented = [...attributes, ...members, ...events, ...slots];
    const bare = documented
      .filter(({ description }) => !description?.trim())
      .map(({ name }) => name || '(default slot)');
    expect(bare).toEqual([]);
  });

  it('is where package.json says', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      customElements?: string;
    };
    expect(pkg.customElements).toBe('custom-elements.json');
  });
});
