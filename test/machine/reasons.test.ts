import { describe, expect, it } from 'vitest';
import { graphqlFailure } from '../../src/api/operation';
import { REFUSAL_CODES } from '../../src/machine/materialDownload.types';
import { explainReason, REASONS } from '../../src/inspector/words';
import type { LinkRequest } from '../../src/machine/inputs';

/**
 * The reasons table and the explanation the inspector's "why" line and the
 * `debug` log read: a refusal names its code beside what fixes it, then the
 * provider's words.
 */

const swatch: LinkRequest = {
  kind: 'thumbnail',
  organizationId: 'org-1',
  articleId: 'A-100',
  assignmentType: 'THUMBNAIL_10X10_CM',
};
/** The sentence the lookup fails with for a GraphQL error. */
const sentenceOf = (error: { message?: unknown; extensions?: unknown }) => graphqlFailure([error])!.message;

describe('REASONS', () => {
  it('unauthorized names HTTP 401 and 403 and every GraphQL refusal code, and says to check the API key or token', () => {
    const { cause, fix } = REASONS.unauthorized;
    expect(cause).toContain('HTTP 401 or 403');
    for (const code of Object.keys(REFUSAL_CODES)) expect(cause).toContain(`\`${code}\``);
    expect(cause).toMatch(/HotChocolate's .*Apollo Server's/);
    expect(fix).toMatch(/^Check the API key or token\b/);
  });

  it('request-failed names a GraphQL error with no data', () => {
    expect(REASONS['request-failed'].cause).toContain('a GraphQL error with no data');
  });
});

describe('explainReason', () => {
  it("a HotChocolate refusal: its code, what fixes it, then the provider's words", () => {
    const error = sentenceOf({
      message: 'The current user is not authorized to access this resource.',
      extensions: { code: 'AUTH_NOT_AUTHORIZED' },
    });
    expect(explainReason({ reason: 'unauthorized', error, request: swatch })).toBe(
      'the provider refused: AUTH_NOT_AUTHORIZED: check the API key or token; it said "The current user is not authorized to access this resource."',
    );
  });

  it('a refusal without words: its code and what fixes it', () => {
    const error = sentenceOf({ extensions: { code: 'FORBIDDEN' } });
    expect(explainReason({ reason: 'unauthorized', error, request: swatch })).toBe(
      'the provider refused: FORBIDDEN: check the API key or token',
    );
  });

  it('HTTP 401: the sentence, then the whole fix', () => {
    expect(explainReason({ reason: 'unauthorized', error: 'request failed: HTTP 401', request: swatch })).toBe(
      `request failed: HTTP 401: check the API key or token${REASONS.unauthorized.fix.slice('Check the API key or token'.length)}`,
    );
  });

  it("another GraphQL error: the provider's words, then what to check", () => {
    const error = sentenceOf({ message: 'Unknown organization.' });
    expect(explainReason({ reason: 'request-failed', error, request: swatch })).toBe(
      'GraphQL error: Unknown organization: read the message: check the endpoint, the network and the provider (its CORS headers among them).',
    );
  });

  it('a sentence that only looks like a refusal under another reason is explained as that reason', () => {
    const error = 'the provider refused: FORBIDDEN: no';
    expect(explainReason({ reason: 'request-failed', error, request: swatch })).toMatch(
      /^the provider refused: FORBIDDEN: no: read the message/,
    );
  });

  it('not-found and no reason are unchanged', () => {
    expect(explainReason({ reason: 'not-found', error: null, request: swatch })).toBe(
      'the provider has no thumbnail 10x10cm for A-100 of org-1',
    );
    expect(explainReason({ reason: null, error: null, request: swatch })).toBeNull();
  });
});
