import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_FILES } from '../../demo/generator.js';
import { pdfText } from '../../integrations/pdf/pdf-text.js';
import { contentDisposition } from '../../lib/downloads.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { FILE_TICKET_TTL_SECONDS } from './file-tickets.js';

let t: TestApp;
let installer: string;
beforeAll(async () => {
  t = await createTestApp();
  installer = await t.login('installer');
});
afterAll(() => t.close());

const W = DEMO.workOrders;

interface AttachmentItem {
  nCount: number;
  vcFileName: string;
  vcContentType: string;
  nSizeBytes: number;
  url: string;
}

const attachments = async (woId: number, token = installer) => {
  const res = await t.request({ method: 'GET', url: `/api/installer/work-orders/${woId}/attachments`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AttachmentItem[]>();
};
const open = (url: string) => t.request({ method: 'GET', url });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('GET /api/installer/work-orders/:WOId/attachments', () => {
  it('lists 100001’s three files (a PDF, a PNG, a JPG), and none for 100003', async () => {
    const list = await attachments(W.fullInstall);
    expect(list.map((a) => a.vcContentType).sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect(await attachments(W.siteSurvey)).toEqual([]);
  });

  it('opens each file with its stored type, an inline disposition and the exact bytes', async () => {
    for (const item of await attachments(W.fullInstall)) {
      expect(item.url).toMatch(/^\/api\/installer\/files\/attachments\/\d+\?token=/);
      const res = await open(item.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(item.vcContentType);
      expect(res.headers['content-disposition']).toBe(contentDisposition('inline', item.vcFileName));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.length).toBe(item.nSizeBytes);
      const demo = Object.values(DEMO_FILES).find((f) => f.fileName === item.vcFileName);
      expect(sha256(res.rawPayload)).toBe(demo?.sha256);
    }
  });

  it('offers a download with download=1', async () => {
    const [first] = await attachments(W.fullInstall);
    const res = await open(`${first?.url}&download=1`);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
  });

  it('refuses a tampered, borrowed or expired link, and a work order now given to a contractor', async () => {
    const [a, b] = await attachments(W.fullInstall);
    if (!a || !b) throw new Error('expected two attachments');
    const ticketOf = (url: string) => new URL(url, 'http://x').searchParams.get('token') ?? '';
    const tampered = `${a.url.slice(0, -3)}${a.url.endsWith('A') ? 'B' : 'A'}xx`;
    expect((await open(tampered)).statusCode).toBe(403);
    // b's ticket does not open a.
    expect((await open(`/api/installer/files/attachments/${a.nCount}?token=${ticketOf(b.url)}`)).statusCode).toBe(403);
    expect((await open(`/api/installer/files/attachments/${a.nCount}`)).statusCode).toBe(400);

    t.clock.advanceSeconds(FILE_TICKET_TTL_SECONDS + 1);
    const expired = await open(a.url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.message).toMatch(/expired/);
    t.clock.advanceSeconds(-(FILE_TICKET_TTL_SECONDS + 1));

    const [splice] = await attachments(W.splicing);
    await t.db.db.updateTable('work_orders').set({ contractor_id: 2 }).where('id', '=', W.splicing).execute();
    try {
      expect((await open(splice?.url ?? '')).statusCode).toBe(403);
    } finally {
      await t.db.db.updateTable('work_orders').set({ contractor_id: null }).where('id', '=', W.splicing).execute();
    }
  });

  it('saves a file of an unsafe type instead of showing it', async () => {
    const stored = await t.ctx.files.put('attachments/100003/page.html', Buffer.from('<script>alert(1)</script>'));
    const inserted = await t.db.db
      .insertInto('attachments')
      .values({
        work_order_id: W.siteSurvey,
        file_name: 'page "one".html',
        description: null,
        storage_key: 'attachments/100003/page.html',
        content_type: 'text/html',
        size_bytes: 25,
        sha256: stored.sha256,
        uploaded_by: null,
        idempotency_key: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const [item] = await attachments(W.siteSurvey);
      const res = await open(item?.url ?? '');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="page _one_.html"; filename*=UTF-8''page%20%22one%22.html`,
      );
      expect(res.headers['content-security-policy']).toContain('sandbox');
    } finally {
      await t.db.db.deleteFrom('attachments').where('id', '=', inserted.id).execute();
    }
  });

  it('refuses customers and contractors', async () => {
    for (const username of ['business', 'contractor']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/installer/work-orders/${W.fullInstall}/attachments`,
        token: await t.login(username),
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('GET /api/installer/work-orders/:WOId/pdf-link', () => {
  it('gives a path that opens the work-order PDF, and one that downloads it', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/installer/work-orders/${W.fullInstall}/pdf-link`,
      token: installer,
    });
    expect(res.statusCode).toBe(200);
    const link = res.json<{ path: string; downloadPath: string; fileName: string }>();
    expect(link.fileName).toBe('work-order-100001.pdf');
    const pdf = await open(link.path);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    for (const expected of ['Work Order #100001', 'Rhonda Reyes', '2208 Clark Ln', 'Ian Ingram', 'SPL-CLM-014 P07']) {
      expect(text).toContain(expected);
    }
    const download = await open(link.downloadPath);
    expect(download.headers['content-disposition']).toBe(contentDisposition('attachment', 'work-order-100001.pdf'));
    // A link is for its own work order only.
    const other = link.path.replace(`/work-orders/${W.fullInstall}/`, `/work-orders/${W.businessInstall}/`);
    expect((await open(other)).statusCode).toBe(403);
  });

  it('refuses a contractor company’s work order and a disabled installer’s old link', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/installer/work-orders/110001/pdf-link', token: installer }))
        .statusCode,
    ).toBe(403);
    const fieldtech = await t.login('fieldtech');
    const res = await t.request({
      method: 'GET',
      url: `/api/installer/work-orders/${W.siteSurvey}/pdf-link`,
      token: fieldtech,
    });
    const { path } = res.json<{ path: string }>();
    await t.db.db.updateTable('users').set({ disabled: 1 }).where('username', '=', 'fieldtech').execute();
    try {
      expect((await open(path)).statusCode).toBe(403);
    } finally {
      await t.db.db.updateTable('users').set({ disabled: 0 }).where('username', '=', 'fieldtech').execute();
    }
  });
});

describe('contentDisposition', () => {
  it('keeps any file name inside the header', () => {
    expect(contentDisposition('inline', 'a"b\\c\r\nSet-Cookie: x.png')).toBe(
      `inline; filename="a_b_c__Set-Cookie: x.png"; filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x.png`,
    );
    expect(contentDisposition('attachment', 'Übersicht.pdf')).toBe(
      `attachment; filename="_bersicht.pdf"; filename*=UTF-8''%C3%9Cbersicht.pdf`,
    );
  });
});
