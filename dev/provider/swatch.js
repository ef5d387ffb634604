// @ts-check
// Procedural material swatches, so the demo looks like a catalogue without
// shipping any image files. Deterministic: the same path always gives the
// same pixels.

/** @typedef {import('./seed.js').Look} Look */
/** @typedef {import('./seed.js').Pattern} Pattern */

/** FNV-1a, 32 bit. @param {string} text */
export function hashString(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A repeatable pseudo-random value in [0, 1) for one lattice point. */
function lattice(/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ seed) {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
}

/** Smooth value noise in [0, 1). */
function noise(/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ seed) {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const top = lattice(x0, y0, seed) * (1 - sx) + lattice(x0 + 1, y0, seed) * sx;
  const bottom = lattice(x0, y0 + 1, seed) * (1 - sx) + lattice(x0 + 1, y0 + 1, seed) * sx;
  return top * (1 - sy) + bottom * sy;
}

/**
 * Brightness factor of one pixel; coordinates are in a 64-unit square so a
 * pattern looks the same at every resolution.
 * @type {Record<Pattern, (x: number, y: number, seed: number) => number>}
 */
const PATTERNS = {
  grain: (x, y, seed) => {
    const t = x / 4.5 + 2.2 * Math.sin(y / 12 + (seed % 7)) + 3 * noise(x / 10, y / 28, seed);
    return 0.8 + 0.16 * Math.sin(t) ** 2 + 0.06 * noise(x, y / 6, seed);
  },
  speckle: (x, y, seed) => {
    const fleck = lattice(x * 4, y * 4, seed);
    return 0.86 + 0.16 * noise(x / 7, y / 7, seed) + (fleck > 0.94 ? -0.22 : fleck * 0.06);
  },
  brushed: (x, y, seed) => {
    const sheen = Math.max(0, 1 - Math.abs(x - y) / 40);
    return 0.8 + 0.1 * noise(x / 24, y * 2, seed) + 0.04 * lattice(x * 8, y * 8, seed) + 0.18 * sheen;
  },
  weave: (x, y) => {
    const across = (Math.floor(x / 4) + Math.floor(y / 4)) % 2 === 0;
    const thread = across ? (y % 4) / 4 : (x % 4) / 4;
    return 0.82 + 0.18 * Math.sin(thread * Math.PI);
  },
  tile: (x, y, seed) => {
    const grout = x % 32 < 1.5 || y % 32 < 1.5;
    return grout
      ? 1.25
      : 0.9 + 0.12 * noise(x / 9, y / 9, seed) - 0.06 * noise(Math.floor(x / 32), Math.floor(y / 32), seed);
  },
  marble: (x, y, seed) => {
    const t = Math.sin((x + y) / 9 + 5 * noise(x / 14, y / 14, seed));
    return 1 - 0.35 * (1 - Math.abs(t)) ** 10 - 0.05 * noise(x / 4, y / 4, seed);
  },
  velvet: (x, y, seed) => {
    const d2 = (x - 20) ** 2 + (y - 18) ** 2;
    return 0.75 + 0.6 * Math.exp(-d2 / 700) + 0.05 * noise(x / 2, y / 2, seed);
  },
  plain: (x, y, seed) => 0.95 + 0.08 * noise(x / 12, y / 12, seed),
};

/** @param {number} hue 0..360 @returns {[number, number, number]} */
function hueToRgb(hue) {
  const s = 0.45;
  const l = 0.55;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hue < 60
      ? [c, x, 0]
      : hue < 120
        ? [x, c, 0]
        : hue < 180
          ? [0, c, x]
          : hue < 240
            ? [0, x, c]
            : hue < 300
              ? [x, 0, c]
              : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

/**
 * @param {number} size edge length in pixels
 * @param {string} path the file's path; seeds the variation between files
 * @param {Look | null} look the material's colour and pattern; without one the colour comes from the path
 * @returns {Uint8Array} size * size RGB pixels
 */
export function renderSwatch(size, path, look) {
  const seed = hashString(path);
  const colour = look?.colour ?? hueToRgb(seed % 360);
  const shade = PATTERNS[look?.pattern ?? 'plain'];
  // Files of one material differ a little, so a test or a viewer can tell them apart.
  const tint = 0.94 + ((seed >>> 9) % 13) / 100;
  const rgb = new Uint8Array(size * size * 3);
  const unit = 64 / size;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const f = shade(x * unit, y * unit, seed & 0xffff) * tint;
      const i = (y * size + x) * 3;
      for (let c = 0; c < 3; c++) rgb[i + c] = Math.max(0, Math.min(255, Math.round((colour[c] ?? 0) * f)));
    }
  }
  return rgb;
}
