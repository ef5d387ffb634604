import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureTransport, resetConfig } from '../../src/api/config';
import { createTransport, type Transport } from '../../src/api/transport';
import { LookupError } from '../../src/api/wire';
import type { LinkRequest } from '../../src/machine';
import { fakeFetch, json, thumbnailAnswer, type Answer } from './support/fakeFetch';

/**
 * lookupDownloadLink over a fake `fetch`: whose credentials go where, how
 * often they are read, and what an answer without data says.
 */

const CONFIGURED = 'https://api.example/graphql';
const swatch = (articleId: string, endpoint?: string): LinkRequest => ({
  kind: 'thumbnail',
  organizationId: 'org-1',
  articleId,
  assignmentType: 'THUMBNAIL_10X10_CM',
  ...(endpoint ? { endpoint } : {}),
});
const linkAnswer: Answer = () => json(thumbnailAnswer('https://files.example/a.png'));

/** A localStorage holding `items`, counting its reads. */
function stubStorage(items: Record<string, string>) {
  const getItem = vi.fn((key: string) => items[key] ?? null);
  vi.stubGlobal('localStorage', { getItem });
  return getItem;
}

/** Each test's own: nothing another test cached, shared or queued. */
let transport: Transport;
/** The href a lookup finds, or null. */
const lookupDownloadLink = async (request: LinkRequest, signal = new AbortController().signal, attempt = 0) =>
  (await transport.lookup(request, signal, attempt))?.href ?? null;

/** The error a lookup rejects with. */
const failureOf = (request: LinkRequest) =>
  lookupDownloadLink(request).then(
    () => expect.unreachable('expected a rejection'),
    (error: unknown) => error as LookupError,
  );

beforeEach(() => {
  resetConfig();
  transport = createTransport();
  configureTransport({ endpoint: CONFIGURED, batch: false, cacheTtlMs: 0 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetConfig();
});

describe("the customer's credentials", () => {
  it('go to the configured provider', async () => {
    stubStorage({ 'cm-api-key': 'k-1' });
    const { requests } = fakeFetch(linkAnswer);
    await lookupDownloadLink(swatch('A-1'));
    expect(requests[0]!.headers.get('api-key')).toBe('k-1');
    expect(requests[0]!.headers.get('apollographql-client-name')).toBe('web-components');
  });

  it("go with an element's own endpoint when it is the configured provider", async () => {
    stubStorage({ 'cm-user-token': 't-1' });
    const { requests } = fakeFetch(linkAnswer);
    await lookupDownloadLink(swatch('A-1', 'HTTPS://API.example/graphql'));
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer t-1');
  });

  it("never go to an element's own endpoint elsewhere", async () => {
    stubStorage({ 'cm-api-key': 'k-1' });
    const { requests } = fakeFetch(linkAnswer);
    await lookupDownloadLink(swatch('A-1', 'https://elsewhere.example/graphql'));
    expect(requests[0]!.url).toBe('https://elsewhere.example/graphql');
    expect(requests[0]!.headers.get('api-key')).toBeNull();
    expect(requests[0]!.headers.get('apollographql-client-name')).toBe('web-components');
  });

  it('are read once for all the lookups of one task', async () => {
    const getItem = stubStorage({ 'cm-api-key': 'k-1' });
    fakeFetch(linkAnswer);
    await Promise.all(['A-1', 'A-2', 'A-3'].map((id) => lookupDownloadLink(swatch(id))));
    expect(getItem.mock.calls).toEqual([['cm-api-key']]);
  });

  it('are read again in a later task: a key stored meanwhile is sent', async () => {
    const items: Record<string, string> = { 'cm-api-key': 'old' };
    stubStorage(items);
    const { requests } = fakeFetch(linkAnswer);
    await lookupDownloadLink(swatch('A-1'));
    items['cm-api-key'] = 'new';
    await lookupDownloadLink(swatch('A-2'));
    expect(requests.map((request) => request.headers.get('api-key'))).toEqual(['old', 'new']);
  });

  it('are read again at once when configureTransport() changes the options', async () => {
    const getItem = stubStorage({});
    const { requests } = fakeFetch(linkAnswer);
    const first = lookupDownloadLink(swatch('A-1'));
    configureTransport({ endpoint: 'https://other.example/graphql' });
    const second = lookupDownloadLink(swatch('A-2'));
    await Promise.all([first, second]);
    expect(requests.map((request) => request.url)).toEqual([CONFIGURED, 'https://other.example/graphql']);
    expect(getItem).toHaveBeenCalledTimes(4);
  });
});

describe('an answer without data', () => {
  it.each([
    [
      'its GraphQL errors, joined',
      { errors: [{ message: 'Internal failure' }, { message: 'Try later' }] },
      'GraphQL error: Internal failure; Try later',
    ],
    [
      'with null data, its GraphQL errors',
      { data: null, errors: [{ message: 'Internal failure' }] },
      'GraphQL error: Internal failure',
    ],
    [
      'only the errors that have a message',
      { errors: [null, {}, { message: '' }, { message: 'Internal failure' }] },
      'GraphQL error: Internal failure',
    ],
    ['no data, when the errors say nothing', { errors: [{}] }, 'invalid response: no data'],
    ['no data, when there are no errors', { errors: [] }, 'invalid response: no data'],
    ['no data, when there is nothing at all', {}, 'invalid response: no data'],
  ])('fails with %s', async (_, answer, message) => {
    fakeFetch(() => json(answer));
    const error = await failureOf(swatch('A-1'));
    expect(error).toBeInstanceOf(LookupError);
    expect(error.message).toBe(message);
  });

  it('is not cached: the same lookup asks again', async () => {
    configureTransport({ cacheTtlMs: 60_000 });
    const { requests } = fakeFetch(() => json({ errors: [{ message: 'Internal failure' }] }));
    await failureOf(swatch('A-1'));
    await failureOf(swatch('A-1'));
    expect(requests).toHaveLength(2);
  });

  it('with data beside errors gives the link, and that answer is cached', async () => {
    configureTransport({ cacheTtlMs: 60_000 });
    const partial = { ...thumbnailAnswer('https://files.example/a.png'), errors: [{ message: 'Partial failure' }] };
    const { requests } = fakeFetch(() => json(partial));
    expect(await lookupDownloadLink(swatch('A-1'))).toBe('https://files.example/a.png');
    expect(await lookupDownloadLink(swatch('A-1'))).toBe('https://files.example/a.png');
    expect(requests).toHaveLength(1);
  });
});

describe('a link', () => {
  it('is null where the provider has none', async () => {
    fakeFetch(() => json(thumbnailAnswer(null)));
    expect(await lookupDownloadLink(swatch('A-1'))).toBeNull();
  });

  it('is given as a browser reads it', async () => {
    fakeFetch(() => json(thumbnailAnswer('HTTPS://Files.example/My Material.png')));
    expect(await lookupDownloadLink(swatch('A-1'))).toBe('https://files.example/My%20Material.png');
  });

  it('that is no http(s) URL fails the lookup', async () => {
    fakeFetch(() => json(thumbnailAnswer('javascript:https://files.example/a.png')));
    expect((await failureOf(swatch('A-1'))).message).toMatch(/^refused download URL "javascript:https:/);
  });
});
