import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RENEW_AT_SHARE_OF_LIFE,
  REUSE_WITHIN_SHARE_OF_LIFE,
  readLinkExpiry,
  renewalDueAt,
  reusableUntil,
} from '../../src/machine/linkExpiry';
import type { LinkStyle } from '../../dev/provider/link-signing.js';
import { startProvider, type Provider } from '../../dev/provider/server.js';

const FILE = 'https://files.example/org-1/A-100/pbr.zip';
const at = (iso: string) => Date.parse(iso);
/** One start and life as S3 SigV4 and as GCS V4 write them. */
const v4Links = (date: string, seconds: string) => [
  `${FILE}?X-Amz-Date=${date}&X-Amz-Expires=${seconds}&X-Amz-Signature=x`,
  `${FILE}?X-Goog-Date=${date}&X-Goog-Expires=${seconds}&X-Goog-Signature=x`,
];

describe('readLinkExpiry reads each style', () => {
  it.each([
    [
      'Azure SAS, percent-encoded as the SDKs write it',
      `${FILE}?sv=2025-01-05&sr=b&sp=r&se=2026-11-25T10%3A15%3A00Z&sig=a%2Bb%3D`,
      '2026-11-25T10:15:00Z',
    ],
    ['Azure SAS, colons as they are', `${FILE}?se=2026-11-25T10:15:00Z&sig=x`, '2026-11-25T10:15:00Z'],
    ['Azure SAS to the minute', `${FILE}?se=2026-11-25T10:15Z&sig=x`, '2026-11-25T10:15:00Z'],
    [
      'Azure SAS with a fraction, cut to the millisecond',
      `${FILE}?se=2026-11-25T10:15:00.1239999Z&sig=x`,
      '2026-11-25T10:15:00.123Z',
    ],
    ['Azure SAS with a date alone: its first moment', `${FILE}?se=2026-11-25&sig=x`, '2026-11-25T00:00:00Z'],
    [
      'S3 SigV4',
      `${FILE}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20261125T101500Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=ab12`,
      '2026-11-25T10:30:00Z',
    ],
    [
      'GCS V4',
      `${FILE}?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Date=20261125T101500Z&X-Goog-Expires=3600&X-Goog-Signature=ab12`,
      '2026-11-25T11:15:00Z',
    ],
    ['CloudFront', `${FILE}?Expires=1795601700&Signature=a~b_&Key-Pair-Id=K2`, '2026-11-25T10:15:00Z'],
    ['S3 SigV2', `${FILE}?AWSAccessKeyId=AKIA&Expires=1795601700&Signature=a%2Bb%3D`, '2026-11-25T10:15:00Z'],
    ['a fragment after the query', `${FILE}?Expires=1795601700&Signature=x#page=2`, '2026-11-25T10:15:00Z'],
    ['a URL without its origin', `/pbr.zip?Expires=1795601700&Signature=x`, '2026-11-25T10:15:00Z'],
  ])('%s', (_, href, expiry) => {
    expect(readLinkExpiry(href)).toBe(at(expiry));
  });

  it('takes the earliest where a link carries several styles, or a parameter twice', () => {
    const azure = 'se=2026-11-25T10:15:00Z&sig=x';
    const cloudFront = 'Expires=1795601640&Signature=y'; // 10:14:00
    const s3 = 'X-Amz-Date=20261125T100000Z&X-Amz-Expires=60&X-Amz-Signature=z'; // 10:01:00
    expect(readLinkExpiry(`${FILE}?${azure}&${cloudFront}`)).toBe(at('2026-11-25T10:14:00Z'));
    expect(readLinkExpiry(`${FILE}?${azure}&${cloudFront}&${s3}`)).toBe(at('2026-11-25T10:01:00Z'));
    expect(readLinkExpiry(`${FILE}?se=2026-11-25T10:15:00Z&se=2026-11-25T09:00:00Z&sig=x`)).toBe(
      at('2026-11-25T09:00:00Z'),
    );
    expect(
      readLinkExpiry(`${FILE}?X-Amz-Date=20261125T100000Z&X-Amz-Expires=600&X-Amz-Expires=60&X-Amz-Signature=z`),
    ).toBe(at('2026-11-25T10:01:00Z'));
  });

  it('reads a readable style beside a malformed one', () => {
    expect(readLinkExpiry(`${FILE}?se=tomorrow&sig=x&Expires=1795601700&Signature=y`)).toBe(at('2026-11-25T10:15:00Z'));
  });
});

