/**
 * What a customer paid at checkout (issue 12): listed in the Billing Center's History before any invoice exists, and
 * applied to the order's first invoice when it is made (never a negative "paid" invoice), the rest left as a credit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, type Caller } from '../customer-account/customer-test-helpers.js';
import { insertPaymentMethod } from './billing.repository.js';
import { applyOrderPayment, createInvoice, mailingLocationFor } from './invoicing.service.js';
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
});
