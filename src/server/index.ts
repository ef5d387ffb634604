/**
 * `cm-material-download/server`: the element's lookups on the page's server, where the provider's key can stay.
 * Fetch only, no DOM: Node 20+, Deno, Bun and edge runtimes.
 *
 * @packageDocumentation
 */
export { resolveLinks, type ResolveLinksOptions, type ResolvedLink, type ServerLinkRequest } from './resolveLinks.js';
export { createLinkProxy, type LinkProxyOptions } from './linkProxy.js';
export type { Reason } from '../machine/materialDownload.types.js';
