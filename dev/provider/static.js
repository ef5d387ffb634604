// @ts-check
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * @returns {(req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>}
 *   resolves false when no prefix matches, so the caller can answer 404 itself
 */
export function createStaticHandler(staticDirs, sendStreamed) {
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
    res.writeHead(200, {
      'content-type': contentType,
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
