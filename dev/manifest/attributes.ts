import { ATTRIBUTES, INPUT_NAMES, type InputName } from '../../src/machine/attributes';
import type { Library } from './library';
import type { ManifestAttribute, ManifestMember } from './schema';
import { docOf, isOptional, typeText } from './typeText';

/**
 * The element's attributes and properties: each input as `ATTRIBUTES` declares
 * it, each other attribute as `MaterialDownloadAttributes` (the typings of the
 * tag's attributes) types and documents it.
 */

/** What each input is for, for the manifest and the README: no bundle carries these words. */
export const ATTRIBUTE_DOCS = {
  organizationId: "The provider's organization id.",
  articleId: "The material's article number.",
  type: 'Which file: the PBR package, a thumbnail (needs `dimensions`) or the tileable image.',
  dimensions: 'Thumbnail size; only for `type="thumbnail"`, which needs one. `none` leaves it out of the request.',
  resolution: 'Resolution of the file; `none` leaves it out of the request.',
  fileType: 'File format; `none` leaves it out of the request.',
  endpoint:
    "Absolute URL of the provider's `/graphql`. Without it: `configure({ endpoint })`, else the build-time default, else `/graphql`.",
  loading: '`eager` fetches at once, `lazy` once the element comes within 200 px of the viewport.',
} as const satisfies Record<InputName, string>;

const union = (values: readonly string[]) => values.map((value) => `'${value}'`).join(' | ');

/** The input's values as a union of string literals, or `string` for free text. */
function inputType(name: InputName): { text: string } {
  const { values } = ATTRIBUTES[name];
  return { text: values ? union(Object.keys(values)) : 'string' };
}

function inputDescription(name: InputName): string {
  const { required } = ATTRIBUTES[name];
  const doc = ATTRIBUTE_DOCS[name];
  return required ? `${doc} Required.` : doc;
}

const inputOf = (attribute: string) => INPUT_NAMES.find((name) => ATTRIBUTES[name].attribute === attribute);

function otherAttribute(library: Library, attribute: string): ManifestAttribute {
  const { checker } = library;
  const typings = checker.getDeclaredTypeOfSymbol(library.exported('MaterialDownloadAttributes'));
  const property = checker.getPropertyOfType(typings, attribute);
  const description = property && docOf(library, property);
  if (!property || !description)
    throw new Error(`The element observes \`${attribute}\`: declare and document it in MaterialDownloadAttributes`);
  const type = { text: typeText(library, checker.getTypeOfSymbol(property), isOptional(property)) };
  return { name: attribute, type, description };
}

/** `observed`: the class's `observedAttributes`, in its order. */
export function manifestAttributes(library: Library, observed: readonly string[]): ManifestAttribute[] {
  return observed.map((attribute) => {
    const name = inputOf(attribute);
    if (!name) return otherAttribute(library, attribute);
    const fallback = ATTRIBUTES[name].default;
    const defaulted = fallback === null ? {} : { default: fallback };
    return {
      name: attribute,
      type: inputType(name),
      description: inputDescription(name),
      ...defaulted,
      fieldName: name,
    };
  });
}

/** `properties`: the accessors on the class's prototype. Each mirrors its attribute: setting one sets the other. */
export function manifestProperties(properties: readonly string[]): ManifestMember[] {
  return properties.map((name) => {
    if (!(name in ATTRIBUTES)) throw new Error(`The element has a property ${name} that ATTRIBUTES does not declare`);
    const input = name as InputName;
    const { attribute, default: fallback } = ATTRIBUTES[input];
    const defaulted = fallback === null ? {} : { default: `'${fallback}'` };
    const described = { type: inputType(input), description: inputDescription(input), ...defaulted };
    return { kind: 'field', name, attribute, reflects: true, ...described };
  });
}
