import { CONTRACTOR_UPLOAD_INVALID_MESSAGE } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../demo/file-formats.js';
import { DEMO, DEMO_FILES } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { paddedPng } from '../../test/hostile-files.js';
import { multipart, type Part } from '../../test/multipart.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['contractor', 'contractor1', 'installer', 'residential', 'staff']) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

const CW = DEMO.contractorWorkOrders;
const PRINT_WO = CW.company2OpenByType['Business Construction'] ?? 0;
const UPLOAD_WO = CW.company2OpenByType['Consumer Splicing'] ?? 0;
const get = (user: string, url: string) => t.request({ method: 'GET', url, token: tokens[user] });

const upload = (user: string, woId: number, parts: Part[], key?: string) => {
  const body = multipart(parts);
  return t.request({
    method: 'POST',
    url: `/api/contractor/work-orders/${woId}/attachments`,
    token: tokens[user],
    payload: body.payload,
    headers: { ...body.headers, ...(key ? { 'idempotency-key': key } : {}) },
  });
};

const png = makePng(40, 30, (x, y) => [x * 6, y * 8, 120]);
/** A valid PNG of `size` bytes (padded with a private ancillary chunk): still a PNG, in depth too. */
const bigPng = (size: number) => paddedPng(size);
const attachmentRows = (woId: number) =>
  t.db.db.selectFrom('attachments').selectAll().where('work_order_id', '=', woId).execute();

describe('GET /api/contractor/work-orders/:workOrderId/attachments', () => {
  it('lists the work order’s attachments and serves their bytes', async () => {
    const list = (await get('contractor', `/api/contractor/work-orders/${PRINT_WO}/attachments`)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ vcFileName: 'construction-print.pdf', vcContentType: 'application/pdf' });
    const file = await get('contractor', `/api/contractor/work-orders/${PRINT_WO}/attachments/${list[0].nCount}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('filename="construction-print.pdf"');
    expect(file.rawPayload.equals(DEMO_FILES.constructionPrint.bytes)).toBe(true);
  });

  it('refuses another company’s work order, and an attachment of another work order', async () => {
    expect((await get('contractor', `/api/contractor/work-orders/${CW.company1[0]}/attachments`)).statusCode).toBe(403);
    const installerFile = await t.db.db
      .selectFrom('attachments')
      .select('id')
      .where('work_order_id', '=', DEMO.workOrders.fullInstall)
      .executeTakeFirstOrThrow();
    const res = await get('contractor', `/api/contractor/work-orders/${PRINT_WO}/attachments/${installerFile.id}`);
    expect(res.statusCode).toBe(404);
    expect((await get('contractor1', `/api/contractor/work-orders/${PRINT_WO}/attachments/1`)).statusCode).toBe(403);
    expect((await get('installer', `/api/contractor/work-orders/${PRINT_WO}/attachments`)).statusCode).toBe(403);
  });
});

describe('POST /api/contractor/work-orders/:workOrderId/attachments', () => {
  it('stores a photo under a server-chosen key, named and described, once per Idempotency-Key', async () => {
    const parts: Part[] = [
      { name: 'FileName', value: '../../etc/Hand hole "after".png' },
      { name: 'FileDescription', value: 'Hand hole after splicing' },
      { name: 'file_0', filename: 'IMG_2231.PNG', type: 'image/png', data: png },
    ];
    const first = await upload('contractor', UPLOAD_WO, parts, 'upload-key-000001');
    expect(first.statusCode).toBe(201);
    const [created] = first.json().attachments;
    expect(created).toMatchObject({
      vcFileName: 'Hand hole after.png',
      vcDescription: 'Hand hole after splicing',
      vcContentType: 'image/png',
      nSizeBytes: png.length,
    });
    const again = await upload('contractor', UPLOAD_WO, parts, 'upload-key-000001');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await attachmentRows(UPLOAD_WO);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.storage_key).toMatch(new RegExp(`^attachments/${UPLOAD_WO}/[0-9a-f-]{36}\\.png$`));
    const onDisk = await t.readStored(rows[0]?.storage_key ?? '');
    expect(onDisk.equals(png)).toBe(true);
  });

  it('takes several files at once and checks each by its content, not its name', async () => {
    const pdf = DEMO_FILES.sitePlan.bytes;
    const ok = await upload('contractor', UPLOAD_WO, [
      { name: 'file_0', filename: 'a.png', type: 'image/png', data: png },
      { name: 'file_1', filename: 'plan', type: 'application/octet-stream', data: pdf },
    ]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().attachments.map((a: { vcFileName: string }) => a.vcFileName)).toEqual(['a.png', 'plan.pdf']);
    const before = (await attachmentRows(UPLOAD_WO)).length;
    const fake = await upload('contractor', UPLOAD_WO, [
      { name: 'file_0', filename: 'photo.png', type: 'image/png', data: Buffer.from('#!/bin/sh\necho hi\n') },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.fields.file_0).toMatch(/is not a photo/);
    expect(await attachmentRows(UPLOAD_WO)).toHaveLength(before);
  });

  it('refuses a file over 10 MB and a submission over 20 MB with the SPEC message and the size', async () => {
    const before = (await attachmentRows(UPLOAD_WO)).length;
    const one = await upload('contractor', UPLOAD_WO, [
      { name: 'file_0', filename: 'big.png', type: 'image/png', data: bigPng(10_485_761) },
    ]);
    expect(one.statusCode).toBe(413);
    expect(one.json().error.message).toMatch(
      new RegExp(`^${CONTRACTOR_UPLOAD_INVALID_MESSAGE}\\. Total size: more than`),
    );
    const many = await upload(
      'contractor',
      UPLOAD_WO,
      [0, 1, 2].map((i) => ({ name: `file_${i}`, filename: `p${i}.png`, type: 'image/png', data: bigPng(8_000_000) })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().error.message).toBe(`${CONTRACTOR_UPLOAD_INVALID_MESSAGE}. Total size: 22.9 MB.`);
    expect(await attachmentRows(UPLOAD_WO)).toHaveLength(before);
  });

  it('refuses an upload without files, another company’s work order and other roles', async () => {
    const none = await upload('contractor', UPLOAD_WO, [{ name: 'FileName', value: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Choose at least one file to upload.');
    const part: Part[] = [{ name: 'file_0', filename: 'a.png', type: 'image/png', data: png }];
    expect((await upload('contractor', CW.company1[0], part)).statusCode).toBe(403);
    expect((await upload('contractor1', UPLOAD_WO, part)).statusCode).toBe(403);
    expect((await upload('installer', UPLOAD_WO, part)).statusCode).toBe(403);
  });
});

describe('GET /api/contractor/work-orders/:workOrderId/pdf', () => {
  it('renders the work order with its checklist as a PDF', async () => {
    const res = await get('contractor', `/api/contractor/work-orders/${CW.company2Complete}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1_500);
  });

  it('refuses another company’s work order and other roles', async () => {
    expect((await get('contractor', `/api/contractor/work-orders/${CW.company1[0]}/pdf`)).statusCode).toBe(403);
    expect((await get('residential', `/api/contractor/work-orders/${PRINT_WO}/pdf`)).statusCode).toBe(403);
    expect((await get('staff', `/api/contractor/work-orders/${PRINT_WO}/pdf`)).statusCode).toBe(403);
  });
});
