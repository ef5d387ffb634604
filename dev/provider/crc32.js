// @ts-check
// PNG chunks and ZIP entries both need the same CRC-32 (IEEE 802.3); node:zlib
// only exposes crc32 from Node 22 on, and the project supports Node 20.

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * @param {Uint8Array} bytes
 * @param {number} [previous] running value, to checksum several buffers as one
 * @returns {number} unsigned 32-bit checksum
 */
export function crc32(bytes, previous = 0) {
  let c = (previous ^ 0xffffffff) >>> 0;
  for (const byte of bytes) c = /** @type {number} */ (TABLE[(c ^ byte) & 0xff]) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
