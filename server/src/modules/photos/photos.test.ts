import { PHOTO_LIMIT_MESSAGE, PHOTO_MAX_FILE_BYTES } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../demo/file-formats.js';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { paddedPng } from '../../test/hostile-files.js';
import { multipart, type Part } from '../../test/multipart.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['installer', 'fieldtech', 'contractor', 'residential', 'staff']) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

const WO = DEMO.workOrders.fullInstall;
const PENDING_WO = DEMO.workOrders.pending;
const CONTRACTOR_WO = DEMO.contractorWorkOrders.company2OpenByType['Consumer Splicing'] ?? 0;

const upload = (user: string, woId: number, parts: Part[], key?: string) => {
  const body = multipart(parts);
  return t.request({
    method: 'POST',
    url: `/api/installer/work-orders/${woId}/photos`,
    token: tokens[user],
    payload: body.payload,
    headers: { ...body.headers, ...(key ? { 'idempotency-key': key } : {}) },
  });
};

const png = makePng(40, 30, (x, y) => [x * 6, y * 8, 120]);
/** A valid PNG of `size` bytes (padded with a private ancillary chunk): still a PNG, in depth too. */
const bigPng = (size: number) => paddedPng(size);
const photo = (name = 'file_0', data = png, filename = 'IMG_0001.png'): Part => ({
  name,
  filename,
  type: 'image/png',
  data,
});
const rowsOf = (woId: number) =>
  t.db.db.selectFrom('attachments').selectAll().where('work_order_id', '=', woId).orderBy('id').execute();

describe('POST /api/installer/work-orders/:WOId/photos', () => {
  it('stores a photo on disk, named and described, and lists it among the work order’s attachments', async () => {
    const before = (await rowsOf(WO)).length;
    const res = await upload(
      'installer',
      WO,
      [
        { name: 'UTILITYID', value: '1' },
        { name: 'DisplayPDF', value: '1' },
        { name: 'action', value: 'uploadAttachment' },
        { name: 'WorkOrderID', value: String(WO) },
        { name: 'FileName', value: '../ONT "mounted"' },
        { name: 'FileDescription', value: 'ONT on the garage wall' },
        photo(),
      ],
      'photo-key-0000001',
    );
    expect(res.statusCode).toBe(201);
    const [created] = res.json().attachments;
    expect(created).toMatchObject({
      vcFileName: 'ONT mounted.png',
      vcDescription: 'ONT on the garage wall',
      vcContentType: 'image/png',
      nSizeBytes: png.length,
    });
    const rows = await rowsOf(WO);
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1);
    expect(row?.storage_key).toMatch(new RegExp(`^attachments/${WO}/[0-9a-f-]{36}\\.png$`));
    const onDisk = await t.readStored(row?.storage_key ?? '');
    expect(onDisk.equals(png)).toBe(true);

    const list = await t.request({
      method: 'GET',
      url: `/api/installer/work-orders/${WO}/attachments`,
      token: tokens.installer,
    });
    expect(list.json().map((a: { vcFileName: string }) => a.vcFileName)).toContain('ONT mounted.png');
  });

  it('stores a retried photo once: the same Idempotency-Key answers with the first result', async () => {
    const before = (await rowsOf(PENDING_WO)).length;
    const first = await upload('installer', PENDING_WO, [photo()], 'retry-key-0000001');
    const again = await upload('installer', PENDING_WO, [photo()], 'retry-key-0000001');
    const concurrent = await Promise.all([
      upload('installer', PENDING_WO, [photo()], 'retry-key-0000002'),
      upload('installer', PENDING_WO, [photo()], 'retry-key-0000002'),
    ]);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(concurrent.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(concurrent[1]?.json()).toEqual(concurrent[0]?.json());
    const rows = await rowsOf(PENDING_WO);
    expect(rows).toHaveLength(before + 2);
    expect(rows.slice(before).map((r) => r.idempotency_key)).toEqual(['retry-key-0000001-0', 'retry-key-0000002-0']);
  });

  it('takes several photos in one submission, naming them from FileName', async () => {
    const res = await upload('installer', WO, [
      { name: 'FileName', value: 'Drop' },
      photo('file_0'),
      photo(
        'file_1',
        makePng(8, 8, () => [0, 0, 0]),
      ),
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().attachments.map((a: { vcFileName: string }) => a.vcFileName)).toEqual([
      'Drop-1.png',
      'Drop-2.png',
    ]);
  });

  it('refuses a non-image renamed .png, checking the content and storing nothing', async () => {
    const before = (await rowsOf(WO)).length;
    const res = await upload('installer', WO, [
      photo('file_0'),
      photo('file_1', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'), 'fake.png'),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.file_1).toMatch(/fake\.png is not an image/);
    expect(await rowsOf(WO)).toHaveLength(before);
  });

  it('refuses an image over 10 MB and a submission over 20 MB with the limit message and the total', async () => {
    const before = (await rowsOf(WO)).length;
    const tooBig = await upload('installer', WO, [photo('file_0', bigPng(PHOTO_MAX_FILE_BYTES + 1))]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toContain(PHOTO_LIMIT_MESSAGE);
    const nineMb = bigPng(9 * 1_048_576);
    const tooMuch = await upload('installer', WO, [
      photo('file_0', nineMb),
      photo('file_1', nineMb),
      photo('file_2', nineMb),
    ]);
    expect(tooMuch.statusCode).toBe(413);
    expect(tooMuch.json().error.message).toBe(`${PHOTO_LIMIT_MESSAGE}. Total size: 27.0 MB.`);
    const atLimit = await upload('installer', WO, [photo('file_0', bigPng(PHOTO_MAX_FILE_BYTES))]);
    expect(atLimit.statusCode).toBe(201);
    expect(await rowsOf(WO)).toHaveLength(before + 1);
  });

  it('asks for a file, a multipart body and a matching WorkOrderID', async () => {
    const none = await upload('installer', WO, [{ name: 'FileName', value: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.files).toBeDefined();
    const json = await t.request({
      method: 'POST',
      url: `/api/installer/work-orders/${WO}/photos`,
      token: tokens.installer,
      payload: { file_0: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const other = await upload('installer', WO, [{ name: 'WorkOrderID', value: String(PENDING_WO) }, photo()]);
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields.WorkOrderID).toBeDefined();
    const badKey = await upload('installer', WO, [photo()], 'bad key!');
    expect(badKey.statusCode).toBe(400);
  });

  it('refuses a contractor company’s work order, an unknown one, and every role but installer', async () => {
    const before = (await rowsOf(CONTRACTOR_WO)).length;
    expect((await upload('installer', CONTRACTOR_WO, [photo()])).statusCode).toBe(403);
    expect((await upload('fieldtech', CONTRACTOR_WO, [photo()])).statusCode).toBe(403);
    expect((await upload('installer', 999_999, [photo()])).statusCode).toBe(404);
    for (const user of ['contractor', 'residential', 'staff']) {
      expect((await upload(user, WO, [photo()])).statusCode).toBe(403);
    }
    const anonymous = multipart([photo()]);
    const res = await t.request({
      method: 'POST',
      url: `/api/installer/work-orders/${WO}/photos`,
      payload: anonymous.payload,
      headers: anonymous.headers,
    });
    expect(res.statusCode).toBe(401);
    expect(await rowsOf(CONTRACTOR_WO)).toHaveLength(before);
  });
});
