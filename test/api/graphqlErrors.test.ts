import { describe, expect, it } from 'vitest';
import { graphqlFailure, readLink } from '../../src/api/operation';
import { LookupError, type OperationResult } from '../../src/api/wire';
import { REFUSAL_CODES } from '../../src/machine/materialDownload.types';
import { explainReason } from '../../src/inspector/words';

/**
 * Reading an answer's GraphQL errors: a refusal by code, the provider's words
 * otherwise, both on one short line; and when they count beside the data.
 */

const NOT_AUTHORIZED = 'The current user is not authorized to access this resource.';
/** Errors as they arrive: untrusted JSON, whatever the type says they hold. */
const arriving = (...errors: unknown[]) => errors as OperationResult['errors'];
const refusal = (code: unknown, message: unknown = NOT_AUTHORIZED) => ({ message, extensions: { code } });
const LINK = 'https://files.example/a.png';

describe('graphqlFailure', () => {
  it.each(Object.keys(REFUSAL_CODES))('%s is a refusal: unauthorized, with the code and the words', (code) => {
    const failure = graphqlFailure(arriving(refusal(code)));
    expect(failure).toBeInstanceOf(LookupError);
    expect(failure).toMatchObject({
      reason: 'unauthorized',
      transient: false,
      message: `the provider refused: ${code}: ${NOT_AUTHORIZED}`,
    });
  });

  it('the refusal wins over other errors, wherever it is in the list', () => {
    const failure = graphqlFailure(arriving({ message: 'Internal failure' }, refusal('FORBIDDEN', 'No.')));
    expect(failure).toMatchObject({ reason: 'unauthorized', message: 'the provider refused: FORBIDDEN: No.' });
  });

  it.each([
    ['no message', { extensions: { code: 'UNAUTHENTICATED' } }],
    ['a message that is no string', { message: 42, extensions: { code: 'UNAUTHENTICATED' } }],
  ])('a refusal with %s names its code alone', (_, error) => {
    expect(graphqlFailure(arriving(error))?.message).toBe('the provider refused: UNAUTHENTICATED');
  });

  it.each([
    ['another code', { message: 'Boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
    ['a code in lower case', refusal('forbidden', 'Boom')],
    ['a code that is no string', refusal(['FORBIDDEN'], 'Boom')],
    ["a code from Object's prototype", refusal('constructor', 'Boom')],
    ['extensions that are no object', { message: 'Boom', extensions: 'FORBIDDEN' }],
    ['a code outside extensions', { message: 'Boom', code: 'FORBIDDEN' }],
  ])('%s is no refusal: request-failed with the words', (_, error) => {
    expect(graphqlFailure(arriving(error))).toMatchObject({
      reason: 'request-failed',
      transient: false,
      message: 'GraphQL error: Boom',
    });
  });

  it('joins the words of the errors that have some, at most three', () => {
    const errors = [
      null,
      'text',
      {},
      { message: '' },
      ...['one', 'two', 'three', 'four'].map((message) => ({ message })),
    ];
    expect(graphqlFailure(arriving(...errors))?.message).toBe('GraphQL error: one; two; three');
  });

  it('keeps the words to their first line, at most 120 characters', () => {
    const long = 'x'.repeat(200);
    expect(graphqlFailure([{ message: `Boom\n  at Resolver.materials (stack)` }])?.message).toBe('GraphQL error: Boom');
    expect(graphqlFailure(arriving(refusal('FORBIDDEN', long)))?.message).toBe(
      `the provider refused: FORBIDDEN: ${'x'.repeat(120)}…`,
    );
  });

  it.each([
    ['no errors', undefined],
    ['an empty list', []],
    ['errors without words', [{}, { message: '' }, null]],
  ])('says nothing for %s', (_, errors) => {
    expect(graphqlFailure(errors as OperationResult['errors'])).toBeUndefined();
  });
});

describe('readLink', () => {
  const read = (data: unknown, errors: OperationResult['errors']) => readLink('thumbnail', { data, errors });
  const withLink = { materials: [{ dataObjectAssignments: [{ dataObject: { thumbnail: { downloadUrl: LINK } } }] }] };
  const noFile = { materials: [] };
  const unreadable = { materials: 'not a list' };

  it('a link read from the data is used, a refusal beside it or not', () => {
    expect(read(withLink, arriving(refusal('AUTH_NOT_AUTHORIZED')))).toBe(LINK);
    expect(read(withLink, [{ message: 'Partial failure' }])).toBe(LINK);
  });

  it('no link beside a refusal is the refusal', () => {
    const refused = arriving(refusal('AUTH_NOT_AUTHORIZED'));
    expect(() => read(noFile, refused)).toThrow(`the provider refused: AUTH_NOT_AUTHORIZED`);
    expect(() => read(unreadable, refused)).toThrow(`the provider refused: AUTH_NOT_AUTHORIZED`);
    expect(() => read(null, refused)).toThrow(`the provider refused: AUTH_NOT_AUTHORIZED`);
  });

  it('data that cannot be read beside other errors fails with their words', () => {
    expect(() => read(unreadable, [{ message: 'Internal failure' }])).toThrow(/^GraphQL error: Internal failure$/);
  });

  it('no file beside other errors is still no file', () => {
    expect(read(noFile, [{ message: 'Partial failure' }])).toBeNull();
  });

  it("without errors that say anything, the reader's own failure stands", () => {
    expect(() => read(unreadable, [{}])).toThrow(/^unexpected response: data\.materials is not a list$/);
    expect(() => read(null, undefined)).toThrow(/^invalid response: no data$/);
    expect(read(noFile, undefined)).toBeNull();
  });
});

describe("a refusal's explanation", () => {
  const explained = (error: string) => explainReason({ reason: 'unauthorized', error, request: null });

  it("reads back a refusal's code and words", () => {
    const { message } = graphqlFailure(arriving(refusal('AUTH_NOT_AUTHORIZED')))!;
    expect(explained(message)).toBe(
      `the provider refused: AUTH_NOT_AUTHORIZED: check the API key or token; it said "${NOT_AUTHORIZED}"`,
    );
    expect(explained('the provider refused: FORBIDDEN')).toBe(
      'the provider refused: FORBIDDEN: check the API key or token',
    );
  });

  it.each(['request failed: HTTP 401', 'GraphQL error: the provider refused: FORBIDDEN', 'the provider refused: NOPE'])(
    'reads no refusal in anything else: %s',
    (sentence) => {
      expect(explained(sentence)).toContain(`${sentence}: check the API key`);
    },
  );
});
