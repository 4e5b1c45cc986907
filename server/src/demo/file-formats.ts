/**
 * Tiny but valid PDF, PNG and JPEG files made in code, so the demo attachments open in any viewer without binary
 * fixtures in the repository.
 */
import { deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];

// ---- PDF -------------------------------------------------------------------------------------------------------

/** A one-page PDF (US Letter) with a title and lines of text in Helvetica. ASCII text only. */
export function makePdf(title: string, lines: readonly string[]): Buffer {
  const pdfEscape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = [
    'BT /F1 20 Tf 72 720 Td',
    `(${pdfEscape(title)}) Tj`,
    '/F1 12 Tf 0 -32 Td',
    ...lines.map((line) => `(${pdfEscape(line)}) Tj 0 -18 Td`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((content, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${content}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

// ---- PNG -------------------------------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB PNG whose pixels come from `pixel(x, y)`. */
export function makePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let i = 0;
  for (let y = 0; y < height; y++) {
    raw[i++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[i++] = r;
      raw[i++] = g;
      raw[i++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, no filter, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- JPEG ------------------------------------------------------------------------------------------------------

/** Writes entropy-coded bits, stuffing a zero byte after every 0xFF as JPEG requires. */
class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  write(value: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit--) {
      this.current = (this.current << 1) | ((value >> bit) & 1);
      if (++this.used === 8) this.flushByte();
    }
  }

  finish(): number[] {
    while (this.used !== 0) this.write(1, 1);
    return this.bytes;
  }

  private flushByte(): void {
    this.bytes.push(this.current);
    if (this.current === 0xff) this.bytes.push(0);
    this.current = 0;
    this.used = 0;
  }
}

const segment = (marker: number, data: number[]) => [
  0xff,
  marker,
  (data.length + 2) >> 8,
  (data.length + 2) & 0xff,
  ...data,
];

/** DC category of a difference: the number of bits of its magnitude. */
const category = (v: number) => (v === 0 ? 0 : Math.floor(Math.log2(Math.abs(v))) + 1);

const toYCbCr = ([r, g, b]: Rgb): [number, number, number] => [
  0.299 * r + 0.587 * g + 0.114 * b,
  128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
  128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
];

/**
 * A baseline JPEG in which every 8x8 block has one colour, `block(bx, by)`. Such blocks have only a DC coefficient,
 * so the encoder needs no DCT: the DC table gives each of the 12 categories a 4-bit code and the AC table only EOB.
 */
export function makeJpeg(blocksWide: number, blocksHigh: number, block: (bx: number, by: number) => Rgb): Buffer {
  const width = blocksWide * 8;
  const height = blocksHigh * 8;
  const quantizer = 8; // DC of a flat block is 8 * (value - 128), so it quantizes to value - 128
  const app0 = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const dqt = segment(0xdb, [0, ...new Array<number>(64).fill(quantizer)]);
  const components = [1, 2, 3].flatMap((id) => [id, 0x11, 0]);
  const sof = segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, ...components]);
  const dcBits = [0, 0, 0, 12, ...new Array<number>(12).fill(0)];
  const acBits = [1, ...new Array<number>(15).fill(0)];
  const dht = segment(0xc4, [0x00, ...dcBits, ...Array.from({ length: 12 }, (_, i) => i), 0x10, ...acBits, 0x00]);
  const sos = segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]);

  const bits = new BitWriter();
  const predictors = [0, 0, 0];
  for (let by = 0; by < blocksHigh; by++) {
    for (let bx = 0; bx < blocksWide; bx++) {
      const ycc = toYCbCr(block(bx, by));
      for (let c = 0; c < 3; c++) {
        const dc = Math.round(Math.min(255, Math.max(0, ycc[c] ?? 0))) - 128;
        const diff = dc - (predictors[c] ?? 0);
        predictors[c] = dc;
        const size = category(diff);
        bits.write(size, 4);
        if (size > 0) bits.write(diff > 0 ? diff : diff + (1 << size) - 1, size);
        bits.write(0, 1); // EOB: no AC coefficients
      }
    }
  }
  return Buffer.from([0xff, 0xd8, ...app0, ...dqt, ...sof, ...dht, ...sos, ...bits.finish(), 0xff, 0xd9]);
}
