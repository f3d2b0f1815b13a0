/**
 * A small ZIP writer for the tenant export (docs/governance.md "Exports"): each file deflated with
 * node:zlib, CRC-32 from node:zlib, the local headers, the central directory and its end record of
 * the ZIP format (APPNOTE 4.3; no ZIP64, so the archive and each file stay under 4 GiB, far above
 * what a tenant export holds in memory). UTF-8 names (general purpose bit 11).
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipFile { name: string; bytes: Uint8Array }

const DOS_DATE_1980 = (1 << 5) | 1; // 1980-01-01: a fixed time keeps the archive a function of its files

export function zip(files: readonly ZipFile[]): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const data = deflateRawSync(f.bytes);
    const crc = crc32(f.bytes) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(DOS_DATE_1980, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(f.bytes.byteLength, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, data);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4); // made by
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x0800, 8);
    c.writeUInt16LE(8, 10);
    c.writeUInt16LE(0, 12);
    c.writeUInt16LE(DOS_DATE_1980, 14);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(data.length, 20);
    c.writeUInt32LE(f.bytes.byteLength, 24);
    c.writeUInt16LE(name.length, 28);
    // extra, comment, disk, internal attributes, external attributes: 0
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    offset += local.length + name.length + data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, dir, end]));
}
