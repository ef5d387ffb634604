import { afterEach, describe, expect, it, vi } from 'vitest';
import { LookupError } from '../../src/api';
import { resolveEndpoint } from '../../src/api/endpoint';

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

  it("resolves a path against the page's base URL", () => {
    vi.stubGlobal('document', { baseURI: 'https://shop.example/catalogue/page.html' });
    expect(resolveEndpoint('/graphql')).toBe('https://shop.example/graphql');
    expect(resolveEndpoint('api/graphql')).toBe('https://shop.example/catalogue/api/graphql');
    expect(resolveEndpoint('https://api.example/graphql')).toBe('https://api.example/graphql');
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
    vi.stubGlobal('document', { baseURI: 'file:///home/me/page.html' });
    expect(() => resolveEndpoint('/graphql')).toThrow('only http and https are supported');
  });
});
