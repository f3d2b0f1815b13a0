/**
 * Demo product pictures, drawn at seed time (docs/marketplaces.md "Product images"): a 48 × 48 PNG
 * per product, a tile in a colour of its own with a lighter shape (circle, square, diamond or
 * triangle), both picked from the SKU, so the same product always gets the same bytes. They are
 * stored as uploads are (the object store, a product_images row with its storage key), so the
 * console shows them from its own server with no network.
 */
import { deflateSync } from 'node:zlib';

const SIZE = 48;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(b: Uint8Array): number {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** FNV-1a: a stable number from the SKU. */
function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

const SHAPES: ((x: number, y: number) => boolean)[] = [
  (x, y) => x * x + y * y <= 0.36, // circle
  (x, y) => Math.abs(x) <= 0.5 && Math.abs(y) <= 0.5, // square
  (x, y) => Math.abs(x) + Math.abs(y) <= 0.7, // diamond
  (x, y) => y <= 0.5 && y >= -0.6 && Math.abs(x) <= (y + 0.6) / 1.1 * 0.6, // triangle
];

/** The demo picture of a product: PNG bytes, the same for the same SKU. */
export function demoImagePng(sku: string): Buffer {
  const h = hashOf(sku);
  const hue = h % 360;
  const bg = hsl(hue, 0.55, 0.45);
  const fg = hsl((hue + 30) % 360, 0.7, 0.82);
  const inside = SHAPES[(h >>> 9) % SHAPES.length];
  const raw = Buffer.alloc(SIZE * (1 + SIZE * 3));
  for (let y = 0; y < SIZE; y++) {
    const row = y * (1 + SIZE * 3); // filter byte 0 (none), then RGB
    for (let x = 0; x < SIZE; x++) {
      const c = inside((x + 0.5) / (SIZE / 2) - 1, (y + 0.5) / (SIZE / 2) - 1) ? fg : bg;
      raw.set(c, row + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIZE, 0);
  ihdr.writeUInt32BE(SIZE, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
