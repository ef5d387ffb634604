/**
 * What graphql-request imports from `graphql`, for the self-registering
 * builds only (the bundler aliases `graphql` here). graphql-request parses
 * and prints documents to find an operation name; our queries are strings
 * and it is told not to look (`excludeOperationName`), so none of this runs,
 * and the 40 KB parser and printer stay out of the customer's page.
 */
export const Kind = { OPERATION_DEFINITION: 'OperationDefinition' } as const;

function notBundled(name: string): never {
  throw new Error(`graphql's ${name} is not bundled in cm-material-download; send query strings`);
}

export function parse(): never {
  return notBundled('parse');
}

export function print(): never {
  return notBundled('print');
}
