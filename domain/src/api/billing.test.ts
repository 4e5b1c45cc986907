import { describe, expect, it } from 'vitest';
import { AddPaymentMethodRequestSchema, AddressUpdateSchema, PayBillsRequestSchema } from './billing.js';

const fieldsOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const card = (over: Record<string, unknown> = {}) => ({
  kind: 'card',
  holderName: 'Rhonda Reyes',
  cardNumber: '4242 4242 4242 4242',
  expMonth: 8,
  expYear: 2031,
  cvc: '123',
  postalCode: '65202',
  ...over,
});

describe('AddPaymentMethodRequestSchema', () => {
  it('accepts a card with a two-digit year as 20xx', () => {
    const parsed = AddPaymentMethodRequestSchema.parse(card({ expYear: 31, expMonth: '08' }));
    expect(parsed).toMatchObject({ kind: 'card', expYear: 2031, expMonth: 8 });
  });

  it('names the card fields that are wrong', () => {
    expect(fieldsOf(AddPaymentMethodRequestSchema.safeParse(card({ cardNumber: '4242 4242 4242 4241' })))).toEqual({
      cardNumber: 'Card number is not valid. Check the digits and try again.',
    });
    expect(fieldsOf(AddPaymentMethodRequestSchema.safeParse(card({ cardNumber: '378282246310005' })))).toEqual({
      cvc: 'Security code must be 4 digits.',
    });
    expect(fieldsOf(AddPaymentMethodRequestSchema.safeParse(card({ cardNumber: '1234' })))).toMatchObject({
      cardNumber: 'Card number must be 13 to 19 digits.',
    });
    expect(fieldsOf(AddPaymentMethodRequestSchema.safeParse(card({ expMonth: 0, expYear: 0 })))).toEqual({
      expMonth: 'Expiry month must be 1 to 12.',
      expYear: 'Expiry year must be a year like 2028.',
    });
  });

  it('checks a bank account’s routing number and account digits', () => {
    const bank = {
      kind: 'bank',
      holderName: 'Acme',
      routingNumber: '011000015',
      accountNumber: '000123456789',
      accountType: 'Checking',
    };
    expect(AddPaymentMethodRequestSchema.safeParse(bank).success).toBe(true);
    expect(
      fieldsOf(AddPaymentMethodRequestSchema.safeParse({ ...bank, routingNumber: '123456789', accountNumber: '12' })),
    ).toEqual({
      routingNumber: 'Routing number must be the 9-digit number printed on your checks.',
      accountNumber: 'Account number must be 4 to 17 digits.',
    });
  });
});

describe('PayBillsRequestSchema', () => {
  it('takes whole positive cents, each invoice once', () => {
    const ok = { PaymentMethodID: 1, invoices: [{ InvoiceID: 2, amountCents: 10_312 }], expectedFeeCents: 304 };
    expect(PayBillsRequestSchema.safeParse(ok).success).toBe(true);
    expect(
      fieldsOf(PayBillsRequestSchema.safeParse({ ...ok, invoices: [{ InvoiceID: 2, amountCents: 10.5 }] })),
    ).toEqual({
      'invoices.0.amountCents': 'Amount must be whole cents.',
    });
    const twice = { ...ok, invoices: [ok.invoices[0], ok.invoices[0]] };
    expect(fieldsOf(PayBillsRequestSchema.safeParse(twice))).toEqual({ invoices: 'List each invoice once.' });
  });
});

describe('AddressUpdateSchema', () => {
  it('normalizes the state and empty optional parts', () => {
    expect(
      AddressUpdateSchema.parse({
        vcAddress: ' 2208 Clark Ln ',
        vcAddress2: '',
        vcCity: 'Columbia',
        vcState: 'mo',
        vcZip: '65202',
        vcZipFour: '',
      }),
    ).toEqual({
      vcAddress: '2208 Clark Ln',
      vcAddress2: null,
      vcCity: 'Columbia',
      vcState: 'MO',
      vcZip: '65202',
      vcZipFour: null,
    });
  });
});
