/**
 * The files behind the demo attachments and restoration-ticket images. Their bytes are made in code and are the
 * same on every run, so the size and sha256 stored in the database match what writeDemoFiles puts on disk.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileStore } from '../integrations/storage/file-store.js';
import { SENT_FAX_FILES } from './customer-services.js';
import { makeJpeg, makePdf, makePng, type Rgb } from './file-formats.js';
import { FAX_FILES } from './services.js';

export interface DemoFile {
  storageKey: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
  sizeBytes: number;
  sha256: string;
}

function file(storageKey: string, contentType: string, bytes: Buffer): DemoFile {
  return {
    storageKey,
    fileName: path.posix.basename(storageKey),
    contentType,
    bytes,
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** A "photo": sky over grass with a fiber pedestal, in 8x8 blocks. */
function photo(sky: Rgb, ground: Rgb, accent: Rgb): Buffer {
  return makeJpeg(16, 12, (bx, by) => {
    if (bx >= 7 && bx <= 8 && by >= 5) return accent;
    return by < 5 ? mix(sky, [255, 255, 255], by / 6) : mix(ground, [40, 60, 20], (by - 5) / 8);
  });
}

/** A "screenshot": a light card with a coloured header bar and a signal meter. */
function screenshot(header: Rgb): Buffer {
  return makePng(160, 100, (x, y) => {
    if (y < 18) return header;
    if (y > 40 && y < 60 && x > 20 && x < 20 + 120 * 0.8) return [46, 160, 67];
    if (y > 40 && y < 60 && x >= 20 && x < 140) return [220, 220, 220];
    return (x + y) % 40 === 0 ? [230, 236, 242] : [248, 250, 252];
  });
}

const sitePlan = makePdf('Site plan - Work order 100001', [
  'Customer: Rhonda Reyes, 2208 Clark Ln, Columbia, MO 65202',
  'Drop: aerial from pole CLM-P-2231 to the east wall, about 140 ft.',
  'ONT: garage, east wall, next to the electrical panel.',
  'Router: living room; run Cat6 through the attic.',
  'Locates requested; dog in the back yard.',
]);

const spliceDiagram = makePdf('Splice diagram - Work order 100004', [
  'Hand hole HH-CLM-3307, case FOSC 450 B.',
  'Feeder 144F buffer tube 3 (green): fibers 25-36 to splitter SPL-CLM-021.',
  'Drop fibers: blue to port 5, orange to port 6.',
  'Test with OTDR at 1310/1550 nm after splicing.',
]);

const constructionPrint = makePdf('Construction print - Business Construction', [
  'Place 2 in. conduit, 420 ft, from HH-CLM-4410 to the building demarc.',
  'Bore under the parking lot entrance; call 811 before digging.',
  'Restore landscaping to the condition found.',
]);

export const DEMO_FILES = {
  sitePlan: file('demo/100001/site-plan.pdf', 'application/pdf', sitePlan),
  ontPhoto: file('demo/100001/ont-signal.png', 'image/png', screenshot([11, 79, 108])),
  dropPhoto: file('demo/100001/drop-route.jpg', 'image/jpeg', photo([120, 170, 230], [70, 140, 50], [90, 90, 90])),
  spliceDiagram: file('demo/100004/splice-diagram.pdf', 'application/pdf', spliceDiagram),
  spliceCase: file('demo/100004/splice-case.jpg', 'image/jpeg', photo([150, 180, 220], [110, 100, 70], [20, 20, 20])),
  constructionPrint: file('demo/110001/construction-print.pdf', 'application/pdf', constructionPrint),
} as const;

/** One image per restoration ticket (index 0 .. RESTORATION_IMAGE_COUNT - 1). */
export const RESTORATION_IMAGE_COUNT = 8;
export const RESTORATION_IMAGES: readonly DemoFile[] = Array.from({ length: RESTORATION_IMAGE_COUNT }, (_, i) =>
  file(
    `demo/restoration/ticket-${i + 1}.jpg`,
    'image/jpeg',
    photo([110 + i * 10, 160, 225], [120 - i * 5, 95 + i * 4, 60], [150, 75 + i * 10, 40]),
  ),
);

export function allDemoFiles(): DemoFile[] {
  return [...Object.values(DEMO_FILES), ...RESTORATION_IMAGES, ...FAX_FILES, ...SENT_FAX_FILES];
}

/** Writes every demo file to `${dataDir}/files/<storage key>`; returns the paths written. */
export function writeDemoFiles(dataDir: string): string[] {
  return allDemoFiles().map((f) => {
    const target = path.join(dataDir, 'files', ...f.storageKey.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, f.bytes);
    return target;
  });
}

/** Stores every demo file under its storage key in the app's file store (the database's or the disk's). */
export async function storeDemoFiles(files: FileStore): Promise<number> {
  const all = allDemoFiles();
  for (const f of all) await files.put(f.storageKey, f.bytes);
  return all.length;
}
