// Writes the app icons (web/public/icon-192.png, icon-512.png) with node:zlib only: the brutalist mark, a black "1"
// on the accent yellow inside a thick black frame. Run: node scripts/generate-icons.mjs (the PNGs are committed).
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const ink = [0, 0, 0];
const accent = [0xff, 0xe6, 0x00];

/** Ink where the mark is: the frame (1/12 of the side) and a "1" built from three bars. */
function isInk(x, y, size) {
  const u = size / 24; // one grid unit
  const frame = 2 * u;
  if (x < frame || y < frame || x >= size - frame || y >= size - frame) return true;
  const inBox = (left, top, right, bottom) => x >= left * u && x < right * u && y >= top * u && y < bottom * u;
  return inBox(11, 5, 14, 19) || inBox(8, 6, 11, 9) || inBox(8, 17, 17, 19);
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function iconPng(size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3); // each row starts with filter type 0
    for (let x = 0; x < size; x++) {
      const [r, g, b] = isInk(x, y, size) ? ink : accent;
      rows[row + 1 + x * 3] = r;
      rows[row + 2 + x * 3] = g;
      rows[row + 3 + x * 3] = b;
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const publicDir = join(import.meta.dirname, '..', 'web', 'public');
for (const size of [192, 512]) writeFileSync(join(publicDir, `icon-${size}.png`), iconPng(size));
console.log('Wrote web/public/icon-192.png and icon-512.png');
