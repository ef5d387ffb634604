import { Kind as graphqlKind } from 'graphql';
import { describe, expect, it } from 'vitest';
import { Kind, parse, print } from '../../src/api/graphqlShim';

/** What the self-registering builds get in place of `graphql` (dev/build.js aliases it). */
describe('the graphql shim', () => {
  it("names operation definitions as graphql does, for graphql-request's checks", () => {
    expect(Kind.OPERATION_DEFINITION).toBe(graphqlKind.OPERATION_DEFINITION);
  });

  it.each([
    ['parse', parse],
    ['print', print],
  ])('%s says it is not bundled, and what to send instead', (name, left) => {
    expect(() => left()).toThrow(`graphql's ${name} is not bundled in cm-material-download; send query strings`);
  });
});
