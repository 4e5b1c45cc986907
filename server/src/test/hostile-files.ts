/**
 * A corpus of hostile uploads for the API tests, made in code (no binary fixtures): oversize, wrong magic bytes,
 * polyglots, a pixel bomb, zip bombs (deflated with node:zlib so they stay small and fast), too many entries, path
 * traversal, damaged archives and an empty file. Every upload route must refuse each with a 4xx and a message, and
 * store nothing.
 */
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { PHOTO_MAX_FILE_BYTES, PROGRAMMING_TEST_MAX_BYTES } from '@strand/domain';
import { makePng } from '../demo/file-formats.js';

// ---- PNG -------------------------------------------------------------------------------------------------------

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function ihdr(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.writeUInt8(8, 8); // bit depth
  data.writeUInt8(2, 9); // RGB
  return pngChunk('IHDR', data);
}

/** A small real PNG (40 × 30). */
export const smallPng = () => makePng(40, 30, (x, y) => [x * 6, y * 8, 120]);

/** A well-formed PNG whose header claims `width` × `height` pixels, a few hundred bytes long (a pixel bomb). */
export function claimedSizePng(width: number, height: number): Buffer {
  // One row of zeros, deflated: tiny, and decoding would still allocate width × height × 3 bytes.
  const idat = deflateSync(Buffer.alloc(width * 3 + 1));
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A valid PNG of exactly `size` bytes: a real picture with a private ancillary chunk of padding before IEND. */
export function paddedPng(size: number): Buffer {
  const png = smallPng();
  const iend = png.subarray(png.length - 12);
  const pad = size - png.length - 12;
  if (pad < 0) throw new Error(`paddedPng: at least ${png.length + 12} bytes`);
  return Buffer.concat([png.subarray(0, png.length - 12), pngChunk('prVt', Buffer.alloc(pad)), iend]);
}

// ---- zip -------------------------------------------------------------------------------------------------------

export interface ZipEntrySpec {
  name: string;
  data: Buffer;
  deflate?: boolean;
  /** Write this as the uncompressed size instead of the true one (a lying directory). */
  declaredSize?: number;
}

/** A zip archive built byte by byte: local headers, data, central directory, end record. */
export function makeZip(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const packed = e.deflate ? deflateRawSync(e.data, { level: 9 }) : e.data;
    const size = e.declaredSize ?? e.data.length;
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A good programming-test archive: a little source code, deflated. */
export const goodZip = () =>
  makeZip([
    { name: 'solution/README.md', data: Buffer.from('# My solution\n'), deflate: true },
    { name: 'solution/main.py', data: Buffer.from('print("hello")\n'.repeat(40)), deflate: true },
  ]);

/** A zip whose central directory is cut in half while its end record still points at the whole of it. */
function truncatedDirectoryZip(): Buffer {
  const zip = goodZip();
  const end = zip.subarray(zip.length - 22);
  const cdSize = end.readUInt32LE(12);
  const cdOffset = end.readUInt32LE(16);
  return Buffer.concat([zip.subarray(0, cdOffset + Math.floor(cdSize / 2)), end]);
}

// ---- the corpus ------------------------------------------------------------------------------------------------

export interface HostileFile {
  /** What it is, for test names. */
  label: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

const file = (label: string, fileName: string, contentType: string, bytes: Buffer): HostileFile => ({
  label,
  fileName,
  contentType,
  bytes,
});

/** A deterministic run of bytes that deflate cannot shrink (for junk and padding). */
function junk(length: number, seed = 1): Buffer {
  const out = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const HTML = Buffer.from(
  '<html><body><script>fetch("/api/auth/me").then(r=>r.text()).then(alert)</script></body></html>',
);

/** A GIF that is also JavaScript: `GIF89a/*` starts a comment, the script follows the GIF's trailer. */
function gifJsPolyglot(): Buffer {
  const gif = Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from('/*', 'latin1'), // width 0x2a2f: the bytes open a JavaScript comment
    Buffer.from([0x01, 0x00, 0x00, 0x00, 0x00]), // height 1, no colour table
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x4c, 0x01, 0x00]), // one 1 × 1 frame
    Buffer.from([0x3b]),
  ]);
  return Buffer.concat([gif, Buffer.from('*/=1;alert(document.domain);//', 'latin1')]);
}