describe('readLinkExpiry finds no expiry', () => {
  it.each([
    ['a URL without a query', FILE],
    ['a URL with an empty query', `${FILE}?`],
    ['a query of other things', `${FILE}?download=1&v=3`],
    ['the expiry only in the fragment', `${FILE}#se=2026-11-25T10:15:00Z&sig=x`],
    ['not a URL at all', 'se=2026-11-25T10:15:00Z&sig=x'],
    ['an empty string', ''],
  ])('in %s', (_, href) => {
    expect(readLinkExpiry(href)).toBeNull();
  });

  it.each([
    ['an Azure expiry without sig', `${FILE}?se=2026-11-25T10:15:00Z`],
    ['an S3 date and life without X-Amz-Signature', `${FILE}?X-Amz-Date=20261125T101500Z&X-Amz-Expires=900`],
    ['a GCS date and life without X-Goog-Signature', `${FILE}?X-Goog-Date=20261125T101500Z&X-Goog-Expires=900`],
    ['an Expires without Signature', `${FILE}?Expires=1795601700`],
    ['a signature of another style', `${FILE}?se=2026-11-25T10:15:00Z&Signature=x`],
  ])('in %s: the parameter means something else there', (_, href) => {
    expect(readLinkExpiry(href)).toBeNull();
  });

  it.each([
    ['S3 without its life', `${FILE}?X-Amz-Date=20261125T101500Z&X-Amz-Signature=x`],
    ['S3 without its start', `${FILE}?X-Amz-Expires=900&X-Amz-Signature=x`],
    ['GCS without its life', `${FILE}?X-Goog-Date=20261125T101500Z&X-Goog-Signature=x`],
    ['an S3 start with a GCS life', `${FILE}?X-Amz-Date=20261125T101500Z&X-Goog-Expires=900&X-Amz-Signature=x`],
  ])('in %s', (_, href) => {
    expect(readLinkExpiry(href)).toBeNull();
  });

  it('under names spelt another way: S3 and GCS read theirs case and all', () => {
    expect(readLinkExpiry(`${FILE}?x-amz-date=20261125T101500Z&x-amz-expires=900&x-amz-signature=x`)).toBeNull();
    expect(readLinkExpiry(`${FILE}?X-GOOG-DATE=20261125T101500Z&X-GOOG-EXPIRES=900&X-GOOG-SIGNATURE=x`)).toBeNull();
    expect(readLinkExpiry(`${FILE}?SE=2026-11-25T10:15:00Z&SIG=x`)).toBeNull();
    expect(readLinkExpiry(`${FILE}?expires=1795601700&signature=x`)).toBeNull();
  });
});

describe('readLinkExpiry refuses a malformed value', () => {
  it.each([
    ['empty', ''],
    ['a word', 'tomorrow'],
    ['a local time without Z', '2026-11-25T10:15:00'],
    ['an offset instead of Z', '2026-11-25T10:15:00+01:00'],
    ['a 31 February', '2026-02-31T10:15:00Z'],
    ['a 13th month', '2026-13-01'],
    ['a 24th hour', '2026-11-25T24:00:00Z'],
    ['a 60th second', '2026-11-25T10:15:60Z'],
    ['hours alone', '2026-11-25T10Z'],
    ['eight fraction digits', '2026-11-25T10:15:00.12345678Z'],
    ['a compact date', '20261125T101500Z'],
    ['epoch seconds', '1795601700'],
    ['a space around it', ' 2026-11-25T10:15:00Z'],
    ['lower-case letters', '2026-11-25t10:15:00z'],
  ])('Azure se: %s', (_, se) => {
    expect(readLinkExpiry(`${FILE}?se=${encodeURIComponent(se)}&sig=x`)).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['ISO with dashes', '2026-11-25T10:15:00Z'],
    ['without Z', '20261125T101500'],
    ['a 30 February', '20260230T101500Z'],
    ['a 25th hour', '20261125T251500Z'],
    ['a short date', '2026112T101500Z'],
  ])('X-Amz-Date and X-Goog-Date: %s', (_, date) => {
    for (const href of v4Links(encodeURIComponent(date), '900')) expect(readLinkExpiry(href), href).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['negative', '-900'],
    ['signed', '+900'],
    ['a fraction', '900.5'],
    ['an exponent', '9e2'],
    ['hexadecimal', '0x384'],
    ['a word', 'soon'],
    ['with a space', ' 900'],
  ])('seconds (X-Amz-Expires, X-Goog-Expires, Expires): %s', (_, seconds) => {
    const value = encodeURIComponent(seconds);
    for (const href of [...v4Links('20261125T101500Z', value), `${FILE}?Expires=${value}&Signature=x`]) {
      expect(readLinkExpiry(href), href).toBeNull();
    }
  });
});

