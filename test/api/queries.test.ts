import { readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { getMaterialDownloadLinkQuery, getPbrMaterialDownloadLinkQuery } from '../../src/api/operation';

const schema = buildSchema(readFileSync(new URL('../../src/api/provider-schema.graphql', import.meta.url), 'utf8'));

describe('queries', () => {
  it.each([
    ['GetMaterialDownloadLink', getMaterialDownloadLinkQuery],
    ['GetPbrMaterialDownloadLink', getPbrMaterialDownloadLinkQuery],
  ])('%s validates against the provider schema', (name, query) => {
    const document = parse(query);
    expect(validate(schema, document)).toEqual([]);
    expect(document.definitions).toHaveLength(1);
    expect(document.definitions[0]).toMatchObject({ kind: 'OperationDefinition', name: { value: name } });
  });

  it('the schema check can fail: a misspelt field is reported', () => {
    const broken = getMaterialDownloadLinkQuery.replace('mediaType', 'mediaTyp');
    expect(
      validate(schema, parse(broken))
        .map((error) => error.message)
        .join(),
    ).toMatch(/mediaTyp/);
  });
});
