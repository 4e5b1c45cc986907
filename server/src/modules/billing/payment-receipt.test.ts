import { cardFeeCents } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../integrations/pdf/pdf-text.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, type Caller, newKey, RESIDENTIAL } from '../customer-account/customer-test-helpers.js';
import { FEE_BPS, invoiceIdsOf, methodIdOf } from './billing-test-helpers.js';

let t: TestApp;
let rhonda: Caller;
let paid: { PaymentID: number; confirmationNumber: string; totalCents: number; method: string };
let invoice: { id: number; balance_cents: number };
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  rhonda = await as(t, 'residential');
  const visa = await methodIdOf(t, RESIDENTIAL, '4242');
  const open = (await invoiceIdsOf(t, RESIDENTIAL)).find((i) => i.balance_cents > 0);
  if (!open) throw new Error('Rhonda has no open invoice');
  invoice = open;
  key = newKey('receipt');
  t.mail.length = 0;
  const res = await rhonda.call(
    'POST',
    '/api/customer/billing/payments',
    {
      PaymentMethodID: visa,
      invoices: [{ InvoiceID: invoice.id, amountCents: invoice.balance_cents }],
      expectedFeeCents: cardFeeCents(invoice.balance_cents, FEE_BPS),
    },
    { 'idempotency-key': key },
  );
  if (res.statusCode !== 201) throw new Error(res.body);
  paid = res.json();
});
afterAll(() => t.close());

describe('a payment’s confirmation number', () => {
  it('is made on the server, stored with the payment, and the same when the request is retried', async () => {
    expect(paid.confirmationNumber).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(paid.method).toBe('Visa ending in 4242');
    const row = await t.db.db
      .selectFrom('payments')
      .select('confirmation_number')
      .where('id', '=', paid.PaymentID)
      .executeTakeFirstOrThrow();
    expect(row.confirmation_number).toBe(paid.confirmationNumber);
    const again = await rhonda.call(
      'POST',
      '/api/customer/billing/payments',
      {
        PaymentMethodID: await methodIdOf(t, RESIDENTIAL, '4242'),
        invoices: [{ InvoiceID: invoice.id, amountCents: invoice.balance_cents }],
        expectedFeeCents: cardFeeCents(invoice.balance_cents, FEE_BPS),
      },
      { 'idempotency-key': key },
    );
    expect(again.json()).toMatchObject({ PaymentID: paid.PaymentID, confirmationNumber: paid.confirmationNumber });
  });

  it('shows in the history, and every payment there has its own', async () => {
    const location = (await invoiceIdsOf(t, RESIDENTIAL)).find((i) => i.id === invoice.id)?.mailing_location_id;
    const res = await rhonda.call('GET', `/api/customer/billing/mailing-locations/${location}/history`);
    expect(res.statusCode).toBe(200);
    const payments: { PaymentID: number; confirmationNumber: string | null }[] = res.json().payments;
    expect(payments.find((p) => p.PaymentID === paid.PaymentID)?.confirmationNumber).toBe(paid.confirmationNumber);
    const numbers = payments.map((p) => p.confirmationNumber);
    expect(numbers.every((n) => typeof n === 'string')).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe('the receipt', () => {
  it('is mailed once to the person who paid, with the confirmation number and what was paid', async () => {
    const receipts = t.mail.filter((m) => m.subject.includes(paid.confirmationNumber));
    expect(receipts).toHaveLength(1);
    const mail = receipts[0];
    expect(mail?.to).toBe(
      (
        await t.db.db
          .selectFrom('users')
          .select('email')
          .where('username', '=', 'residential')
          .executeTakeFirstOrThrow()
      ).email,
    );
    expect(mail?.text).toContain(`Confirmation number: ${paid.confirmationNumber}`);
    expect(mail?.text).toContain(`Invoice #${invoice.id}`);
    expect(mail?.text).toContain('Visa ending in 4242');
  });

  it('is a PDF with the confirmation number, method, invoice and total', async () => {
    const res = await rhonda.call('GET', `/api/customer/billing/payments/${paid.PaymentID}/receipt.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`receipt-${paid.confirmationNumber}.pdf`);
    const text = pdfText(res.rawPayload);
    for (const expected of ['RECEIPT', paid.confirmationNumber, 'Visa ending in 4242', `Invoice #${invoice.id}`]) {
      expect(text).toContain(expected);
    }
  });

  it('is refused for another account’s payment, an unknown one and a bad id', async () => {
    const foreign = await t.db.db
      .selectFrom('payments')
      .select('id')
      .where('customer_id', '=', BUSINESS)
      .executeTakeFirstOrThrow();
    const other = await rhonda.call('GET', `/api/customer/billing/payments/${foreign.id}/receipt.pdf`);
    expect(other.statusCode).toBe(403);
    expect((await rhonda.call('GET', '/api/customer/billing/payments/999999/receipt.pdf')).statusCode).toBe(404);
    const bad = await rhonda.call('GET', '/api/customer/billing/payments/abc/receipt.pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('paymentId');
  });
});
