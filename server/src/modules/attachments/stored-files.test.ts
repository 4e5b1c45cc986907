/**
 * Stored-file integrity on every route that serves a stored file: a file whose bytes no longer match the sha256
 * recorded at upload is refused (500 file_damaged, never served); a missing one is a 404. Where the browser opens
 * a file in a new tab (the installer's ticket links), the answer is a readable page, not raw JSON.
 */
import { writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { FILE_DAMAGED_MESSAGE, FILE_MISSING_MESSAGE } from '../../integrations/storage/file-store.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { goodZip } from '../../test/hostile-files.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  // Disk semantics on purpose (files changed or missing on disk, a full disk): STORAGE=disk on either database.
  t = await createTestApp({ STORAGE: 'disk' });
  for (const u of ['installer', 'contractor', 'business', 'staff']) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

const onDisk = (key: string) => path.join(t.dataDir, 'files', ...key.split('/'));
const tamper = (key: string) => writeFileSync(onDisk(key), 'these are not the bytes that were stored');
const get = (url: string, user?: string, accept = 'application/json') =>
  t.request({ method: 'GET', url, headers: { accept }, ...(user ? { token: tokens[user] } : {}) });

const expectDamaged = (res: Awaited<ReturnType<typeof get>>) => {
  expect(res.statusCode, res.body).toBe(500);
  expect(res.json().error).toEqual({ code: 'file_damaged', message: FILE_DAMAGED_MESSAGE });
};

describe('installer attachments (opened in a new tab by ticket link)', () => {
  const links = async () => {
    const res = await get(`/api/installer/work-orders/${DEMO.workOrders.fullInstall}/attachments`, 'installer');
    return res.json<Array<{ nCount: number; vcContentType: string; url: string }>>();
  };
  const keyOf = async (id: number) =>
    (await t.db.db.selectFrom('attachments').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow())
      .storage_key;

  it('refuses a damaged file: 500 JSON for the app, a readable page for a browser tab, never the bytes', async () => {
    const png = (await links()).find((a) => a.vcContentType === 'image/png');
    if (!png) throw new Error('demo PNG attachment missing');
    expect((await get(png.url)).statusCode).toBe(200);
    tamper(await keyOf(png.nCount));
    expectDamaged(await get(png.url));
    const page = await get(png.url, undefined, 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(page.statusCode).toBe(500);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<h1>This file cannot be opened</h1>');
    expect(page.body).toContain(FILE_DAMAGED_MESSAGE);
    expect(page.body).not.toContain('these are not the bytes');
  });

  it('answers a missing file with 404, as a readable page in a browser tab', async () => {
    const pdf = (await links()).find((a) => a.vcContentType === 'application/pdf');
    if (!pdf) throw new Error('demo PDF attachment missing');
    await rm(onDisk(await keyOf(pdf.nCount)));
    const json = await get(pdf.url);
    expect(json.statusCode).toBe(404);
    expect(json.json().error.message).toBe(FILE_MISSING_MESSAGE);
    const page = await get(pdf.url, undefined, 'text/html');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<h1>This file is not available</h1>');
    expect(page.body).toContain('Close this tab and try again');
  });

  it('keeps the JSON error shape for the app’s own calls on other routes', async () => {
    const res = await get('/api/installer/work-orders/999999999', 'installer', 'application/json');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('the other routes that serve stored files', () => {
  it('contractor attachment', async () => {
    const wo = DEMO.contractorWorkOrders.company2OpenByType['Business Construction'] ?? 0;
    const row = await t.db.db
      .selectFrom('attachments')
      .select(['id', 'storage_key'])
      .where('work_order_id', '=', wo)
      .executeTakeFirstOrThrow();
    const url = `/api/contractor/work-orders/${wo}/attachments/${row.id}`;
    expect((await get(url, 'contractor')).statusCode).toBe(200);
    tamper(row.storage_key);
    expectDamaged(await get(url, 'contractor'));
  });

  it('restoration ticket image (sha256 recorded by 0008-file-integrity)', async () => {
    const ticket = await t.db.db
      .selectFrom('restoration_tickets')
      .select(['image_key', 'image_sha256'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(ticket.image_sha256).toMatch(/^[0-9a-f]{64}$/);
    const url = '/api/contractor/restoration-tickets/1/image';
    expect((await get(url, 'contractor')).statusCode).toBe(200);
    tamper(ticket.image_key ?? '');
    expectDamaged(await get(url, 'contractor'));
  });

  it('received fax PDF', async () => {
    const fax = await t.db.db
      .selectFrom('faxes_received')
      .select(['id', 'storage_key'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const url = `/api/customer/services/fax/received/${fax.id}/pdf`;
    expect((await get(url, 'business')).statusCode).toBe(200);
    tamper(fax.storage_key);
    expectDamaged(await get(url, 'business'));
  });

  it('programming-test submission', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/applicant/login',
      payload: { username: 'applicant', code: DEMO_PASSWORD },
    });
    const submitted = await t.request({
      method: 'POST',
      url: '/api/applicant/submissions',
      token: login.json().token,
      payload: { username: 'applicant', zip: goodZip().toString('base64') },
      headers: { 'idempotency-key': 'integrity-test-0001' },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const row = await t.db.db
      .selectFrom('applicant_submissions')
      .select(['id', 'storage_key'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const url = `/api/staff/applicant-submissions/${row.id}/file`;
    expect((await get(url, 'staff')).statusCode).toBe(200);
    tamper(row.storage_key);
    expectDamaged(await get(url, 'staff'));
  });
});
