import type ts from 'typescript';
import type { Library } from './library';
import { docOf, isOwnObjectType, oneLine, tagOf } from './typeText';

/** One field of an object type, with the fields of an object it holds (`batch.max` under `batch`). */
export interface Field {
  /** From the outermost object: `batch.max`. */
  path: string;
  doc: string;
  defaultValue: string | null;
  fields: Field[];
}

/** The member of `false | { … }` that has fields; the type itself when it has them. */
function objectPart(library: Library, type: ts.Type): ts.Type | undefined {
  return (type.isUnion() ? type.types : [type]).find((member) => isOwnObjectType(library, member));
}

/**
 * The fields of an object type (options, an event's detail), with their JSDoc
 * and `@defaultValue`. A field without a doc of its own is documented by the
 * field of the same name in `documentedBy`, the type that holds the value
 * once it is set: what `configure` takes is documented where the
 * configuration it returns is.
 */
export function fieldsOf(library: Library, type: ts.Type, documentedBy?: ts.Type, prefix = ''): Field[] {
  const { checker } = library;
  return checker.getPropertiesOfType(type).map((property) => {
    const path = `${prefix}${property.name}`;
    const counterpart = documentedBy && checker.getPropertyOfType(documentedBy, property.name);
    const documented = !docOf(library, property) && counterpart ? counterpart : property;
    const doc = oneLine(docOf(library, documented));
    if (!doc) throw new Error(`The field ${path} has no JSDoc, where it is declared or where it is held`);
    const nested = objectPart(library, checker.getTypeOfSymbol(property));
    const nestedDocs = counterpart && objectPart(library, checker.getTypeOfSymbol(counterpart));
    return {
      path,
      doc,
      defaultValue: tagOf(library, documented, 'defaultValue'),
      fields: nested ? fieldsOf(library, nested, nestedDocs, `${path}.`) : [],
    };
  });
}

/** The fields as a Markdown list, nested fields indented under theirs. */
export function fieldList(fields: readonly Field[], depth = 0): string[] {
  return fields.flatMap(({ path, doc, defaultValue, fields: nested }) => [
    `${'  '.repeat(depth)}- \`${path}\`: ${doc}${defaultValue ? ` Default: ${defaultValue}.` : ''}`,
    ...fieldList(nested, depth + 1),
  ]);
}
