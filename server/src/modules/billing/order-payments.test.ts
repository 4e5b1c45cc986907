/**
 * What a customer paid at checkout (issue 12): listed in the Billing Center's History before any invoice exists, and
 * applied to the order's first invoice when it is made (never a negative "paid" invoice), the rest left as a credit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, type Caller } from '../customer-account/customer-test-helpers.js';
import { insertPaymentMethod } from './billing.repository.js';
import { applyAccountCredit, applyOrderPayment, createInvoice, mailingLocationFor } from './invoicing.service.js';
import { insertCompletedOrderPayment } from './payments.repository.js';

let t: TestApp;
let consumer: Caller;
const CUSTOMER = DEMO.customers.consumer;
const CHARGE = 'ch_sbx_test_checkout_1';

beforeAll(async () => {
  t = await createTestApp();
  consumer = await as(t, 'consumer');
});
afterAll(() => t.close());

const historyOf = async (mailing: number) =>
  (await consumer.call('GET', `/api/customer/billing/mailing-locations/${mailing}/history`)).json() as {
    payments: { PaymentID: number; amountCents: number; invoiceIDs: number[] }[];
    invoices: { InvoiceID: number; amountCents: number; balanceCents: number; status: string }[];
  };

describe('a checkout payment', () => {
  it('shows in History at once, then pays the first invoice; the rest is a credit', async () => {
    const now = t.clock.now.toISOString();
    const day = now.slice(0, 10);
    const { paymentId, mailing } = await t.db.db.transaction().execute(async (trx) => ({
      paymentId: await insertCompletedOrderPayment(trx, {
        customerId: CUSTOMER,
        paymentMethodId: await insertPaymentMethod(trx, {
          customerId: CUSTOMER,
          kind: 'card',
          token: 'tok_sbx_test_checkout',
          brand: 'Visa',
          last4: '4242',
          expMonth: 12,
          expYear: 2035,
          holderName: 'Test Consumer',
          fingerprint: 'fp_test_checkout',
          now,
        }),
        amountCents: 17_400,
        reference: CHARGE,
        paidBy: DEMO.users.consumer.id,
        idempotencyKey: 'order-test-checkout-1',
        now,
      }),
      mailing: await mailingLocationFor(trx, CUSTOMER, null, {
        address: '',
        address2: null,
        city: '',
        state: '',
        zip: '',
      }),
    }));

    const before = await historyOf(mailing);
    expect(before.payments.find((p) => p.PaymentID === paymentId)).toMatchObject({
      amountCents: 17_400,
      invoiceIDs: [],
    });

    // The first invoice: a prorated month and the install fee, less than the full month paid.
    const result = await t.db.db.transaction().execute(async (trx) => {
      const invoice = await createInvoice(trx, {
        customerId: CUSTOMER,
        mailingLocationId: mailing,
        invoiceDate: day,
        lines: [
          { description: 'Fiber 1 Gig Internet (prorated)', amountCents: 4_000, serviceLocationId: null },
          { description: 'Install fee', amountCents: 9_900, serviceLocationId: null },
        ],
      });
      const applied = await applyOrderPayment(trx, {
        customerId: CUSTOMER,
        gatewayChargeId: CHARGE,
        invoiceId: invoice.invoiceId,
        maxCents: 17_400,
        today: day,
      });
      return { invoiceId: invoice.invoiceId, ...applied };
    });
    expect(result).toMatchObject({ appliedCents: 13_900, creditCents: 3_500 });

    const after = await historyOf(mailing);
    expect(after.invoices.find((i) => i.InvoiceID === result.invoiceId)).toMatchObject({
      amountCents: 13_900,
      balanceCents: 0,
      status: 'Paid',
    });
    const listed = after.payments.filter((p) => p.PaymentID === paymentId);
    expect(listed).toHaveLength(1);
    expect(listed[0]?.invoiceIDs).toEqual([result.invoiceId]);

    // Applied once: a second call finds nothing left to apply to a paid invoice.
    const again = await t.db.db.transaction().execute((trx) =>
      applyOrderPayment(trx, {
        customerId: CUSTOMER,
        gatewayChargeId: CHARGE,
        invoiceId: result.invoiceId,
        maxCents: 17_400,
        today: day,
      }),
    );
    expect(again.appliedCents).toBe(0);
  });

  it('shows the rest as the account’s credit and applies it to the next invoice, once', async () => {
    // After the first test: 17,400 paid, 13,900 applied, 3,500 left.
    const bills = async () =>
      (await consumer.call('GET', '/api/customer/billing/bills')).json() as { creditCents: number };
    expect((await bills()).creditCents).toBe(3_500);
    const day = t.clock.now.toISOString().slice(0, 10);
    const mailing = await t.db.db
      .transaction()
      .execute((trx) =>
        mailingLocationFor(trx, CUSTOMER, null, { address: '', address2: null, city: '', state: '', zip: '' }),
      );
    const next = async (amountCents: number) =>
      t.db.db.transaction().execute(async (trx) => {
        const invoice = await createInvoice(trx, {
          customerId: CUSTOMER,
          mailingLocationId: mailing,
          invoiceDate: day,
          lines: [{ description: 'Whole-Home Wi-Fi (prorated)', amountCents, serviceLocationId: null }],
        });
        const credit = await applyAccountCredit(trx, 'sqlite', {
          customerId: CUSTOMER,
          invoiceId: invoice.invoiceId,
          today: day,
        });
        const again = await applyAccountCredit(trx, 'sqlite', {
          customerId: CUSTOMER,
          invoiceId: invoice.invoiceId,
          today: day,
        });
        return { invoiceId: invoice.invoiceId, applied: credit.appliedCents, again: again.appliedCents };
      });
    // A 2,000 invoice takes 2,000 of the credit; applying again finds nothing due.
    const first = await next(2_000);
    expect(first).toMatchObject({ applied: 2_000, again: 0 });
    expect((await bills()).creditCents).toBe(1_500);
    // The next one, larger than what is left, takes the 1,500 and leaves 3,500 due.
    const second = await next(5_000);
    expect(second).toMatchObject({ applied: 1_500, again: 0 });
    expect((await bills()).creditCents).toBe(0);
    const history = await historyOf(mailing);
    expect(history.invoices.find((i) => i.InvoiceID === first.invoiceId)).toMatchObject({
      balanceCents: 0,
      status: 'Paid',
    });
    expect(history.invoices.find((i) => i.InvoiceID === second.invoiceId)).toMatchObject({ balanceCents: 3_500 });
    // History lists the order payment against each invoice its credit paid.
    const payment = history.payments.find((p) => p.amountCents === 17_400);
    expect(payment?.invoiceIDs).toEqual(expect.arrayContaining([first.invoiceId, second.invoiceId]));
  });

  it('does not count the payment of an order that is not invoiced yet as a credit', async () => {
    const now = t.clock.now.toISOString();
    await t.db.db.transaction().execute(async (trx) =>
      insertCompletedOrderPayment(trx, {
        customerId: CUSTOMER,
        paymentMethodId: (
          await trx
            .selectFrom('payment_methods')
            .select('id')
            .where('customer_id', '=', CUSTOMER)
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id,
        amountCents: 9_900,
        reference: 'ch_sbx_test_checkout_waiting',
        paidBy: DEMO.users.consumer.id,
        idempotencyKey: 'order-test-checkout-waiting',
        now,
      }),
    );
    const bills = (await consumer.call('GET', '/api/customer/billing/bills')).json() as { creditCents: number };
    expect(bills.creditCents).toBe(0);
  });
});
