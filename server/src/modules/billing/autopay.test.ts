import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, RESIDENTIAL } from '../customer-account/customer-test-helpers.js';
import { balanceOf, chargeCount, invoiceIdsOf, methodIdOf } from './billing-test-helpers.js';
import { runAutopay } from './payment-recovery.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('runAutopay', () => {
  it('charges nothing before a due date', async () => {
    const before = await chargeCount(t);
    const outcome = await runAutopay(t.ctx);
    expect(outcome).toEqual({ completed: 0, declined: 0, skipped: 0, unanswered: 0 });
    expect(await chargeCount(t)).toBe(before);
  });

  it('pays due invoices of autopay locations once, with the card fee for cards and none for bank accounts', async () => {
    const acme = (await invoiceIdsOf(t, BUSINESS)).filter((i) => i.balance_cents > 0);
    const rhonda = (await invoiceIdsOf(t, RESIDENTIAL)).filter((i) => i.balance_cents > 0);
    expect(acme).toHaveLength(1);
    expect(rhonda).toHaveLength(2);
    const residential = await as(t, 'residential');
    const visa = await methodIdOf(t, RESIDENTIAL, '4242');
    const mailing = rhonda[0]?.mailing_location_id ?? 0;
    await residential.call('PUT', `/api/customer/billing/mailing-locations/${mailing}/autopay`, {
      PaymentMethodID: visa,
    });

    // Four weeks on, every open invoice is due.
    t.clock.advanceSeconds(28 * 86_400);
    const before = await chargeCount(t);
    const outcome = await runAutopay(t.ctx);
    expect(outcome).toMatchObject({ completed: 3, declined: 0 });
    expect(await chargeCount(t)).toBe(before + 3);
    for (const invoice of [...acme, ...rhonda]) expect(await balanceOf(t, invoice.id)).toBe(0);
    const payments = await t.db.db
      .selectFrom('payments')
      .select(['customer_id', 'amount_cents', 'fee_cents', 'source', 'paid_by'])
      .where('source', '=', 'autopay')
      .orderBy('customer_id', 'desc')
      .orderBy('id')
      .execute();
    expect(payments).toEqual([
      { customer_id: BUSINESS, amount_cents: acme[0]?.balance_cents, fee_cents: 0, source: 'autopay', paid_by: null },
      { customer_id: RESIDENTIAL, amount_cents: 10_312, fee_cents: 304, source: 'autopay', paid_by: null },
      { customer_id: RESIDENTIAL, amount_cents: 10_312, fee_cents: 304, source: 'autopay', paid_by: null },
    ]);

    const again = await runAutopay(t.ctx);
    expect(again.completed).toBe(0);
    expect(await chargeCount(t)).toBe(before + 3);
    const history = (
      await residential.call('GET', `/api/customer/billing/mailing-locations/${mailing}/history`)
    ).json();
    expect(history.payments[0]).toMatchObject({
      source: 'autopay',
      status: 'Completed',
      method: 'Visa ending in 4242',
    });
  });
});