/** Files no image route may take (the oversize one is per route: see `oversizeImage`). */
export function hostileImages(): HostileFile[] {
  const png = smallPng();
  return [
    file('wrong magic bytes', 'photo.png', 'image/png', Buffer.from('this is plain text pretending to be a png')),
    file('zero-byte file', 'empty.png', 'image/png', Buffer.alloc(0)),
    file('PNG followed by a zip (polyglot)', 'poly-zip.png', 'image/png', Buffer.concat([png, goodZip()])),
    file(
      'PNG header followed by HTML/script (polyglot)',
      'poly-html.png',
      'image/png',
      Buffer.concat([PNG_SIGNATURE, ihdr(40, 30), HTML]),
    ),
    file('PNG with a script after its end (polyglot)', 'poly-tail.png', 'image/png', Buffer.concat([png, HTML])),
    file('GIF/JavaScript polyglot', 'poly.gif', 'image/gif', gifJsPolyglot()),
    file('pixel bomb PNG (20000 × 20000)', 'bomb.png', 'image/png', claimedSizePng(20_000, 20_000)),
    file('pixel budget PNG (8000 × 8000, 64 MP)', 'budget.png', 'image/png', claimedSizePng(8_000, 8_000)),
    file('PNG cut short', 'truncated.png', 'image/png', png.subarray(0, png.length - 20)),
    file('zip bomb sent as a photo', 'bomb.zip', 'application/zip', zipBomb()),
  ];
}

/** An image over the per-file limit of the photo and contractor routes. */
export const oversizeImage = () => file('oversize image', 'huge.png', 'image/png', paddedPng(PHOTO_MAX_FILE_BYTES + 1));

/** 60 MB of zeros in one deflated entry: about 60 KB on the wire. */
export function zipBomb(): Buffer {
  return makeZip([{ name: 'bomb.bin', data: Buffer.alloc(60 * 1_048_576), deflate: true }]);
}

/** Files the programming-test route must refuse, and the message (part) each must carry. */
export function hostileZips(): Array<HostileFile & { message: RegExp }> {
  const z = (label: string, bytes: Buffer, message: RegExp, fileName = 'solution.zip') => ({
    ...file(label, fileName, 'application/zip', bytes),
    message,
  });
  const notZip = /This file is not a \.zip file! You must submit a \.zip file\./;
  const damaged = /This \.zip file is damaged/;
  return [
    z('oversize zip', Buffer.concat([goodZip(), junk(PROGRAMMING_TEST_MAX_BYTES)]), /too large/),
    z('wrong magic bytes', Buffer.from('definitely not a zip archive'), notZip),
    z('zero-byte file', Buffer.alloc(0), /zip/),
    z('PNG with a zip appended (polyglot)', Buffer.concat([smallPng(), goodZip()]), notZip),
    z('GIF/JavaScript polyglot', gifJsPolyglot(), notZip),
    z('zip that is also a web page (polyglot)', Buffer.concat([goodZip().subarray(0, 30), HTML]), damaged),
    z('11-byte fake zip', Buffer.from('PK\x03\x04fakezip', 'latin1'), damaged),
    z('PK header then junk', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), junk(4000)]), damaged),
    z('truncated central directory', truncatedDirectoryZip(), damaged),
    z('zip bomb (60 MB of zeros)', zipBomb(), /unpacks to more than 50 MB/),
    z(
      'compression ratio of a bomb (5 MB of zeros)',
      makeZip([{ name: 'zeros.bin', data: Buffer.alloc(5 * 1_048_576), deflate: true }]),
      /compressed [\d,]+:1, as zip bombs are/,
    ),
    z(
      'directory that lies about the size',
      makeZip([{ name: 'small.txt', data: Buffer.alloc(20 * 1_048_576), deflate: true, declaredSize: 1000 }]),
      /unpacks to more than its directory says/,
    ),
    z(
      'too many entries (2001)',
      makeZip(Array.from({ length: 2001 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('x') }))),
      /has 2,001 entries; at most 2,000/,
    ),
    z('traversal ../x', makeZip([{ name: '../x', data: Buffer.from('x') }]), /"\.\.\/x" .*"\.\." folder step/),
    z('traversal a/../../x', makeZip([{ name: 'a/../../x', data: Buffer.from('x') }]), /"\.\." folder step/),
    z('absolute /etc/passwd', makeZip([{ name: '/etc/passwd', data: Buffer.from('x') }]), /starts at the root/),
    z('absolute \\x', makeZip([{ name: '\\x', data: Buffer.from('x') }]), /starts at the root/),
    z('drive letter C:\\x', makeZip([{ name: 'C:\\x', data: Buffer.from('x') }]), /names a drive letter/),
  ];
}
