/**
 * A fax's Idempotency-Key (issue 25 LOW): a retry of the same send replays its answer; the key with another number,
 * note or file is refused (422) and nothing more is queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, newKey } from '../customer-account/customer-test-helpers.js';
import { acmeFaxNumberId, onePagePdf, pdfWithPages, sendFax } from './fax-test-helpers.js';

let t: TestApp;
let faxNumberId: number;
let business: string;
beforeAll(async () => {
  t = await createTestApp();
  faxNumberId = await acmeFaxNumberId(t);
  business = (await as(t, 'business')).token;
});
afterAll(() => t.close());

const sentCount = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('sent_faxes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/customer/services/fax/{id}/outbox with a used Idempotency-Key', () => {
  it('replays the same send and refuses another number, note or file (422)', async () => {
    const key = newKey('fax-same');
    const base = { token: business, faxNumberId, key, to: '(573) 555-0150', coverPage: true, coverNote: 'One page.' };
    const first = await sendFax(t, base);
    expect(first.statusCode, first.body).toBe(201);
    const count = await sentCount();

    const replay = await sendFax(t, base);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(first.json().id);

    for (const changed of [
      { ...base, to: '(573) 555-0151' },
      { ...base, coverNote: 'Two pages.' },
      { ...base, files: [{ name: 'page.pdf', type: 'application/pdf', data: pdfWithPages(2) }] },
    ]) {
      const res = await sendFax(t, changed);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.code).toBe('idempotency_key_reused');
    }
    const sameFile = await sendFax(t, {
      ...base,
      files: [{ name: 'page.pdf', type: 'application/pdf', data: onePagePdf() }],
    });
    expect(sameFile.statusCode).toBe(201);
    expect(await sentCount()).toBe(count);
  });
});
