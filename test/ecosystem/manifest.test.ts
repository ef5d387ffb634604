import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MANIFEST_FILE, manifestJson } from '../../dev/manifest/generate.js';
import { DEFAULT_TAG_NAME } from '../../src/element/defineMaterialDownload';
import { LINK_CHANGE_EVENT } from '../../src/element/dom';
import { INPUT_NAMES } from '../../src/element/useSyncedInputs';
import { materialDownloadMachine } from '../../src/machine/materialDownload.machine';
import {
  DEFAULT_DIMENSIONS,
  DEFAULT_FILE_TYPE,
  DEFAULT_LOADING,
  DEFAULT_RESOLUTION,
  DIMENSIONS,
  DOWNLOAD_TYPES,
  FILE_TYPES,
  LOADING_MODES,
  RESOLUTIONS,
} from '../../src/machine/options';

/**
 * custom-elements.json is written from a hand-documented declaration (the
 * real class comes from a factory the analyzer cannot follow), so it is held
 * here to the code: names, value tables, defaults, the event and the states.
 */
interface Documented {
  name: string;
  description?: string;
  type?: { text: string };
  default?: string;
}
interface Field extends Documented {
  kind: string;
  static?: boolean;
  attribute?: string;
}
interface Element extends Documented {
  tagName: string;
  attributes: (Documented & { fieldName?: string })[];
  members: Field[];
  events: Documented[];
  slots: Documented[];
}

const committed = readFileSync(MANIFEST_FILE, 'utf8');
const manifest = JSON.parse(committed) as {
  modules: { path: string; declarations: Element[]; exports: { kind: string; name: string }[] }[];
};
const [module] = manifest.modules;
const element = module!.declarations.find((declaration) => declaration.tagName)!;
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const attribute = (name: string) => element.attributes.find((candidate) => candidate.name === name)!;
const union = (values: readonly string[]) => values.map((value) => `'${value}'`).join(' | ');

describe('custom-elements.json', () => {
  it('is what `npm run manifest` writes now (run it after changing dev/manifest/element.ts)', () => {
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
    const expected = [...INPUT_NAMES.map(kebab), 'debug'];
    expect(element.attributes.map(({ name }) => name).sort()).toEqual(expected.sort());
  });

  it('lists each input as a property linked to its attribute', () => {
    const fields = element.members.filter((member) => member.kind === 'field' && !member.static);
    expect(fields.map(({ name }) => name).sort()).toEqual([...INPUT_NAMES].sort());
    for (const field of fields) expect(field.attribute, field.name).toBe(kebab(field.name));
  });

  it('gives each enumerated attribute the values and default validation uses', () => {
    const tables = {
      type: [DOWNLOAD_TYPES, undefined],
      dimensions: [Object.keys(DIMENSIONS), DEFAULT_DIMENSIONS],
      resolution: [Object.keys(RESOLUTIONS), DEFAULT_RESOLUTION],
      'file-type': [Object.keys(FILE_TYPES), DEFAULT_FILE_TYPE],
      loading: [LOADING_MODES, DEFAULT_LOADING],
    } as const;
    for (const [name, [values, fallback]] of Object.entries(tables)) {
      expect(attribute(name).type?.text, name).toBe(union(values));
      expect(attribute(name).default, name).toBe(fallback);
      const field = element.members.find((member) => member.attribute === name)!;
      expect(field.type?.text, name).toBe(union(values));
    }
  });

  it('names the event the element dispatches, with its detail', () => {
    expect(element.events.map(({ name }) => name)).toEqual([LINK_CHANGE_EVENT]);
    expect(element.events[0]!.type?.text).toMatch(
      /state: 'enabled' \| 'disabled', href: string \| null, error: string \| null/,
    );
  });

  it('lists every data-state value: each state of the machine the host can show', () => {
    const shown = Object.entries(materialDownloadMachine.root.states)
      .filter(([, node]) => node.type !== 'final')
      .map(([name]) => name);
    const listed = [...element.description!.matchAll(/^- `([a-z]+)`:/gm)].map(([, name]) => name);
    expect(element.description).toContain('data-state');
    expect(listed.sort()).toEqual(shown.sort());
  });

  it('has one default slot, for the anchor', () => {
    expect(element.slots).toEqual([expect.objectContaining({ name: '' })]);
  });

  it('documents every attribute, property, event and slot', () => {
    const documented = [...element.attributes, ...element.members, ...element.events, ...element.slots];
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