describe('readLinkExpiry at the edges of time', () => {
  it('reads a moment long past: an expired link is still a reading', () => {
    expect(readLinkExpiry(`${FILE}?Expires=0&Signature=x`)).toBe(0);
    expect(readLinkExpiry(`${FILE}?se=1999-12-31T23:59:59Z&sig=x`)).toBe(at('1999-12-31T23:59:59Z'));
  });

  it('reads a far future a Date can hold, and no moment beyond it', () => {
    const latestSeconds = 8.64e12;
    expect(readLinkExpiry(`${FILE}?Expires=${latestSeconds}&Signature=x`)).toBe(8.64e15);
    expect(readLinkExpiry(`${FILE}?Expires=${latestSeconds + 1}&Signature=x`)).toBeNull();
    expect(readLinkExpiry(`${FILE}?Expires=${'9'.repeat(16)}&Signature=x`)).toBeNull();
    expect(readLinkExpiry(`${FILE}?Expires=${'9'.repeat(400)}&Signature=x`)).toBeNull();
    expect(
      readLinkExpiry(`${FILE}?X-Amz-Date=20261125T101500Z&X-Amz-Expires=${'9'.repeat(15)}&X-Amz-Signature=x`),
    ).toBeNull();
    expect(readLinkExpiry(`${FILE}?se=9999-12-31T23:59:59Z&sig=x`)).toBe(at('9999-12-31T23:59:59Z'));
  });

  it('reads a year before 100 as written, not as the 1900s', () => {
    const year99 = readLinkExpiry(`${FILE}?se=0099-01-01&sig=x`);
    expect(year99).toBe(Date.parse('0099-01-01T00:00:00Z'));
    expect(year99).not.toBe(Date.UTC(99, 0, 1)); // 1999: Date.UTC's reading of a two-digit year
  });
});

describe('when a link is renewed, and how long the caches may hand it out', () => {
  it('renews at 80% of the life it had on arrival', () => {
    expect(RENEW_AT_SHARE_OF_LIFE).toBe(0.8);
    expect(renewalDueAt(1_000, 11_000)).toBe(9_000);
  });

  it('hands it out again only within the first half of the life it had when answered: well before any renewal', () => {
    expect(REUSE_WITHIN_SHARE_OF_LIFE).toBe(0.5);
    expect(reusableUntil(1_000, 11_000)).toBe(6_000);
    // An element handed the link at the last moment of reuse still renews it before it expires, with time to spare.
    const renewal = renewalDueAt(reusableUntil(1_000, 11_000), 11_000);
    expect(renewal).toBe(10_000);
    expect(renewal).toBeGreaterThan(reusableUntil(1_000, 11_000));
  });

  it('an answer whose link had expired on arrival is not to be handed out at all', () => {
    expect(reusableUntil(11_000, 10_000)).toBeLessThan(11_000);
  });
});

describe('readLinkExpiry reads every style the local provider signs', () => {
  const issuedAt = Date.UTC(2026, 10, 25, 10, 15, 0, 400);
  let provider: Provider;
  beforeAll(async () => {
    provider = await startProvider({ linkStyle: 'azure', linkLifetimeMs: 90_000, clock: () => issuedAt });
  });
  afterAll(() => provider?.close());

  const thumbnailLink = async (linkStyle: LinkStyle) => {
    const response = await fetch(provider.graphqlUrlFor({ linkStyle }), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `{ materials(where: { articleId: { eq: "A-100" }, organizationId: { eq: "org-1" } }) {
          dataObjectAssignments(where: { assignmentType: { eq: THUMBNAIL_10X10_CM } }) { dataObject { thumbnail { downloadUrl } } }
        } }`,
      }),
    });
    const { data } = (await response.json()) as {
      data: { materials: { dataObjectAssignments: { dataObject: { thumbnail: { downloadUrl: string } } }[] }[] };
    };
    return data.materials[0]!.dataObjectAssignments[0]!.dataObject.thumbnail.downloadUrl;
  };

  it.each(['azure', 's3', 'gcs', 'cloudfront'] as const)(
    '%s: the lifetime on from when it was issued',
    async (style) => {
      expect(readLinkExpiry(await thumbnailLink(style))).toBe(Date.UTC(2026, 10, 25, 10, 16, 31));
    },
  );

  it.each(['no-expiry', 'unsigned'] as const)('%s: none', async (style) => {
    expect(readLinkExpiry(await thumbnailLink(style))).toBeNull();
  });
});
