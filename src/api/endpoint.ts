import { LookupError } from './errors.js';

/**
 * graphql-request builds `new URL(endpoint)`, which throws on a relative
 * endpoint such as the default `/graphql`: resolve against the page first.
 */
export function resolveEndpoint(endpoint: string): string {
  const base = typeof document !== 'undefined' ? document.baseURI : undefined;
  let url: URL;
  try {
    url = new URL(endpoint, base);
  } catch {
    throw new LookupError(`invalid endpoint "${endpoint}": expected an absolute http(s) URL or a path`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LookupError(`invalid endpoint "${endpoint}": only http and https are supported`);
  }
  return url.href;
}
