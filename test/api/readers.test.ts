import { describe, expect, it } from 'vitest';
import { LookupError, readDownloadUrl } from '../../src/api';
import type { LinkKind } from '../../src/machine';

const thumb = (url: string | null, mediaType = 'image/png') => ({
  dataObject: { mediaType, thumbnail: { downloadUrl: url } },
});
const materials = (...list: unknown[]) => ({ materials: list });

describe('readDownloadUrl', () => {
  it('gives null where there is no material', () => {
    for (const kind of ['pbr', 'thumbnail', 'tile'] as const) expect(readDownloadUrl(kind, materials())).toBeNull();
  });

  it('reads only the first material and its first assignment for thumbnails', () => {
    const data = materials(
      { dataObjectAssignments: [thumb('https://x/first.png'), thumb('https://x/second.png')] },
      { dataObjectAssignments: [thumb('https://x/other-material.png')] },
    );
    expect(readDownloadUrl('thumbnail', data)).toBe('https://x/first.png');
  });

  it('gives null for a null thumbnail URL, a missing thumbnail, or no assignment', () => {
    expect(readDownloadUrl('thumbnail', materials({ dataObjectAssignments: [thumb(null)] }))).toBeNull();
    expect(
      readDownloadUrl('thumbnail', materials({ dataObjectAssignments: [{ dataObject: { thumbnail: null } }] })),
    ).toBeNull();
    expect(readDownloadUrl('thumbnail', materials({ dataObjectAssignments: [] }))).toBeNull();
  });

  it('skips videos before the first image for tiles', () => {
    const data = materials({
      dataObjectAssignments: [
        thumb('https://x/clip.mp4', 'video/mp4'),
        thumb('https://x/tile.png'),
        thumb('https://x/tile2.png'),
      ],
    });
    expect(readDownloadUrl('tile', data)).toBe('https://x/tile.png');
    expect(
      readDownloadUrl('tile', materials({ dataObjectAssignments: [thumb('https://x/clip.mp4', 'video/mp4')] })),
    ).toBeNull();
  });

  it('takes the first DONE default JSON file for PBRs, even if the server did not filter', () => {
    const file = (state: string, isDefault: boolean, url: string | null) => ({
      state,
      default: isDefault,
      jsonFile: { outputDataObject: { downloadUrl: url } },
    });
    const data = materials({
      jsonFileAssignments: [
        file('PENDING', true, 'https://x/pending.zip'),
        file('DONE', false, 'https://x/draft.zip'),
        file('DONE', true, 'https://x/pbr.zip'),
      ],
    });
    expect(readDownloadUrl('pbr', data)).toBe('https://x/pbr.zip');
    expect(
      readDownloadUrl('pbr', materials({ jsonFileAssignments: [file('DONE', false, 'https://x/draft.zip')] })),
    ).toBeNull();
    expect(
      readDownloadUrl(
        'pbr',
        materials({ jsonFileAssignments: [{ state: 'DONE', default: true, jsonFile: { outputDataObject: null } }] }),
      ),
    ).toBeNull();
  });

  it("passes a non-http URL on unchanged: refusing it is toSafeHref's job", () => {
    expect(readDownloadUrl('thumbnail', materials({ dataObjectAssignments: [thumb('javascript:alert(1)')] }))).toBe(
      'javascript:alert(1)',
    );
  });

  it('fails clearly on an answer of the wrong shape', () => {
    expect(() => readDownloadUrl('thumbnail', null)).toThrow(LookupError);
    expect(() => readDownloadUrl('thumbnail', { materials: { not: 'a list' } })).toThrow(
      'data.materials is not a list',
    );
    expect(() => readDownloadUrl('thumbnail', materials({ dataObjectAssignments: 'nope' }))).toThrow(
      'material.dataObjectAssignments is not a list',
    );
    expect(() => readDownloadUrl('pbr', materials(['an array where an object belongs']))).toThrow(
      'a material is not an object',
    );
  });

  it('refuses an unknown kind with the seed message', () => {
    expect(() => readDownloadUrl('video' as LinkKind, materials({}))).toThrow('Unrecognized download link type');
  });
});
