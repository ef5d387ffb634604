import { LookupError } from './errors.js';

/**
 * An endpoint as one absolute http(s) URL, so that two spellings of the same
 * one share a batch queue, a cache and a batch refusal, and the credentials
 * that go only to the configured endpoint go to it however an element's
 * `endpoint` attribute spells it. A relative one resolves against `baseUrl`:
 * by default the base URL fetch itself resolves a relative URL against.
 */
export function resolveEndpoint(endpoint: string, baseUrl: string | undefined = fetchBaseUrl()): string {
  let url: URL;
  try {
    url = new URL(endpoint, baseUrl);
  } catch {
    throw new LookupError(`invalid endpoint "${endpoint}": expected an absolute http(s) URL or a path`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LookupError(`invalid endpoint "${endpoint}": only http and https are supported`);
  }
  return url.href;
}

/**
 * The base URL `fetch` resolves a relative URL against: on a page, the
 * document's base URL (`<base href>` included, as `document.baseURI` has it);
 * undefined where there is none, as in Node. Asked of the Fetch API rather
 * than read from `document`: this layer knows the page only through what it
 * sends requests with.
 */
export function fetchBaseUrl(): string | undefined {
  try {
    return new Request('').url;
  } catch {
    return undefined;
  }
}
