import { cardFeeCents } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayUnavailableError, type PaymentGateway } from '../../integrations/payments/payment-gateway.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  as,
  BUSINESS,
  type Caller,
  callerWith,
  newKey,
  RESIDENTIAL,
} from '../customer-account/customer-test-helpers.js';
import {
  actorOf,
  balanceOf,
  card,
  chargeCount,
  FEE_BPS,
  invoiceIdsOf,
  methodIdOf,
  paymentCount,
} from './billing-test-helpers.js';
import { payBills } from './payments.service.js';

let t: TestApp;
let rhonda: Caller;
let visa: number;
let unpaid: { id: number; balance_cents: number }[];
beforeAll(async () => {
  t = await createTestApp();
  rhonda = await as(t, 'residential');
  visa = await methodIdOf(t, RESIDENTIAL, '4242');
  unpaid = (await invoiceIdsOf(t, RESIDENTIAL)).filter((i) => i.balance_cents > 0);
});
afterAll(() => t.close());

const pay = (caller: Caller, body: unknown, key?: string) =>
  caller.call('POST', '/api/customer/billing/payments', body, key ? { 'idempotency-key': key } : {});
const payment = (methodId: number, invoices: { id: number; cents: number }[], kind: 'card' | 'bank' = 'card') => {
  const total = invoices.reduce((s, i) => s + i.cents, 0);
  return {
    PaymentMethodID: methodId,
    invoices: invoices.map((i) => ({ InvoiceID: i.id, amountCents: i.cents })),
    expectedFeeCents: kind === 'card' ? cardFeeCents(total, FEE_BPS) : 0,
  };
};
const addCard = async (number: string) => {
  const res = await rhonda.call('POST', '/api/customer/billing/payment-methods', card(number), {
    'idempotency-key': newKey('card'),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().PaymentMethodID as number;
};

describe('POST /api/customer/billing/fee-quote (processCreditCardFees)', () => {
  it('quotes the card fee in cents and none for a bank account', async () => {
    const res = await rhonda.call('POST', '/api/customer/billing/fee-quote', {
      PaymentMethodID: visa,
      amountCents: 10_312,
    });
    expect(res.json()).toEqual({ amountCents: 10_312, feeCents: 304, totalCents: 10_616, feeBasisPoints: FEE_BPS });
    const ach = await methodIdOf(t, BUSINESS, '6789');
    const bank = await (await as(t, 'business')).call('POST', '/api/customer/billing/fee-quote', {
      PaymentMethodID: ach,
      amountCents: 10_312,
    });
    expect(bank.json()).toMatchObject({ feeCents: 0, totalCents: 10_312, feeBasisPoints: 0 });
  });

  it('refuses another customer’s payment method', async () => {
    const ach = await methodIdOf(t, BUSINESS, '6789');
    const res = await rhonda.call('POST', '/api/customer/billing/fee-quote', {
      PaymentMethodID: ach,
      amountCents: 100,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/customer/billing/payments (payBills)', () => {
  it('pays an invoice once, and a retry with the same key gets the same answer without a second charge', async () => {
    const invoice = unpaid[0] ?? { id: 0, balance_cents: 0 };
    const key = newKey('pay');
    const before = await chargeCount(t);
    const body = payment(visa, [{ id: invoice.id, cents: invoice.balance_cents }]);
    const first = await pay(rhonda, body, key);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'Completed',
      amountCents: invoice.balance_cents,
      feeCents: cardFeeCents(invoice.balance_cents, FEE_BPS),
      invoices: [{ InvoiceID: invoice.id, amountCents: invoice.balance_cents, balanceCents: 0 }],
    });
    expect(first.json().reference).toMatch(/^ch_sbx_/);
    const again = await pay(rhonda, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().PaymentID).toBe(first.json().PaymentID);
    expect(await chargeCount(t)).toBe(before + 1);
    expect(await balanceOf(t, invoice.id)).toBe(0);
    const stored = await t.db.db
      .selectFrom('invoices')
      .select('status')
      .where('id', '=', invoice.id)
      .executeTakeFirst();
    expect(stored?.status).toBe('Paid');
    const bills = (await rhonda.call('GET', '/api/customer/billing/bills')).json();
    expect(bills.openInvoices.map((i: { InvoiceID: number }) => i.InvoiceID)).not.toContain(invoice.id);
  });

  it('charges a double click (two requests at once, one key) once', async () => {
    const invoice = unpaid[1] ?? { id: 0, balance_cents: 0 };
    const key = newKey('double');
    const before = await chargeCount(t);
    const payments = await paymentCount(t, RESIDENTIAL);
    const body = payment(visa, [{ id: invoice.id, cents: 1_000 }]);
    const [a, b] = await Promise.all([pay(rhonda, body, key), pay(rhonda, body, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().PaymentID).toBe(b.json().PaymentID);
    expect(await chargeCount(t)).toBe(before + 1);
    expect(await paymentCount(t, RESIDENTIAL)).toBe(payments + 1);
    expect(await balanceOf(t, invoice.id)).toBe(invoice.balance_cents - 1_000);
  });

  it('needs an Idempotency-Key, and refuses a key reused for a different payment', async () => {
    const invoice = unpaid[1] ?? { id: 0, balance_cents: 0 };
    const missing = await pay(rhonda, payment(visa, [{ id: invoice.id, cents: 100 }]));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('Idempotency-Key');
    const key = newKey('reuse');
    expect((await pay(rhonda, payment(visa, [{ id: invoice.id, cents: 100 }]), key)).statusCode).toBe(201);
    const other = await pay(rhonda, payment(visa, [{ id: invoice.id, cents: 200 }]), key);
    expect(other.statusCode).toBe(422);
  });

  it('names amounts above what is left, paid invoices, and a fee that changed, and charges nothing', async () => {
    const paid = unpaid[0] ?? { id: 0, balance_cents: 0 };
    const open = unpaid[1] ?? { id: 0, balance_cents: 0 };
    const left = await balanceOf(t, open.id);
    const before = { charges: await chargeCount(t), payments: await paymentCount(t, RESIDENTIAL) };
    const tooMuch = await pay(rhonda, payment(visa, [{ id: open.id, cents: left + 1 }]), newKey('over'));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields['invoices.0.amountCents']).toMatch(/left to pay; pay at most that/);
    const done = await pay(rhonda, payment(visa, [{ id: paid.id, cents: 100 }]), newKey('paid'));
    expect(done.json().error.fields['invoices.0.amountCents']).toBe(`Invoice ${paid.id} is already paid.`);
    const fee = await pay(
      rhonda,
      { ...payment(visa, [{ id: open.id, cents: 1_000 }]), expectedFeeCents: 0 },
      newKey('fee'),
    );
    expect(fee.statusCode).toBe(409);
    expect(fee.json().error.message).toBe('The card fee is $0.30, not $0.00. Check the total and pay again.');
    const bad = await pay(rhonda, { PaymentMethodID: visa, invoices: [], expectedFeeCents: -1 }, newKey('bad'));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['expectedFeeCents', 'invoices']);
    expect(await chargeCount(t)).toBe(before.charges);
    expect(await paymentCount(t, RESIDENTIAL)).toBe(before.payments);
  });

  it('refuses another customer’s invoice or payment method, and a user without billing-pay', async () => {
    const acme = (await invoiceIdsOf(t, BUSINESS)).find((i) => i.balance_cents > 0) ?? { id: 0, balance_cents: 0 };
    const before = await chargeCount(t);
    const foreignInvoice = await pay(rhonda, payment(visa, [{ id: acme.id, cents: 100 }]), newKey('foreign'));
    expect(foreignInvoice.statusCode).toBe(403);
    const ach = await methodIdOf(t, BUSINESS, '6789');
    const own = unpaid[1] ?? { id: 0, balance_cents: 0 };
    const foreignMethod = await pay(rhonda, payment(ach, [{ id: own.id, cents: 100 }], 'bank'), newKey('foreign'));
    expect(foreignMethod.statusCode).toBe(403);
    expect(await balanceOf(t, acme.id)).toBe(acme.balance_cents);
    expect(await chargeCount(t)).toBe(before);

    const business = await as(t, 'business');
    const created = await business.call('POST', '/api/customer/users', {
      username: 'viewer-only',
      firstName: 'Vera',
      lastName: 'Viewer',
      email: 'vera@acmedental.example',
      password: 'vera-reads-bills-77',
      permissions: ['billing-view'],
    });
    expect(created.statusCode).toBe(201);
    const viewer = callerWith(t, await t.login('viewer-only', 'vera-reads-bills-77'));
    expect((await viewer.call('GET', '/api/customer/billing/bills')).statusCode).toBe(200);
    const refused = await pay(viewer, payment(ach, [{ id: acme.id, cents: 100 }], 'bank'), newKey('viewer'));
    expect(refused.statusCode).toBe(403);
    expect(await balanceOf(t, acme.id)).toBe(acme.balance_cents);
  });

  it('says plainly when a card is declined, charges nothing, and answers a retry the same way', async () => {
    const declining = await addCard('4000000000000002');
    const open = unpaid[1] ?? { id: 0, balance_cents: 0 };
    const left = await balanceOf(t, open.id);
    const key = newKey('declined');
    const res = await pay(rhonda, payment(declining, [{ id: open.id, cents: 500 }]), key);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({
      code: 'payment_declined',
      message: 'The card was declined. Nothing was charged: use another payment method or call your bank.',
    });
    expect(await balanceOf(t, open.id)).toBe(left);
    const charges = await chargeCount(t);
    expect((await pay(rhonda, payment(declining, [{ id: open.id, cents: 500 }]), key)).statusCode).toBe(402);
    expect(await chargeCount(t)).toBe(charges);
    const row = await t.db.db
      .selectFrom('payments')
      .select('status')
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    expect(row?.status).toBe('Declined');

    const poor = await addCard('4000000000009995');
    const insufficient = await pay(rhonda, payment(poor, [{ id: open.id, cents: 500 }]), newKey('poor'));
    expect(insufficient.json().error.message).toMatch(/^The payment was declined for insufficient funds\./);
  });

  it('leaves the payment pending when the gateway does not answer, then records it as failed', async () => {
    const failing = await addCard('4000000000000119');
    const open = unpaid[1] ?? { id: 0, balance_cents: 0 };
    const left = await balanceOf(t, open.id);
    const key = newKey('outage');
    const body = payment(failing, [{ id: open.id, cents: 700 }]);
    const res = await pay(rhonda, body, key);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toMatch(/^The payment service did not answer\. You will not be charged twice/);
    expect(
      (await t.db.db.selectFrom('payments').select('status').where('idempotency_key', '=', key).executeTakeFirst())
        ?.status,
    ).toBe('Pending');
    // While pending, its amount is claimed: paying the whole balance elsewhere is refused.
    const claimed = await pay(rhonda, payment(visa, [{ id: open.id, cents: left }]), newKey('claimed'));
    expect(claimed.json().error.fields['invoices.0.amountCents']).toMatch(/has \$.+ left to pay/);

    t.clock.advanceSeconds(180);
    await rhonda.call('GET', '/api/customer/billing/bills');
    const row = await t.db.db
      .selectFrom('payments')
      .select(['status', 'failure_reason'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    expect(row?.status).toBe('Failed');
    const retry = await pay(rhonda, body, key);
    expect(retry.statusCode).toBe(502);
    expect(retry.json().error.message).toBe(
      'This payment did not go through and nothing was charged. Start a new payment.',
    );
    expect(await balanceOf(t, open.id)).toBe(left);
  });
});

describe('payBills: the brake on declined payments', () => {
  it('stops taking new payments after five declines in a day', async () => {
    const declining = await methodIdOf(t, RESIDENTIAL, '0002');
    const open = unpaid[1] ?? { id: 0, balance_cents: 0 };
    const declinedSoFar = async () =>
      (
        await t.db.db
          .selectFrom('payments')
          .select('id')
          .where('customer_id', '=', RESIDENTIAL)
          .where('status', '=', 'Declined')
          .execute()
      ).length;
    while ((await declinedSoFar()) < 5) {
      expect((await pay(rhonda, payment(declining, [{ id: open.id, cents: 100 }]), newKey('decline'))).statusCode).toBe(
        402,
      );
    }
    const charges = await chargeCount(t);
    const refused = await pay(rhonda, payment(visa, [{ id: open.id, cents: 100 }]), newKey('braked'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^5 payments of this account were declined in the last 24 hours/);
    expect(await chargeCount(t)).toBe(charges);
    t.clock.advanceSeconds(86_400);
    expect((await pay(rhonda, payment(visa, [{ id: open.id, cents: 100 }]), newKey('next-day'))).statusCode).toBe(201);
  });
});

describe('payBills when the gateway and the database part ways', () => {
  /** The real sandbox, but the answer of a successful charge is lost on the way back. */
  const losingAnswers = (inner: PaymentGateway): PaymentGateway => ({
    ...inner,
    name: 'lossy',
    async charge(request) {
      await inner.charge(request);
      throw new GatewayUnavailableError('connection reset after the charge');
    },
  });

  it('a charge whose answer was lost is completed by the retry, charged once', async () => {
    const gateway = t.ctx.payments;
    const open = unpaid[1] ?? { id: 0, balance_cents: 0 };
    const left = await balanceOf(t, open.id);
    const key = newKey('lost');
    const body = payment(visa, [{ id: open.id, cents: 300 }]);
    const actor = await actorOf(t, rhonda.token);
    await expect(payBills({ ...t.ctx, payments: losingAnswers(gateway) }, actor, body, key)).rejects.toMatchObject({
      statusCode: 503,
    });
    const charges = await chargeCount(t);
    expect(await balanceOf(t, open.id)).toBe(left);
    const retry = await pay(rhonda, body, key);
    expect(retry.statusCode).toBe(201);
    expect(await chargeCount(t)).toBe(charges);
    expect(await balanceOf(t, open.id)).toBe(left - 300);
  });

  it('a charge made while the database failed is settled from the gateway’s record, once', async () => {
    const gateway = t.ctx.payments;
    let charged = false;
    const watching: PaymentGateway = {
      ...gateway,
      async charge(request) {
        const outcome = await gateway.charge(request);
        charged = true;
        return outcome;
      },
    };
    const db = new Proxy(t.ctx.db, {
      get(target, prop) {
        if (prop === 'transaction' && charged) {
          return () => {
            throw new Error('database connection lost');
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const open = unpaid[1] ?? { id: 0, balance_cents: 0 };
    const left = await balanceOf(t, open.id);
    const key = newKey('dbfail');
    const body = payment(visa, [{ id: open.id, cents: 200 }]);
    const actor = await actorOf(t, rhonda.token);
    await expect(payBills({ ...t.ctx, db, payments: watching }, actor, body, key)).rejects.toThrow(
      'database connection lost',
    );
    const charges = await chargeCount(t);
    expect(await balanceOf(t, open.id)).toBe(left);

    // Nobody retries: the next look at the bills settles it from the gateway's record.
    t.clock.advanceSeconds(180);
    await rhonda.call('GET', '/api/customer/billing/bills');
    expect(await balanceOf(t, open.id)).toBe(left - 200);
    const late = await pay(rhonda, body, key);
    expect(late.statusCode).toBe(201);
    expect(late.json().invoices[0]).toMatchObject({ InvoiceID: open.id, amountCents: 200 });
    expect(await chargeCount(t)).toBe(charges);
    expect(await balanceOf(t, open.id)).toBe(left - 200);
  });
});
