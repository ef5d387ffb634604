import ts from 'typescript';
import type { Library } from './library';
import { fieldList, fieldsOf } from './fields';
import type { ManifestMember, ManifestParameter } from './schema';
import { docOf, isOptional, isOwnObjectType, typeText } from './typeText';

/**
 * A parameter, and when it takes an options object, every option: the
 * manifest has no place for an object's fields but the description.
 */
function parameter(library: Library, symbol: ts.Symbol, returned: ts.Type): ManifestParameter {
  const declaration = symbol.valueDeclaration as ts.ParameterDeclaration;
  const optional = Boolean(declaration.questionToken ?? declaration.initializer);
  // `options?: T` types as `T | undefined`: its fields are T's.
  const type = library.checker.getNonNullableType(library.checker.getTypeOfSymbol(symbol));
  const options = isOwnObjectType(library, type) ? fieldList(fieldsOf(library, type, returned)) : [];
  // TSDoc writes `@param options - text`.
  const doc = docOf(library, symbol).replace(/^-\s*/, '');
  const description = [doc, options.join('\n')].filter(Boolean).join('\n\n');
  return {
    name: symbol.name,
    ...(optional && { optional }),
    type: { text: typeText(library, type, optional) },
    description,
  };
}

function member(library: Library, property: ts.Symbol): ManifestMember {
  const { checker } = library;
  const type = checker.getTypeOfSymbol(property);
  const description = docOf(library, property);
  const signatures = type.getCallSignatures();
  if (signatures.length > 1)
    throw new Error(`The static ${property.name} is overloaded; a manifest lists one signature`);
  const [signature] = signatures;
  if (!signature) {
    const readonly = (property.declarations ?? []).some(
      (declaration) => ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Readonly,
    );
    const text = typeText(library, type, isOptional(property));
    return {
      kind: 'field',
      name: property.name,
      static: true,
      ...(readonly && { readonly }),
      type: { text },
      description,
    };
  }
  const returned = checker.getReturnTypeOfSignature(signature);
  return {
    kind: 'method',
    name: property.name,
    static: true,
    description,
    parameters: signature.getParameters().map((symbol) => parameter(library, symbol, returned)),
    return: { type: { text: typeText(library, returned) } },
  };
}

/** The class's statics (`names`, as the class has them), as `MaterialDownloadElementConstructor` types and documents them. */
export function staticMembers(library: Library, names: readonly string[]): ManifestMember[] {
  const constructorType = library.checker.getDeclaredTypeOfSymbol(
    library.exported('MaterialDownloadElementConstructor'),
  );
  return names.map((name) => {
    const property = library.checker.getPropertyOfType(constructorType, name);
    if (!property)
      throw new Error(`The class has a static ${name} that MaterialDownloadElementConstructor does not declare`);
    return member(library, property);
  });
}
