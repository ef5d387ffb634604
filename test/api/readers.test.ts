import { describe, expect, it } from 'vitest';
import { readDownloadUrl } from '../../src/api/operation';
import { LookupError } from '../../src/api/wire';
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

describe('readDownloadUrl skips what is not there rather than failing', () => {
  const image = (url: string, mediaType: unknown = 'image/png') => ({
    dataObject: { mediaType, thumbnail: { downloadUrl: url } },
  });
  const pbrFile = (url: string | null, extra: Record<string, unknown> = {}) => ({
    state: 'DONE',
    default: true,
    jsonFile: { outputDataObject: { downloadUrl: url } },
    ...extra,
  });

  it('null and non-object entries among the assignments', () => {
    const entries = [null, 'text', 7, ['https://x/in-an-array.png']];
    expect(
      readDownloadUrl('thumbnail', materials({ dataObjectAssignments: [...entries, thumb('https://x/a.png')] })),
    ).toBe('https://x/a.png');
    expect(readDownloadUrl('tile', materials({ dataObjectAssignments: [...entries, image('https://x/t.png')] }))).toBe(
      'https://x/t.png',
    );
    expect(readDownloadUrl('pbr', materials({ jsonFileAssignments: [...entries, pbrFile('https://x/p.zip')] }))).toBe(
      'https://x/p.zip',
    );
  });

  it.each([null, true, 42, { type: 'image/png' }, ['image/png']])(
    'a tileable render whose mediaType is %j, for the next image',
    (mediaType) => {
      const data = materials({
        dataObjectAssignments: [image('https://x/odd.png', mediaType), image('https://x/t.png')],
      });
      expect(readDownloadUrl('tile', data)).toBe('https://x/t.png');
    },
  );

  it('a media type that only mentions an image somewhere else', () => {
    const data = materials({
      dataObjectAssignments: [image('https://x/a.mp4', 'video/image'), image('https://x/b', 'x-image/png')],
    });
    expect(readDownloadUrl('tile', data)).toBeNull();
  });

  it.each([
    ['no dataObject', { thumbnail: { downloadUrl: 'https://x/a.png' } }],
    ['a dataObject that is a list', { dataObject: [{ thumbnail: { downloadUrl: 'https://x/a.png' } }] }],
    ['a thumbnail that is a list', { dataObject: { thumbnail: [{ downloadUrl: 'https://x/a.png' }] } }],
    ['a thumbnail that is text', { dataObject: { thumbnail: 'https://x/a.png' } }],
    ['no downloadUrl', { dataObject: { thumbnail: {} } }],
  ])('a thumbnail with %s: no link', (_, assignment) => {
    expect(readDownloadUrl('thumbnail', materials({ dataObjectAssignments: [assignment] }))).toBeNull();
  });

  it.each([
    ['a default that is only truthy', pbrFile('https://x/p.zip', { default: 'true' })],
    ['a state in other letters', pbrFile('https://x/p.zip', { state: 'done' })],
    ['no jsonFile', pbrFile('https://x/p.zip', { jsonFile: null })],
    ['a jsonFile that is a list', pbrFile('https://x/p.zip', { jsonFile: [{ outputDataObject: {} }] })],
    ['an outputDataObject that is a list', pbrFile('https://x/p.zip', { jsonFile: { outputDataObject: [] } })],
    ['no downloadUrl', pbrFile('https://x/p.zip', { jsonFile: { outputDataObject: {} } })],
  ])('a PBR file with %s: no link', (_, file) => {
    expect(readDownloadUrl('pbr', materials({ jsonFileAssignments: [file] }))).toBeNull();
  });

  it.each([
    ['data that is a list', [], 'unexpected response: no data'],
    ['data that is text', 'materials', 'unexpected response: no data'],
    ['a null material', materials(null), 'unexpected response: a material is not an object'],
    ['no materials list', {}, 'unexpected response: data.materials is not a list'],
    ['no PBR list', materials({}), 'unexpected response: material.jsonFileAssignments is not a list'],
  ])('fails with a message for %s', (_, data, message) => {
    const read = () => readDownloadUrl('pbr', data);
    expect(read).toThrow(LookupError);
    expect(read).toThrow(message);
  });
});
