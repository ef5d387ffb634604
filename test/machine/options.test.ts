import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DIMENSIONS, FILE_TYPES, RESOLUTIONS, TILE_ASSIGNMENT_TYPE } from '../../src/machine';

const schema = buildSchema(readFileSync(new URL('../../src/api/provider-schema.graphql', import.meta.url), 'utf8'));
const enumValues = (name: string) => (schema.getType(name) as GraphQLEnumType).getValues().map((value) => value.name);

describe('key-to-enum tables', () => {
  it('map every dimension key to a thumbnail assignment type of the schema', () => {
    const values = Object.values(DIMENSIONS).filter((value) => value !== null);
    expect(values).toHaveLength(9);
    for (const value of values) expect(enumValues('DataObjectAssignmentType')).toContain(value);
    expect(DIMENSIONS['13_5x13_5in']).toBe('THUMBNAIL_13_5X13_5_IN');
    expect(DIMENSIONS['10x10cm']).toBe('THUMBNAIL_10X10_CM');
    expect(enumValues('DataObjectAssignmentType')).toContain(TILE_ASSIGNMENT_TYPE);
  });

  it('map resolutions and file types to the schema enums, with none for "leave out"', () => {
    expect(Object.keys(RESOLUTIONS)).toEqual(['none', 'low', 'medium', 'high']);
    expect(Object.keys(FILE_TYPES)).toEqual(['none', 'exr', 'jpg', 'tiff']);
    for (const value of Object.values(RESOLUTIONS).filter(Boolean))
      expect(enumValues('DownloadResolution')).toContain(value);
    for (const value of Object.values(FILE_TYPES).filter(Boolean))
      expect(enumValues('DownloadFileType')).toContain(value);
  });
});
