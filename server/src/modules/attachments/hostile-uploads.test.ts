/**
 * Every upload route against the hostile-upload corpus (test/hostile-files.ts): the installer's photos, the
 * contractor's files and the programming-test submission each refuse every file with a 4xx and a message, and store
 * nothing (no row, no file on disk, no temporary file). A full disk is a 507 with a plain message on each route.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createLocalFileStore, DISK_FULL_MESSAGE, type FileStore } from '../../integrations/storage/file-store.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import {
  goodZip,
  type HostileFile,
  hostileImages,
  hostileZips,
  oversizeImage,
  paddedPng,
  smallPng,
} from '../../test/hostile-files.js';
import { multipart } from '../../test/multipart.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let applicantToken = '';
let keySeq = 0;
const newKey = () => `hostile-key-${++keySeq}-${Date.now()}`;

beforeAll(async () => {
  // Disk semantics on purpose (files changed or missing on disk, a full disk): STORAGE=disk on either database.
  t = await createTestApp({ STORAGE: 'disk' });
  for (const u of ['installer', 'contractor']) tokens[u] = await t.login(u);
  const res = await t.request({
    method: 'POST',
    url: '/api/applicant/login',
    payload: { username: 'applicant', code: DEMO_PASSWORD },
  });
  applicantToken = res.json<{ token: string }>().token;
});
afterAll(() => t.close());

const PHOTO_WO = DEMO.workOrders.fullInstall;
const CONTRACTOR_WO = DEMO.contractorWorkOrders.company2OpenByType['Consumer Splicing'] ?? 0;

const sendMultipart = (url: string, user: string, f: HostileFile) => {
  const body = multipart([{ name: 'file_0', filename: f.fileName, type: f.contentType, data: f.bytes }]);
  return t.request({
    method: 'POST',
    url,
    token: tokens[user],
    payload: body.payload,
    headers: { ...body.headers, 'idempotency-key': newKey() },
  });
};

const ROUTES = {
  'installer photos': (f: HostileFile) =>
    sendMultipart(`/api/installer/work-orders/${PHOTO_WO}/photos`, 'installer', f),
  'contractor files': (f: HostileFile) =>
    sendMultipart(`/api/contractor/work-orders/${CONTRACTOR_WO}/attachments`, 'contractor', f),
  'programming test': (f: HostileFile) =>
    t.request({
      method: 'POST',
      url: '/api/applicant/submissions',
      token: applicantToken,
      payload: { username: 'applicant', zip: f.bytes.toString('base64'), fileName: f.fileName },
      headers: { 'idempotency-key': newKey() },
    }),
};
type Route = keyof typeof ROUTES;
const IMAGE_ROUTES: Route[] = ['installer photos', 'contractor files'];

/** Every file under DATA_DIR/files (temporary files included). */
const storedFiles = () => {
  const root = path.join(t.dataDir, 'files');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
};
const rowCounts = async () => ({
  attachments: (await t.db.db.selectFrom('attachments').select('id').execute()).length,
  submissions: (await t.db.db.selectFrom('applicant_submissions').select('id').execute()).length,
});

async function expectRefusedAndNothingStored(route: Route, f: HostileFile, message?: RegExp) {
  const [filesBefore, rowsBefore] = [storedFiles(), await rowCounts()];
  const res = await ROUTES[route](f);
  expect(res.statusCode, `${route} / ${f.label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${route} / ${f.label}: ${res.body}`).toBeLessThan(500);
  const error = res.json<{ error: { code: string; message: string } }>().error;
  expect(error.message.length).toBeGreaterThan(10);
  if (message) expect(error.message).toMatch(message);
  expect(storedFiles()).toEqual(filesBefore);
  expect(await rowCounts()).toEqual(rowsBefore);
  return error.message;
}

describe('the routes take good files (so the refusals below are about the files)', () => {
  it.each(IMAGE_ROUTES)('%s: a real PNG, and one padded to 9 MB with a valid chunk', async (route) => {
    for (const bytes of [smallPng(), paddedPng(9 * 1_048_576)]) {
      const res = await ROUTES[route]({ label: 'good', fileName: 'ok.png', contentType: 'image/png', bytes });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('programming test: a real zip', async () => {
    const f = { label: 'good', fileName: 'solution.zip', contentType: 'application/zip', bytes: goodZip() };
    expect((await ROUTES['programming test'](f)).statusCode).toBe(201);
  });
});

describe.each(IMAGE_ROUTES)('%s refuse hostile images', (route) => {
  it.each(hostileImages().map((f) => [f.label, f] as const))('%s', async (_label, f) => {
    await expectRefusedAndNothingStored(route, f);
  });

  it('names the file and the limit for a pixel bomb', async () => {
    const bomb = hostileImages().find((f) => f.fileName === 'bomb.png') as HostileFile;
    const message = await expectRefusedAndNothingStored(route, bomb);
    expect(message).toBe(
      'bomb.png is 20,000 × 20,000 pixels; images may be at most 12,000 pixels on a side and 50 megapixels.',
    );
  });

  it('refuses an oversize image with a 413', async () => {
    const res = await ROUTES[route](oversizeImage());
    expect(res.statusCode).toBe(413);
  });

  it('refuses zips and not-an-image files of the zip corpus too', async () => {
    for (const f of hostileZips().filter((z) => z.bytes.length < 1_000_000)) {
      await expectRefusedAndNothingStored(route, f);
    }
  });
});

describe('programming test refuses hostile zips', () => {
  it.each(hostileZips().map((f) => [f.label, f] as const))('%s', async (_label, f) => {
    await expectRefusedAndNothingStored('programming test', f, f.message);
  });

  it('refuses every hostile image as not a zip', async () => {
    for (const f of hostileImages().filter((i) => !i.fileName.endsWith('.zip'))) {
      await expectRefusedAndNothingStored('programming test', f, /zip/);
    }
  });
});

describe('a full disk', () => {
  it.each(Object.keys(ROUTES) as Route[])('%s: 507 with a plain message, nothing stored', async (route) => {
    const real: FileStore = t.ctx.files;
    t.ctx.files = createLocalFileStore(path.join(t.dataDir, 'files'), {
      log: { error: () => undefined },
      fs: {
        rename: async () => {
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        },
      },
    });
    try {
      const [filesBefore, rowsBefore] = [storedFiles(), await rowCounts()];
      const f =
        route === 'programming test'
          ? { label: 'good', fileName: 'solution.zip', contentType: 'application/zip', bytes: goodZip() }
          : { label: 'good', fileName: 'ok.png', contentType: 'image/png', bytes: smallPng() };
      const res = await ROUTES[route](f);
      expect(res.statusCode).toBe(507);
      expect(res.json().error).toEqual({ code: 'insufficient_storage', message: DISK_FULL_MESSAGE });
      expect(storedFiles()).toEqual(filesBefore);
      expect(await rowCounts()).toEqual(rowsBefore);
    } finally {
      t.ctx.files = real;
    }
  });
});
