// @ts-check
// The customer's own server, for the product page whose links it resolves: a page request waits
// for its lookups (as a Next.js or Astro page awaiting resolveLinks does) and goes out with the
// links in its HTML; the script is served beside it, gzip-compressed, as the other pages' is.
import http from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { createStaticHandler } from '../dev/provider/static.js';

const compress = promisify(gzip);

/**
 * @param {object} options
 * @param {Record<string, string>} options.staticDirs URL prefix to directory, as the provider takes them
 * @param {(url: URL) => Promise<string | null>} options.renderPage the HTML for a page it renders, null for the rest
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
export async function startShop({ staticDirs, renderPage }) {
  const serveStatic = createStaticHandler(staticDirs, undefined, { gzip: true });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop');
    const answer = async () => {
      const html = req.method === 'GET' ? await renderPage(url) : null;
      if (html !== null) {
        const gzipped = /\bgzip\b/.test(String(req.headers['accept-encoding']));
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          ...(gzipped ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
        });
        res.end(gzipped ? await compress(html) : html);
      } else if (!(await serveStatic(req, res, url))) res.writeHead(404).end();
    };
    answer().catch((error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
