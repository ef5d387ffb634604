import { describe, expect, it } from 'vitest';
import {
  DIMENSIONS,
  FILE_TYPES,
  MESSAGES,
  RESOLUTIONS,
  invalidValueMessage,
  validateInputs,
  type MaterialDownloadInputs,
} from '../../src/machine';

const valid = { organizationId: 'org-1', articleId: 'A-100' } satisfies MaterialDownloadInputs;

function errorOf(inputs: MaterialDownloadInputs): string | null {
  const result = validateInputs(inputs);
  return result.ok ? null : result.error;
}

function requestOf(inputs: MaterialDownloadInputs) {
  const result = validateInputs(inputs);
  if (!result.ok) throw new Error(`expected valid inputs, got: ${result.error}`);
  return result.request;
}

describe('validateInputs: the seed messages', () => {
  it('requires an article id first, then an organization id', () => {
    expect(errorOf({})).toBe('no article id provided');
    expect(errorOf({ organizationId: 'org-1', type: 'pbr' })).toBe('no article id provided');
    expect(errorOf({ articleId: '', organizationId: 'org-1', type: 'pbr' })).toBe('no article id provided');
    expect(errorOf({ articleId: 'A-100', type: 'pbr' })).toBe('no organization id provided');
  });

  it('lists the valid types for a missing or unknown type', () => {
    expect(errorOf({ ...valid, type: 'video' })).toBe('Invalid type "video". Valid values: pbr, thumbnail, tile.');
    expect(errorOf({ ...valid })).toBe('Invalid type "". Valid values: pbr, thumbnail, tile.');
    expect(errorOf({ ...valid, type: 'PBR' })).toMatch(/pbr, thumbnail, tile/);
  });

  it('refuses dimensions for PBRs and tiles, and requires them for thumbnails', () => {
    expect(errorOf({ ...valid, type: 'pbr', dimensions: '10x10cm' })).toBe(
      'Providing dimensions is not supported for PBRs.',
    );
    expect(errorOf({ ...valid, type: 'tile', dimensions: '7x7in' })).toBe(
      'Providing dimensions is not supported for tileable images.',
    );
    expect(errorOf({ ...valid, type: 'thumbnail' })).toBe('Missing assignment type. Did you provide valid dimensions?');
    expect(errorOf({ ...valid, type: 'thumbnail', dimensions: 'none' })).toBe(MESSAGES.missingAssignmentType);
  });

  it.each([
    ['dimensions', { dimensions: '11x11in' }, Object.keys(DIMENSIONS)],
    ['resolution', { resolution: 'ultra' }, Object.keys(RESOLUTIONS)],
    ['fileType', { fileType: 'gif' }, Object.keys(FILE_TYPES)],
  ] as const)('names the attribute and the valid values for a bad %s', (attribute, bad, validKeys) => {
    const value = Object.values(bad)[0]!;
    const error = errorOf({ ...valid, type: 'tile', ...bad });
    expect(error).toBe(invalidValueMessage(attribute, value, validKeys));
    expect(error).toContain(attribute);
    for (const key of validKeys) expect(error).toContain(key);
  });

  it('names the valid loading modes for a bad one', () => {
    expect(errorOf({ ...valid, type: 'pbr', loading: 'later' })).toBe(
      'Invalid loading "later". Valid values: eager, lazy.',
    );
  });

  it('does not take inherited names such as "toString" for valid keys', () => {
    expect(errorOf({ ...valid, type: 'thumbnail', dimensions: 'toString' })).toMatch(/^Invalid dimensions "toString"/);
    expect(errorOf({ ...valid, type: 'pbr', resolution: 'constructor' })).toMatch(/^Invalid resolution/);
  });
});

describe('validateInputs: requests', () => {
  it.each(Object.entries(DIMENSIONS).filter(([, type]) => type !== null))(
    'maps dimensions %s to %s',
    (key, assignmentType) => {
      expect(requestOf({ ...valid, type: 'thumbnail', dimensions: key })).toMatchObject({
        kind: 'thumbnail',
        assignmentType,
      });
    },
  );

  it.each(Object.entries(RESOLUTIONS))('maps resolution %s to %s (none leaves it out)', (key, value) => {
    const request = requestOf({ ...valid, type: 'pbr', resolution: key });
    if (value === null) expect(request).not.toHaveProperty('resolution');
    else expect(request).toHaveProperty('resolution', value);
  });

  it.each(Object.entries(FILE_TYPES))('maps file type %s to %s (none leaves it out)', (key, value) => {
    const request = requestOf({ ...valid, type: 'pbr', fileType: key });
    if (value === null) expect(request).not.toHaveProperty('fileType');
    else expect(request).toHaveProperty('fileType', value);
  });

  it('defaults to file type EXR, no resolution and no endpoint of its own', () => {
    expect(requestOf({ ...valid, type: 'pbr' })).toEqual({
      kind: 'pbr',
      organizationId: 'org-1',
      articleId: 'A-100',
      fileType: 'EXR',
    });
  });

  it('asks for the tileable render assignment for tiles', () => {
    expect(requestOf({ ...valid, type: 'tile' })).toMatchObject({
      kind: 'tile',
      assignmentType: 'MATERIAL_TILEABLE_RENDER',
    });
  });

  it('is eager unless loading is lazy', () => {
    expect(validateInputs({ ...valid, type: 'pbr' })).toMatchObject({ ok: true, lazy: false });
    expect(validateInputs({ ...valid, type: 'pbr', loading: 'eager' })).toMatchObject({ ok: true, lazy: false });
    expect(validateInputs({ ...valid, type: 'pbr', loading: 'lazy' })).toMatchObject({ ok: true, lazy: true });
  });

  it('carries the element endpoint', () => {
    expect(requestOf({ ...valid, type: 'pbr', endpoint: 'https://api.example/graphql' })).toHaveProperty(
      'endpoint',
      'https://api.example/graphql',
    );
  });
});

describe('validateInputs: what a page can hand over besides strings', () => {
  // A removed attribute reads as null; untyped script can pass anything.
  const fromPage = (inputs: Record<string, unknown>) => inputs as MaterialDownloadInputs;

  it('takes a null id for a missing one', () => {
    expect(errorOf(fromPage({ articleId: null, organizationId: 'org-1', type: 'pbr' }))).toBe(MESSAGES.noArticleId);
    expect(errorOf(fromPage({ articleId: 'A-100', organizationId: null, type: 'pbr' }))).toBe(
      MESSAGES.noOrganizationId,
    );
  });

  it('takes a null or empty keyed input for its default', () => {
    expect(requestOf(fromPage({ ...valid, type: 'pbr', fileType: null, resolution: '', dimensions: null }))).toEqual({
      kind: 'pbr',
      organizationId: 'org-1',
      articleId: 'A-100',
      fileType: 'EXR',
    });
  });

  it('leaves a null or empty endpoint out of the request', () => {
    expect(requestOf(fromPage({ ...valid, type: 'pbr', endpoint: null }))).not.toHaveProperty('endpoint');
    expect(requestOf({ ...valid, type: 'pbr', endpoint: '' })).not.toHaveProperty('endpoint');
  });

  it('fails without a request', () => {
    expect(validateInputs({})).toEqual({ ok: false, error: MESSAGES.noArticleId });
  });
});
