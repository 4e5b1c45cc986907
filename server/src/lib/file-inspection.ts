/**
 * Deep checks of uploaded files, past their magic bytes, so a hostile file is refused before it is stored:
 * - images: the dimensions read from the header without decoding (image-size), refused over a side and a pixel
 *   budget (a 1 MB PNG can claim 20,000 × 20,000 pixels and take gigabytes to decode); PNG, GIF and WebP walked
 *   block by block, so a damaged header, a truncated file or data after the picture's end (a polyglot: a PNG that is
 *   also a zip or an HTML page, a GIF that is also a script) is refused; any image carrying HTML/script markup or
 *   a zip archive's directory is refused too;
 * - zip archives (the programming test): the central directory read (zip64 too), and refused when damaged, with too
 *   many entries, unpacking to too much, compressed like a bomb, with overlapping entries, or with entry names that
 *   climb out of the folder (`..`, `/x`, `\x`, `C:x`); every entry is then inflated with a cap and its size and
 *   CRC-32 compared, so sizes in the directory that lie are caught as well.
 * Each refusal is a 400 whose message names the file and what is wrong.
 */
import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';
import { imageSize } from 'image-size';
import { badRequest, type HttpError } from './errors.js';

export interface ImageLimits {
  /** The longest side, in pixels. */
  maxSidePixels: number;
  /** Width × height, in pixels. */
  maxPixels: number;
}

export interface ZipLimits {
  maxEntries: number;
  /** The sum of the entries' unpacked sizes. */
  maxUncompressedBytes: number;
  /** Unpacked ÷ packed, for entries that unpack to more than `ratioMinBytes`. */
  maxCompressionRatio: number;
  ratioMinBytes: number;
}

const inflateRawAsync = promisify(inflateRaw);

