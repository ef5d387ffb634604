// @ts-check
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { isStreamed } from './streamed.js';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

// Relative directories are taken from the package root rather than the working
// directory, so `npm start`, the tests and a direct `node dev/...` agree.
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const CONTENT_TYPES = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
});

const gzip = promisify(gzipCallback);

/** What a CDN compresses: text, not images. */
const isCompressible = (/** @type {string} */ contentType) =>
  contentType.startsWith('text/') || contentType.startsWith('application/json') || contentType === 'image/svg+xml';

/** @param {IncomingMessage} req */
const acceptsGzip = (req) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));

/**
 * Each file compressed once while it stays the same, as a CDN keeps it.
 * @returns {(file: string, info: import('node:fs').Stats, body: Buffer) => Promise<Buffer>}
 */
function createGzipCache() {
  /** @type {Map<string, { mtimeMs: number, size: number, gzipped: Buffer }>} */
  const cache = new Map();
  return async (file, info, body) => {
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.gzipped;
    const gzipped = await gzip(body, { level: 9 });
    cache.set(file, { mtimeMs: info.mtimeMs, size: info.size, gzipped });
    return gzipped;
  };
}

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {string} message
 */
function plain(res, status, message) {
  res
    .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
    .end(`${message}\n`);
}

/** @param {string} file */
async function statOrNull(file) {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

/**
 * @callback SendStreamed sends an HTML page in pieces (see streamed.js)
 * @param {ServerResponse} res with its status and headers written
 * @param {string} page
 * @param {URL} url
 * @returns {Promise<void>}
 */

/**
 * @param {Record<string, string>} staticDirs URL prefix (ending in '/') to directory
 * @param {SendStreamed} [sendStreamed] for an HTML page asked for with `?streamed`
 * @param {{ gzip?: boolean }} [options] gzip: text goes gzip-compressed to a client that accepts
 *   it, as a CDN serves it (off by default: a file's bytes as they are on disk)
 * @returns {(req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>}
 *   resolves false when no prefix matches, so the caller can answer 404 itself
 */
export function createStaticHandler(staticDirs, sendStreamed, { gzip: compress = false } = {}) {
  const gzipped = createGzipCache();
  // Longest prefix first, so '/dist/' wins over '/'.
  const mounts = Object.entries(staticDirs)
    .map(([prefix, dir]) => ({
      prefix: prefix.endsWith('/') ? prefix : `${prefix}/`,
      root: path.resolve(PACKAGE_ROOT, dir),
    }))
    .sort((a, b) => b.prefix.length - a.prefix.length);

  return async (req, res, url) => {
    const mount = mounts.find((m) => url.pathname.startsWith(m.prefix));
    if (!mount) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      plain(res, 405, 'Method not allowed');
      return true;
    }
    let relative;
    try {
      relative = decodeURIComponent(url.pathname.slice(mount.prefix.length));
    } catch {
      plain(res, 400, 'Bad path');
      return true;
    }
    const parts = relative.split(/[/\\]/);
    if (relative.includes('\0') || parts.includes('..')) {
      plain(res, 400, 'Bad path');
      return true;
    }
    let file = path.join(mount.root, ...parts);
    if (file !== mount.root && !file.startsWith(mount.root + path.sep)) {
      plain(res, 400, 'Bad path');
      return true;
    }
    let info = await statOrNull(file);
    if (info?.isDirectory()) {
      if (!url.pathname.endsWith('/')) {
        // Relative URLs inside an index page only resolve from the directory's own URL.
        res.writeHead(301, { location: `${url.pathname}/${url.search}`, 'cache-control': 'no-store' }).end();
        return true;
      }
      file = path.join(file, 'index.html');
      info = await statOrNull(file);
    }
    if (!info?.isFile()) {
      plain(res, 404, 'Not found');
      return true;
    }
    const body = await readFile(file);
    const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    if (sendStreamed && isStreamed(url) && contentType.startsWith('text/html') && req.method === 'GET') {
      // No length: the page goes out in pieces, as a server that flushes early sends it.
      res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
      await sendStreamed(res, body.toString('utf8'), url);
      return true;
    }
    const compressed = compress && isCompressible(contentType) && acceptsGzip(req);
    const sent = compressed ? await gzipped(file, info, body) : body;
    res.writeHead(200, {
      'content-type': contentType,
      'content-length': sent.length,
      'cache-control': 'no-store',
      ...(compressed ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : sent);
    return true;
  };
}
