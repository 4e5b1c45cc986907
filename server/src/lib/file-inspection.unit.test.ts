import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeJpeg, makePdf, makePng } from '../demo/file-formats.js';
import { goodZip, makeZip } from '../test/hostile-files.js';
import { HttpError } from './errors.js';
import { checkImage, checkNotPolyglot, checkZip, unsafeEntryName } from './file-inspection.js';

const IMAGE = { maxSidePixels: 12_000, maxPixels: 50_000_000 };
const ZIP = {
  maxEntries: 2000,
  maxUncompressedBytes: 50 * 1_048_576,
  maxCompressionRatio: 100,
  ratioMinBytes: 1_048_576,
};

const messageOf = async (fn: () => unknown) => {
  try {
    await fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(400);
    return (err as HttpError).message;
  }
  throw new Error('expected a refusal');
};

/** A zip64 archive of one stored entry: 0xFFFFFFFF in the classic fields, the real values in the zip64 records. */
function zip64Of(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const file = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(45, 4);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(file.length, 26);
  const localPart = Buffer.concat([local, file, data]);
  const extra = Buffer.alloc(4 + 24);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(24, 2);
  extra.writeBigUInt64LE(BigInt(data.length), 4);
  extra.writeBigUInt64LE(BigInt(data.length), 12);
  extra.writeBigUInt64LE(0n, 20);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(45, 4);
  central.writeUInt16LE(45, 6);
  central.writeUInt32LE(crc32(data), 16);
  central.writeUInt32LE(0xffffffff, 20);
  central.writeUInt32LE(0xffffffff, 24);
  central.writeUInt16LE(file.length, 28);
  central.writeUInt16LE(extra.length, 30);
  central.writeUInt32LE(0xffffffff, 42);
  const centralPart = Buffer.concat([central, file, extra]);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeBigUInt64LE(1n, 24);
  record.writeBigUInt64LE(1n, 32);
  record.writeBigUInt64LE(BigInt(centralPart.length), 40);
  record.writeBigUInt64LE(BigInt(localPart.length), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(localPart.length + centralPart.length), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([localPart, centralPart, record, locator, end]);
}

describe('checkZip', () => {
  it('takes a real archive and lists its entries', async () => {
    const entries = await checkZip(goodZip(), ZIP);
    expect(entries.map((e) => e.name)).toEqual(['solution/README.md', 'solution/main.py']);
  });

  it('takes an empty archive and a zip64 archive', async () => {
    expect(await checkZip(makeZip([]), ZIP)).toEqual([]);
    expect(await checkZip(zip64Of('src/a.txt', 'hello zip64'), ZIP)).toEqual([
      { name: 'src/a.txt', compressedSize: 11, uncompressedSize: 11 },
    ]);
  });

  it('refuses a zip64 archive whose zip64 records are missing', async () => {
    const z = zip64Of('a.txt', 'x');
    const broken = Buffer.concat([z.subarray(0, z.length - 42), z.subarray(z.length - 22)]);
    expect(await messageOf(() => checkZip(broken, ZIP))).toMatch(/damaged: its zip64 directory is missing/);
  });

  it('refuses overlapping entries (the overlapping-file bomb)', async () => {
    const zip = makeZip([
      { name: 'a.txt', data: Buffer.from('aaaa') },
      { name: 'a.txt', data: Buffer.from('bbbb') },
    ]);
    // Point the second directory entry at the first's local header: the same bytes unpacked twice.
    const cd = zip.readUInt32LE(zip.length - 22 + 16);
    const second = cd + 46 + 'a.txt'.length;
    zip.writeUInt32LE(0, second + 42);
    expect(await messageOf(() => checkZip(zip, ZIP))).toMatch(/"a.txt" in this .zip file overlaps another entry/);
    // A directory entry whose local header names another file is damaged.
    const renamed = makeZip([
      { name: 'a.txt', data: Buffer.from('aaaa') },
      { name: 'b.txt', data: Buffer.from('bbbb') },
    ]);
    renamed.writeUInt32LE(0, renamed.readUInt32LE(renamed.length - 22 + 16) + 46 + 5 + 42);
    expect(await messageOf(() => checkZip(renamed, ZIP))).toMatch(/the two headers of "b.txt" disagree/);
  });

  it('refuses a wrong checksum, encryption and an unknown compression method', async () => {
    const zip = makeZip([{ name: 'a.txt', data: Buffer.from('hello'), deflate: true }]);
    const cd = zip.readUInt32LE(zip.length - 22 + 16);
    const badCrc = Buffer.from(zip);
    badCrc.writeUInt32LE(0x12345678, cd + 16);
    expect(await messageOf(() => checkZip(badCrc, ZIP))).toMatch(/"a.txt" does not match its checksum/);
    const encrypted = Buffer.from(zip);
    encrypted.writeUInt16LE(0x801, cd + 8);
    expect(await messageOf(() => checkZip(encrypted, ZIP))).toMatch(/password-protected/);
    const bzip2 = Buffer.from(zip);
    bzip2.writeUInt16LE(12, cd + 10);
    expect(await messageOf(() => checkZip(bzip2, ZIP))).toMatch(/compression method we cannot check \(12\)/);
  });

  it('refuses deflate data that cannot be unpacked', async () => {
    const zip = makeZip([{ name: 'a.txt', data: Buffer.from('hello world'), deflate: true }]);
    const start = 30 + 'a.txt'.length;
    zip.fill(0xff, start, start + deflateRawSync(Buffer.from('hello world')).length);
    expect(await messageOf(() => checkZip(zip, ZIP))).toMatch(/damaged: "a.txt" cannot be unpacked/);
  });
});

describe('unsafeEntryName', () => {
  it('names what is wrong and lets relative names pass', () => {
    expect(unsafeEntryName('src/main.py')).toBeNull();
    expect(unsafeEntryName('a..b/c..')).toBeNull();
    expect(unsafeEntryName('../x')).toMatch(/\.\./);
    expect(unsafeEntryName('a\\..\\x')).toMatch(/\.\./);
    expect(unsafeEntryName('/etc/passwd')).toMatch(/root/);
    expect(unsafeEntryName('\\x')).toMatch(/root/);
    expect(unsafeEntryName('C:\\x')).toMatch(/drive/);
    expect(unsafeEntryName('c:x')).toMatch(/drive/);
  });
});

describe('checkImage', () => {
  it('takes the demo PNG and JPEG files', () => {
    expect(() =>
      checkImage(
        makePng(40, 30, () => [1, 2, 3]),
        'image/png',
        'a.png',
        'file_0',
        IMAGE,
      ),
    ).not.toThrow();
    expect(() =>
      checkImage(
        makeJpeg(4, 3, () => [200, 10, 10]),
        'image/jpeg',
        'a.jpg',
        'file_0',
        IMAGE,
      ),
    ).not.toThrow();
  });

  it('refuses a JPEG carrying a script', async () => {
    const jpeg = Buffer.concat([makeJpeg(2, 2, () => [0, 0, 0]), Buffer.from('<script>alert(1)</script>')]);
    expect(await messageOf(() => checkImage(jpeg, 'image/jpeg', 'x.jpg', 'file_0', IMAGE))).toBe(
      'x.jpg is not a plain file: it also contains web page or script code.',
    );
  });

  it('refuses a GIF whose frame is larger than the limits although its screen is small', async () => {
    const gif = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([1, 0, 1, 0, 0, 0, 0]),
      Buffer.from([0x2c, 0, 0, 0, 0, 0x20, 0x4e, 0x20, 0x4e, 0, 0x02, 0x02, 0x4c, 0x01, 0x00]), // 20000 × 20000
      Buffer.from([0x3b]),
    ]);
    expect(await messageOf(() => checkImage(gif, 'image/gif', 'x.gif', 'file_0', IMAGE))).toMatch(
      /one of its frames is 20,000 × 20,000 pixels/,
    );
  });

  it('refuses a WebP with data after its RIFF container', async () => {
    const vp8l = Buffer.from([0x2f, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]); // 1 × 1 lossless header
    const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), Buffer.from([8, 0, 0, 0]), vp8l]);
    const riff = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('WEBP', 'latin1'), chunk]);
    riff.writeUInt32LE(riff.length - 8, 4);
    expect(() => checkImage(riff, 'image/webp', 'ok.webp', 'f', IMAGE)).not.toThrow();
    const tail = Buffer.concat([riff, Buffer.from('PAYLOAD')]);
    expect(await messageOf(() => checkImage(tail, 'image/webp', 'x.webp', 'f', IMAGE))).toMatch(
      /other data after the end of the picture/,
    );
  });
});

describe('checkNotPolyglot', () => {
  it('lets a PDF through and refuses one that is also a zip', async () => {
    const pdf = makePdf('Print', ['line']);
    expect(() => checkNotPolyglot(pdf, 'a.pdf', 'f', { markup: false })).not.toThrow();
    expect(await messageOf(() => checkNotPolyglot(Buffer.concat([pdf, goodZip()]), 'a.pdf', 'f'))).toBe(
      'a.pdf is not a plain file: it also contains a zip archive.',
    );
  });
});
