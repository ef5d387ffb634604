import ts from 'typescript';
import type { Library } from './library';

/** Types as a reader of the manifest needs them: the library's own object types spelled out, the rest by name. */

const FORMAT =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType |
  ts.TypeFormatFlags.WriteArrowStyleSignature;

/** A manifest has no `.d.ts` beside it: `BatchOptions` would name nothing there, its fields do. */
export function isOwnObjectType({ checker, declares }: Library, type: ts.Type): boolean {
  const properties = checker.getPropertiesOfType(type);
  return (
    (type.flags & ts.TypeFlags.Object) !== 0 &&
    type.getCallSignatures().length === 0 &&
    properties.length > 0 &&
    properties.every(declares)
  );
}

export const isOptional = (property: ts.Symbol) => (property.flags & ts.SymbolFlags.Optional) !== 0;

const isNullish = (type: ts.Type) => (type.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) !== 0;
const isBooleanLiteral = (type: ts.Type) => (type.flags & ts.TypeFlags.BooleanLiteral) !== 0;

/**
 * `?` already says that a property may be missing: `| undefined` would say it
 * twice. `true | false` reads `boolean`, and `null` goes last, as people write
 * them (the compiler's order is its own).
 */
function unionText(library: Library, union: ts.UnionType, optional: boolean): string {
  const said = union.types.filter((member) => !(optional && member.flags & ts.TypeFlags.Undefined));
  const either = said.filter(isBooleanLiteral).length === 2;
  const rest = said.filter((member) => !(either && isBooleanLiteral(member)));
  const ordered = [...rest.filter((member) => !isNullish(member)), ...rest.filter(isNullish)];
  const texts = ordered.map((member) => {
    const text = typeText(library, member);
    return member.getCallSignatures().length > 0 ? `(${text})` : text;
  });
  return [...(either ? ['boolean'] : []), ...texts].join(' | ');
}

function objectText(library: Library, type: ts.Type): string {
  const fields = library.checker.getPropertiesOfType(type).map((property) => {
    const optional = isOptional(property);
    const text = typeText(library, library.checker.getTypeOfSymbol(property), optional);
    return `${property.name}${optional ? '?' : ''}: ${text}`;
  });
  return `{ ${fields.join('; ')} }`;
}

export function typeText(library: Library, type: ts.Type, optional = false): string {
  if (type.isUnion()) return unionText(library, type, optional);
  if (isOwnObjectType(library, type)) return objectText(library, type);
  // A hook's parameters are what its caller needs to know, not its alias's name.
  const [signature, ...overloads] = type.getCallSignatures();
  if (signature && overloads.length === 0 && type.getProperties().length === 0)
    return library.checker.signatureToString(signature, undefined, FORMAT);
  return library.checker.typeToString(type, undefined, FORMAT);
}

/** A symbol's JSDoc text, without its tags. */
export function docOf({ checker }: Library, symbol: ts.Symbol): string {
  return ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
}

/** The text of one JSDoc tag, e.g. `defaultValue`; null without it. */
export function tagOf({ checker }: Library, symbol: ts.Symbol, name: string): string | null {
  const tag = symbol.getJsDocTags(checker).find((candidate) => candidate.name === name);
  return tag ? ts.displayPartsToString(tag.text).trim() : null;
}

export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
