// @ts-check
// Pages as servers that flush early send them: a static HTML page asked for
// with `?streamed` goes out in pieces, cut at each `<!-- pause -->` comment,
// each piece flushed before the pause after it. A parser then sees an element's
// open tag long before its children, and a script loaded meanwhile (an async
// module) runs while the document is still loading.
//
// A pause lasts `?streamed=MS` (500 ms when no number is given), or, while a
// test holds pages (`provider.holdPages()`), until the test releases it: the
// page is where the test wants it however slow the machine, and whichever
// driver runs the browser (classic WebDriver runs no script in a page that is
// still loading, but the provider sees every piece go out).

import { untilCount } from './hold.js';

/** @typedef {import('node:http').ServerResponse} ServerResponse */

export const PAUSE_MARK = '<!-- pause -->';
const DEFAULT_PAUSE_MS = 500;

/**
 * @typedef {object} HeldPages
 * @property {(count: number) => Promise<void>} reached resolves once streamed pages have reached this
 *   many pauses since holdPages(), every piece before each sent
 * @property {() => void} release ends the earliest pause not yet released (one reached later ends at once)
 * @property {() => void} end stops holding, and ends every pause, now and to come, at once
 */

/** @param {URL} url @returns {boolean} */
export function isStreamed(url) {
  return url.searchParams.has('streamed');
}

/** @param {URL} url @returns {number} how long an unheld pause lasts */
function pauseMsOf(url) {
  const ms = Number(url.searchParams.get('streamed') || DEFAULT_PAUSE_MS);
  return Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_PAUSE_MS;
}

/**
 * The pauses of streamed pages, and the test's hold on them.
 * @param {(ms: number) => Promise<void>} wait the server's timer, which close() cuts short
 */
export function createPagePauses(wait) {
  /** Counts since holdPages(); null while nothing holds the pauses. */
  /** @type {{ reached: number, released: number } | null} */
  let hold = null;
  /** The held pauses not yet over, earliest first: each ends when called. */
  /** @type {(() => void)[]} */
  const waiting = [];
  /** @type {Set<() => void>} */
  const onReached = new Set();

  /** Ends each held pause the test has released. */
  const endReleased = () => {
    while (hold && waiting.length > 0 && hold.released > hold.reached - waiting.length) waiting.shift()?.();
  };

  /** @type {HeldPages} */
  const handle = {
    reached(count) {
      return untilCount(count, () => hold?.reached ?? 0, onReached);
    },
    release() {
      if (!hold) return;
      hold.released += 1;
      endReleased();
    },
    end() {
      hold = null;
      for (const go of waiting.splice(0)) go();
    },
  };

  /** @param {URL} url @returns {Promise<void>} one pause of a streamed page */
  const pause = (url) => {
    if (!hold) return wait(pauseMsOf(url));
    hold.reached += 1;
    /** @type {Promise<void>} */
    const ended = new Promise((resolve) => waiting.push(resolve));
    endReleased();
    for (const check of [...onReached]) check();
    return ended;
  };

  return {
    /** Holds every pause from now on; a hold already on goes on. */
    hold() {
      hold ??= { reached: 0, released: 0 };
      return handle;
    },
    /**
     * Sends `page` in pieces, cut at each PAUSE_MARK, pausing after each piece but the last.
     * Stops when the browser goes away.
     * @param {ServerResponse} res with its status and headers written
     * @param {string} page
     * @param {URL} url
     */
    async send(res, page, url) {
      const pieces = page.split(PAUSE_MARK);
      for (const [index, piece] of pieces.entries()) {
        if (res.destroyed) return;
        if (index > 0) await pause(url);
        if (res.destroyed) return;
        res.write(piece);
      }
      res.end();
    },
    /** Lets every page go on, as the server closes. */
    releaseAll() {
      handle.end();
    },
  };
}
