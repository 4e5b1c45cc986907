/** Helpers of the offline browser tests (issue 5): the service worker, photos, and the stored attachments. */
import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { withTestDb } from './db';

/** Waits until the service worker controls nothing yet but is active: a reload is then served offline. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real PNG of one colour (`seed` varies it), optionally padded to `size` bytes (a valid PNG all the same). */
export function pngBytes(seed: number, size?: number): Buffer {
  const w = 8;
  const rows = Buffer.alloc((w * 3 + 1) * w);
  for (let y = 0; y < w; y++) for (let x = 0; x < w * 3; x++) rows[y * (w * 3 + 1) + 1 + x] = (seed * 37 + x) & 0xff;
  const head = Buffer.alloc(13);
  head.writeUInt32BE(w, 0);
  head.writeUInt32BE(w, 4);
  head.set([8, 2, 0, 0, 0], 8);
  const picture = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', head),
    chunk('IDAT', deflateSync(rows)),
  ]);
  const end = chunk('IEND', Buffer.alloc(0));
  // Padding goes into a private ancillary chunk before IEND: the server refuses data after a PNG's end (a polyglot).
  const pad = size ? size - picture.length - end.length - 12 : -1;
  return pad >= 0 ? Buffer.concat([picture, chunk('prVt', Buffer.alloc(pad)), end]) : Buffer.concat([picture, end]);
}

/** The attachments stored for a work order in the test server's database, oldest first. */
export function storedAttachments(
  workOrderId: number,
): Promise<{ file_name: string; idempotency_key: string | null }[]> {
  return withTestDb((db) =>
    db.all<{ file_name: string; idempotency_key: string | null }>(
      'SELECT file_name, idempotency_key FROM attachments WHERE work_order_id = ? ORDER BY id',
      workOrderId,
    ),
  );
}
