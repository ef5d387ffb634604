import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { dispatchedEvents } from '../../dev/manifest/dispatchedEvents';
import { theLibrary } from '../../dev/manifest/library';
import { MANIFEST_FILE, manifestJson } from '../../dev/manifest/manifest';
import { realElement } from '../../dev/manifest/realElement';
import type { Manifest } from '../../dev/manifest/schema';
import { LINK_CHANGE_EVENT } from '../../src/index';
import { ATTRIBUTE_DOCS } from '../../dev/manifest/attributes';
import { ATTRIBUTES, INPUT_NAMES } from '../../src/machine/attributes';
import { MATERIAL_DOWNLOAD_STATES, materialDownloadMachine } from '../../src/machine/materialDownload.machine';
import { SHOWN_AS } from '../../src/machine/connect';

/**
 * custom-elements.json against the element as it runs: the class
 * `defineMaterialDownload()` registers (in Node, on a stand-in base; see
 * realElement.ts), what its `configure` acts on, what its code dispatches.
 * The generator reads the same things, so each check here also catches a
 * committed file that was not regenerated.
 */
const committed = readFileSync(MANIFEST_FILE, 'utf8');
const manifest = JSON.parse(committed) as Manifest;
const [module] = manifest.modules;
const element = module!.declarations.find((declaration) => declaration.tagName)!;
const { attributes = [], members = [], events = [], slots = [] } = element;
const real = realElement();
const statics = members.filter((member) => member.static);
const configure = statics.find((member) => member.name === 'configure');
const [options] = configure?.parameters ?? [];
const union = (values: readonly string[]) => values.map((value) => `'${value}'`).join(' | ');
const sorted = (names: Iterable<string>) => [...names].sort();

/**
 * What `configure` acts on: every option it reads off what it is given, and
 * every setting it holds (it returns them), nested ones as `batch.max`.
 */
function optionsConfigureTakes(): string[] {
  const read = new Set<string>();
  const recorder = new Proxy(
    {},
    {
      get: (_, key) => {
        if (typeof key === 'string') read.add(key);
        return undefined;
      },
    },
  );
  const held = real.element.configure(recorder);
  for (const [name, value] of Object.entries(held)) {
    read.add(name);
    if (value && typeof value === 'object') for (const field of Object.keys(value)) read.add(`${name}.${field}`);
  }
  return sorted(read);
}

/** `{ a?: T; b?: false | { c?: U } }` → `a`, `b`, `b.c`: the fields an object type's text spells out, a hook's parameters aside. */
function fieldPaths(typeText: string): string[] {
  const paths: string[] = [];
  const objects: string[] = [];
  let path = '';
  let parentheses = 0;
  for (const [, bracket, name] of typeText.matchAll(/([{}()])|(\w+)\??:/g)) {
    if (bracket === '(') parentheses += 1;
    else if (bracket === ')') parentheses -= 1;
    else if (bracket === '{') objects.push(path);
    else if (bracket === '}') objects.pop();
    else if (parentheses === 0) {
      const parent = objects.at(-1);
      path = parent ? `${parent}.${name}` : name!;
      paths.push(path);
    }
  }
  return paths;
}

/** `(event: InspectionEvent, …)`: the hook's parameters as `ElementConfigureOptions` types them. */
function inspectHookParameters(): string {
  const { checker, exported } = theLibrary();
  const optionsType = checker.getDeclaredTypeOfSymbol(exported('ElementConfigureOptions'));
  const hook = checker.getNonNullableType(checker.getTypeOfSymbol(checker.getPropertyOfType(optionsType, 'inspect')!));
  const [signature] = hook.getCallSignatures();
  const parameters = signature!.getParameters().map((parameter) => {
    const type = checker.typeToString(checker.getTypeOfSymbol(parameter), undefined, ts.TypeFormatFlags.NoTruncation);
    return `${parameter.name}: ${type}`;
  });
  return `(${parameters.join(', ')})`;
}

