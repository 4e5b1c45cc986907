/** Fax sends for the fax tests: the multipart body a browser's FormData makes, and a few page files. */
import { makePdf } from '../../demo/file-formats.js';
import type { TestApp } from '../../test/harness.js';
import { multipart, type Part } from '../../test/multipart.js';
import { BUSINESS, newKey } from '../customer-account/customer-test-helpers.js';

export const onePagePdf = () => makePdf('Fax test page', ['A page sent by the API tests.']);

/** A PDF with `n` page objects. */
export function pdfWithPages(n: number): Buffer {
  const objects = Array.from({ length: n }, (_, i) => `${i + 3} 0 obj\n<< /Type /Page /Parent 2 0 R >>\nendobj\n`);
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Count ${n} >>\nendobj\n${objects.join('')}trailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

export interface FaxSend {
  to?: string;
  coverPage?: boolean;
  coverNote?: string;
  files?: { name: string; type: string; data: Buffer }[];
  key?: string | null;
  token: string;
  faxNumberId: number;
}

export function sendFax(t: TestApp, send: FaxSend) {
  const parts: Part[] = [];
  if (send.to !== undefined) parts.push({ name: 'to', value: send.to });
  if (send.coverPage !== undefined) parts.push({ name: 'coverPage', value: String(send.coverPage) });
  if (send.coverNote !== undefined) parts.push({ name: 'coverNote', value: send.coverNote });
  const files = send.files ?? [{ name: 'page.pdf', type: 'application/pdf', data: onePagePdf() }];
  files.forEach((f, i) => {
    parts.push({ name: `file_${i + 1}`, filename: f.name, type: f.type, data: f.data });
  });
  const body = multipart(parts);
  const key = send.key === undefined ? newKey('fax') : send.key;
  return t.request({
    method: 'POST',
    url: `/api/customer/services/fax/${send.faxNumberId}/outbox`,
    token: send.token,
    payload: body.payload,
    headers: { ...body.headers, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

export const acmeFaxNumberId = async (t: TestApp) =>
  (await t.db.db.selectFrom('fax_numbers').select('id').where('customer_id', '=', BUSINESS).executeTakeFirstOrThrow())
    .id;