const fmt = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1).replace(/\.0$/, '')} MB`;

// ---- polyglot signs shared by every file type ------------------------------------------------------------------

/** HTML or script markup a browser (or a sniffing proxy) could run; no real picture carries it. */
const MARKUP = /<(?:script|html|body|head|iframe|svg|object|embed|!doctype|\?php)[\s>/]/i;

export function hasMarkup(bytes: Buffer): boolean {
  return MARKUP.test(bytes.toString('latin1'));
}

/** The offset of a zip's End Of Central Directory record ending exactly at the end of the file, or -1. */
export function findEndOfCentralDirectory(bytes: Buffer): number {
  const last = bytes.length - 22;
  for (let pos = last; pos >= 0 && pos >= last - 0xffff; pos--) {
    if (bytes.readUInt32LE(pos) === 0x06054b50 && pos + 22 + bytes.readUInt16LE(pos + 20) === bytes.length) {
      return pos;
    }
  }
  return -1;
}

// ---- images ----------------------------------------------------------------------------------------------------

type Walk = { ok: true } | { ok: false; problem: string };
const bad = (problem: string): Walk => ({ ok: false, problem });
const TRAILING = 'it has other data after the end of the picture';
const TRUNCATED = 'the file is cut short';

/** PNG: IHDR first, every chunk whole with a correct CRC, IEND last and nothing after it. */
function walkPng(b: Buffer): Walk {
  let pos = 8;
  let first = true;
  while (pos + 12 <= b.length) {
    const length = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    if (first && (type !== 'IHDR' || length !== 13)) return bad('its header is damaged');
    first = false;
    if (length > 0x7fffffff || pos + 12 + length > b.length) return bad(TRUNCATED);
    if (crc32(b.subarray(pos + 4, pos + 8 + length)) !== b.readUInt32BE(pos + 8 + length)) {
      return bad(`its ${/^[A-Za-z]{4}$/.test(type) ? type : 'data'} block is damaged`);
    }
    pos += 12 + length;
    if (type === 'IEND') return pos === b.length ? { ok: true } : bad(TRAILING);
  }
  return bad(first ? 'its header is damaged' : TRUNCATED);
}

/** GIF: header, screen, colour table, then extensions and frames (each frame within the limits) to the trailer. */
function walkGif(b: Buffer, limits: ImageLimits): Walk {
  if (b.length < 13) return bad('its header is damaged');
  let pos = 13;
  const screenFlags = b.readUInt8(10);
  if (screenFlags & 0x80) pos += 3 * 2 ** ((screenFlags & 7) + 1);
  const skipSubBlocks = (): boolean => {
    while (pos < b.length) {
      const size = b.readUInt8(pos);
      pos += 1 + size;
      if (size === 0) return pos <= b.length;
    }
    return false;
  };
  while (pos < b.length) {
    const block = b.readUInt8(pos);
    if (block === 0x3b) return pos + 1 === b.length ? { ok: true } : bad(TRAILING);
    if (block === 0x21) {
      pos += 2;
      if (!skipSubBlocks()) return bad(TRUNCATED);
    } else if (block === 0x2c) {
      if (pos + 10 > b.length) return bad(TRUNCATED);
      const w = b.readUInt16LE(pos + 5);
      const h = b.readUInt16LE(pos + 7);
      const problem = sizeProblem(w, h, limits);
      if (problem) return bad(`one of its frames is ${problem}`);
      const flags = b.readUInt8(pos + 9);
      pos += 10;
      if (flags & 0x80) pos += 3 * 2 ** ((flags & 7) + 1);
      pos += 1; // LZW minimum code size
      if (!skipSubBlocks()) return bad(TRUNCATED);
    } else {
      return bad('its data is damaged');
    }
  }
  return bad(TRUNCATED);
}

/** WebP: one RIFF container whose declared size is the file's. */
function walkWebp(b: Buffer): Walk {
  if (b.length < 12) return bad('its header is damaged');
  const size = b.readUInt32LE(4) + 8;
  if (size > b.length) return bad(TRUNCATED);
  return size === b.length || (size + 1 === b.length && b[size] === 0) ? { ok: true } : bad(TRAILING);
}

function sizeProblem(width: number, height: number, limits: ImageLimits): string | null {
  if (width > limits.maxSidePixels || height > limits.maxSidePixels || width * height > limits.maxPixels) {
    return `${fmt(width)} × ${fmt(height)} pixels`;
  }
  return null;
}

const IMAGE_TYPE_OF: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/heic': ['heif'],
};

/**
 * Refuses an image (already recognised by its magic bytes as `mime`) that is too large in pixels, damaged, or more
 * than a picture. `label` names the file in the message; `field` is the form field the message belongs to.
 */
export function checkImage(bytes: Buffer, mime: string, label: string, field: string, limits: ImageLimits): void {
  const refuse = (message: string): HttpError => badRequest(message, { [field]: message });
  const limitText = `at most ${fmt(limits.maxSidePixels)} pixels on a side and ${fmt(Math.floor(limits.maxPixels / 1_000_000))} megapixels`;
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    throw refuse(`${label} could not be read as an image: its header is damaged or incomplete.`);
  }
  const { width = 0, height = 0 } = size;
  const expected = IMAGE_TYPE_OF[mime];
  if (width < 1 || height < 1 || (expected && !expected.includes(size.type ?? ''))) {
    throw refuse(`${label} could not be read as an image: its header is damaged or incomplete.`);
  }
  const tooBig = sizeProblem(width, height, limits);
  if (tooBig) throw refuse(`${label} is ${tooBig}; images may be ${limitText}.`);
  const walk =
    mime === 'image/png'
      ? walkPng(bytes)
      : mime === 'image/gif'
        ? walkGif(bytes, limits)
        : mime === 'image/webp'
          ? walkWebp(bytes)
          : ({ ok: true } as Walk);
  if (!walk.ok) {
    if (walk.problem.startsWith('one of its frames'))
      throw refuse(`${label}: ${walk.problem}; images may be ${limitText}.`);
    throw refuse(`${label} is not a usable image: ${walk.problem}.`);
  }
  checkNotPolyglot(bytes, label, field);
}

/** Refuses any uploaded file that also is a zip archive or carries HTML/script markup (a polyglot). */
export function checkNotPolyglot(
  bytes: Buffer,
  label: string,
  field: string,
  options: { markup?: boolean } = {},
): void {
  const refuse = (what: string) => {
    const message = `${label} is not a plain file: it also contains ${what}.`;
    return badRequest(message, { [field]: message });
  };
  if (findEndOfCentralDirectory(bytes) >= 0) throw refuse('a zip archive');
  if (options.markup !== false && hasMarkup(bytes)) throw refuse('web page or script code');
}

// ---- zip archives ----------------------------------------------------------------------------------------------

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/** Why an entry name could escape the folder it is unpacked into, or null. */
export function unsafeEntryName(name: string): string | null {
  if (name.includes('\0')) return 'contains a NUL character';
  if (/^[/\\]/.test(name)) return 'starts at the root of the disk';
  if (/^[A-Za-z]:/.test(name)) return 'names a drive letter';
  if (name.split(/[/\\]/).includes('..')) return 'has a ".." folder step';
  return null;
}

/**
 * Reads and checks a zip archive (already known to start with `PK`); the entries when it is acceptable. Throws a
 * 400 naming the problem (field `field`).
 */
export async function checkZip(bytes: Buffer, limits: ZipLimits, field = 'zip'): Promise<ZipEntryInfo[]> {
  const refuse = (message: string) => badRequest(message, { [field]: message });
  const damaged = (detail: string) =>
    refuse(`This .zip file is damaged: ${detail}. Make the .zip again and submit it.`);

  const eocd = findEndOfCentralDirectory(bytes);
  if (eocd < 0) throw damaged('its central directory (the list of files at its end) is missing or cut short');
  if (bytes.readUInt16LE(eocd + 4) !== 0 || bytes.readUInt16LE(eocd + 6) !== 0) {
    throw refuse('This .zip file is one part of a split archive; submit a single .zip file.');
  }
  let count = bytes.readUInt16LE(eocd + 10);
  let cdSize = bytes.readUInt32LE(eocd + 12);
  let cdOffset = bytes.readUInt32LE(eocd + 16);
  let cdLimit = eocd;
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    // zip64: the locator sits just before the classic record and points at the zip64 record.
    const locator = eocd - 20;
    if (locator < 0 || bytes.readUInt32LE(locator) !== 0x07064b50) throw damaged('its zip64 directory is missing');
    const record = Number(bytes.readBigUInt64LE(locator + 8));
    if (record + 56 > locator || bytes.readUInt32LE(record) !== 0x06064b50) {
      throw damaged('its zip64 directory is missing');
    }
    count = Number(bytes.readBigUInt64LE(record + 32));
    cdSize = Number(bytes.readBigUInt64LE(record + 40));
    cdOffset = Number(bytes.readBigUInt64LE(record + 48));
    cdLimit = record;
  }
  if (count > limits.maxEntries) {
    throw refuse(`This .zip file has ${fmt(count)} entries; at most ${fmt(limits.maxEntries)} are allowed.`);
  }
  if (cdOffset + cdSize > cdLimit) throw damaged('its central directory is cut short');

  type Entry = ZipEntryInfo & { method: number; flags: number; crc: number; offset: number; dataStart: number };
  const entries: Entry[] = [];
  let pos = cdOffset;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (pos + 46 > cdOffset + cdSize || bytes.readUInt32LE(pos) !== 0x02014b50) {
      throw damaged('its central directory is cut short');
    }
    const flags = bytes.readUInt16LE(pos + 8);
    const method = bytes.readUInt16LE(pos + 10);
    const crc = bytes.readUInt32LE(pos + 16);
    let compressedSize = bytes.readUInt32LE(pos + 20);
    let uncompressedSize = bytes.readUInt32LE(pos + 24);
    const nameLength = bytes.readUInt16LE(pos + 28);
    const extraLength = bytes.readUInt16LE(pos + 30);
    const commentLength = bytes.readUInt16LE(pos + 32);
    let offset = bytes.readUInt32LE(pos + 42);
    const end = pos + 46 + nameLength + extraLength + commentLength;
    if (end > cdOffset + cdSize) throw damaged('its central directory is cut short');
    const nameBytes = bytes.subarray(pos + 46, pos + 46 + nameLength);
    const name = nameBytes.toString(flags & 0x800 ? 'utf8' : 'latin1');
    // zip64 extra field: the 64-bit values of the fields saturated above, in this order.
    if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff || offset === 0xffffffff) {
      let x = pos + 46 + nameLength;
      const xEnd = x + extraLength;
      let found = false;
      while (x + 4 <= xEnd) {
        const id = bytes.readUInt16LE(x);
        const size = bytes.readUInt16LE(x + 2);
        if (id === 0x0001) {
          let v = x + 4;
          const next = () => {
            if (v + 8 > x + 4 + size || v + 8 > xEnd) throw damaged(`the directory entry of "${name}" is damaged`);
            const value = Number(bytes.readBigUInt64LE(v));
            v += 8;
            return value;
          };
          if (uncompressedSize === 0xffffffff) uncompressedSize = next();
          if (compressedSize === 0xffffffff) compressedSize = next();
          if (offset === 0xffffffff) offset = next();
          found = true;
          break;
        }
        x += 4 + size;
      }
      if (!found) throw damaged(`the directory entry of "${name}" is damaged`);
    }
    const unsafe = unsafeEntryName(name);
    if (unsafe) {
      throw refuse(`"${name}" in this .zip file ${unsafe}; entries must use relative paths inside the archive.`);
    }
    if (flags & 0x1) throw refuse(`"${name}" in this .zip file is password-protected; submit it without a password.`);
    if (method !== 0 && method !== 8) {
      throw refuse(
        `"${name}" in this .zip file uses a compression method we cannot check (${method}); use standard (deflate) compression.`,
      );
    }
    if (method === 0 && compressedSize !== uncompressedSize) throw damaged(`the sizes of "${name}" disagree`);
    total += uncompressedSize;
    if (total > limits.maxUncompressedBytes) {
      throw refuse(
        `This .zip file unpacks to more than ${mb(limits.maxUncompressedBytes)}; at most ${mb(limits.maxUncompressedBytes)} is allowed.`,
      );
    }
    if (
      uncompressedSize > limits.ratioMinBytes &&
      uncompressedSize > limits.maxCompressionRatio * Math.max(compressedSize, 1)
    ) {
      const ratio = Math.round(uncompressedSize / Math.max(compressedSize, 1));
      throw refuse(
        `"${name}" in this .zip file is compressed ${fmt(ratio)}:1, as zip bombs are; at most ${fmt(limits.maxCompressionRatio)}:1 is allowed.`,
      );
    }
    // The local header must agree with the directory (same name), and its data must lie before the directory.
    if (offset + 30 > cdOffset || bytes.readUInt32LE(offset) !== 0x04034b50) {
      throw damaged(`the entry "${name}" is missing`);
    }
    const localName = bytes.subarray(offset + 30, offset + 30 + bytes.readUInt16LE(offset + 26));
    if (!localName.equals(nameBytes)) throw damaged(`the two headers of "${name}" disagree`);
    const dataStart = offset + 30 + bytes.readUInt16LE(offset + 26) + bytes.readUInt16LE(offset + 28);
    if (dataStart + compressedSize > cdOffset) throw damaged(`the entry "${name}" is cut short`);
    entries.push({ name, compressedSize, uncompressedSize, method, flags, crc, offset, dataStart });
    pos = end;
  }

  // Entries that share bytes are the overlapping-file bomb: every entry must own its own stretch of the file.
  const byOffset = [...entries].sort((a, b) => a.offset - b.offset);
  for (let i = 1; i < byOffset.length; i++) {
    const prev = byOffset[i - 1] as Entry;
    const cur = byOffset[i] as Entry;
    if (cur.offset < prev.dataStart + prev.compressedSize) {
      throw refuse(`"${cur.name}" in this .zip file overlaps another entry, as zip bombs do.`);
    }
  }

  // The directory's sizes may lie: unpack each entry with its declared size as the cap and compare size and CRC.
  for (const e of entries) {
    const packed = bytes.subarray(e.dataStart, e.dataStart + e.compressedSize);
    let unpacked: Buffer;
    if (e.method === 0) {
      unpacked = packed;
    } else {
      try {
        unpacked = await inflateRawAsync(packed, { maxOutputLength: Math.max(e.uncompressedSize, 1) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          throw refuse(`"${e.name}" in this .zip file unpacks to more than its directory says, as zip bombs do.`);
        }
        throw damaged(`"${e.name}" cannot be unpacked`);
      }
    }
    if (unpacked.length !== e.uncompressedSize || crc32(unpacked) !== e.crc) {
      throw damaged(`"${e.name}" does not match its checksum`);
    }
  }
  return entries.map(({ name, compressedSize, uncompressedSize }) => ({ name, compressedSize, uncompressedSize }));
}
