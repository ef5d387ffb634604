import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveEndpoint } from '../../src/api/transport';
import { LookupError } from '../../src/api/wire';

afterEach(() => vi.unstubAllGlobals());

describe('resolveEndpoint', () => {
  it.each([
    ['https://api.example/graphql', 'https://api.example/graphql'],
    ['http://127.0.0.1:4000/graphql', 'http://127.0.0.1:4000/graphql'],
    ['HTTPS://API.example:443/graphql', 'https://api.example/graphql'],
    ['https://api.example/graph ql', 'https://api.example/graph%20ql'],
  ])('takes %j as %j', (endpoint, resolved) => {
    expect(resolveEndpoint(endpoint)).toBe(resolved);
  });

  it('resolves a path against the base URL it is given', () => {
    const base = 'https://shop.example/catalogue/page.html';
    expect(resolveEndpoint('/graphql', base)).toBe('https://shop.example/graphql');
    expect(resolveEndpoint('api/graphql', base)).toBe('https://shop.example/catalogue/api/graphql');
    expect(resolveEndpoint('https://api.example/graphql', base)).toBe('https://api.example/graphql');
  });

  it("by default, against the base URL fetch resolves against (a page's, <base href> included)", () => {
    // What `new Request('')` answers on a page whose <base href> is this; Node's throws.
    vi.stubGlobal(
      'Request',
      class {
        readonly url = 'https://cdn.example/shop/';
      },
    );
    expect(resolveEndpoint('')).toBe('https://cdn.example/shop/');
    expect(resolveEndpoint('/graphql')).toBe('https://cdn.example/graphql');
    expect(resolveEndpoint('api/graphql')).toBe('https://cdn.example/shop/api/graphql');
  });

  it('has no base where fetch has none (Node): a path alone is no endpoint', () => {
    expect(() => resolveEndpoint('/graphql')).toThrow('expected an absolute http(s) URL or a path');
  });

  it('reads no document: a page global of that name changes nothing', () => {
    vi.stubGlobal('document', { baseURI: 'https://elsewhere.example/' });
    expect(() => resolveEndpoint('/graphql')).toThrow('expected an absolute http(s) URL or a path');
  });

  it.each([
    ['ftp://api.example/graphql', 'invalid endpoint "ftp://api.example/graphql": only http and https are supported'],
    ['javascript:alert(1)', 'invalid endpoint "javascript:alert(1)": only http and https are supported'],
    ['data:text/plain,x', 'invalid endpoint "data:text/plain,x": only http and https are supported'],
    ['/graphql', 'invalid endpoint "/graphql": expected an absolute http(s) URL or a path'],
    ['https://', 'invalid endpoint "https://": expected an absolute http(s) URL or a path'],
  ])('refuses %j', (endpoint, message) => {
    const resolve = () => resolveEndpoint(endpoint);
    expect(resolve).toThrow(LookupError);
    expect(resolve).toThrow(message);
  });

  it('refuses a page-relative endpoint that resolves to another scheme', () => {
    expect(() => resolveEndpoint('/graphql', 'file:///home/me/page.html')).toThrow('only http and https are supported');
  });
});
