// @ts-check
import { deflateSync } from 'node:zlib';
import { crc32 } from './crc32.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * @param {string} type four ASCII letters
 * @param {Buffer} data
 */
function chunk(type, data) {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * Encodes 8-bit RGB pixels as a PNG. Every scanline uses filter 0: the images
 * are tiny, so better compression is not worth the code.
 * @param {number} width
 * @param {number} height
 * @param {Uint8Array} rgb width * height * 3 bytes, row by row
 * @returns {Buffer}
 */
export function encodePng(width, height, rgb) {
  if (rgb.length !== width * height * 3) throw new RangeError('pixel buffer does not match the size');
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0;
    raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  // bytes 10..12 stay 0: deflate, adaptive filtering, no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