describe('custom-elements.json', () => {
  // The compiler reads the library first: seconds, more on a busy machine.
  it(
    'is what `npm run manifest` writes now (run it after changing the element, its types or dev/manifest/)',
    {
      timeout: 120_000,
    },
    () => {
      expect(committed).toBe(manifestJson());
    },
  );

  it('defines the tag the element registers under, in the self-registering file the package exports', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, string | { default?: string }>;
    };
    const exported = Object.values(pkg.exports).map((target) => (typeof target === 'string' ? target : target.default));
    expect(element.tagName).toBe(real.tagName);
    expect(exported).toContain(`./${module!.path}`);
    expect(module!.exports).toContainEqual(
      expect.objectContaining({ kind: 'custom-element-definition', name: real.tagName }),
    );
  });

  it("lists exactly the attributes the class observes, each input's linked to its property", () => {
    expect(sorted(attributes.map(({ name }) => name))).toEqual(sorted(real.observedAttributes));
    for (const name of INPUT_NAMES) {
      const declared = attributes.find((attribute) => attribute.name === ATTRIBUTES[name].attribute);
      expect(declared?.fieldName, name).toBe(name);
    }
  });

  it("lists exactly the properties on the class's prototype, each linked to its attribute", () => {
    const fields = members.filter((member) => member.kind === 'field' && !member.static);
    expect(sorted(fields.map(({ name }) => name))).toEqual(sorted(real.properties));
    for (const field of fields)
      expect(field.attribute, field.name).toBe(ATTRIBUTES[field.name as keyof typeof ATTRIBUTES].attribute);
  });

  it('gives each input the values, default and doc of the attribute table, saying which are required', () => {
    for (const name of INPUT_NAMES) {
      const { attribute, values, default: fallback, required } = ATTRIBUTES[name];
      const doc = ATTRIBUTE_DOCS[name];
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

  it("lists exactly the class's own statics", () => {
    expect(sorted(statics.map(({ name }) => name))).toEqual(sorted(real.statics));
  });

  it('types and describes every option `configure` acts on, nested ones too, and no other', () => {
    const described = [...(options?.description ?? '').matchAll(/^ *- `([\w.]+)`:/gm)].map(([, path]) => path!);
    expect(sorted(fieldPaths(options?.type?.text ?? ''))).toEqual(optionsConfigureTakes());
    expect(sorted(described)).toEqual(optionsConfigureTakes());
  });

  it('gives the inspect hook every parameter the library calls it with', () => {
    expect(options?.type?.text).toContain(`inspect?: (${inspectHookParameters()} => void) | null`);
  });

  it('lists exactly the events the code dispatches, each with the fields of its detail', () => {
    const { checker } = theLibrary();
    const dispatched = dispatchedEvents(theLibrary());
    expect(dispatched.map(({ name }) => name)).toContain(LINK_CHANGE_EVENT);
    expect(sorted(events.map(({ name }) => name))).toEqual(sorted(new Set(dispatched.map(({ name }) => name))));
    for (const { name, detail } of dispatched) {
      const fields = detail ? checker.getPropertiesOfType(detail).map((field) => field.name) : [];
      const listed = events.find((event) => event.name === name)?.type?.text ?? '';
      expect(sorted(fieldPaths(listed)), name).toEqual(sorted(fields));
    }
  });

  it('lists every data-state value: each state of the machine the host can show', () => {
    const shown = MATERIAL_DOWNLOAD_STATES.filter(
      (state) => materialDownloadMachine.root.states[state]!.type !== 'final' && !SHOWN_AS[state],
    );
    const listed = [...element.description!.matchAll(/^- `([a-z]+)`:/gm)].map(([, name]) => name!);
    expect(element.description).toContain('data-state');
    expect(sorted(listed)).toEqual(sorted(shown));
  });

  it('has one default slot, for the anchor', () => {
    expect(slots).toEqual([expect.objectContaining({ name: '' })]);
  });

  it('documents every attribute, property, static, parameter, event and slot', () => {
    const parameters = members.flatMap((member) => member.parameters ?? []);
    const documented = [...attributes, ...members, ...parameters, ...events, ...slots];
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
