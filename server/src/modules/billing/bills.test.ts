import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  as,
  BUSINESS,
  type Caller,
  CONSUMER,
  RESIDENTIAL,
  superUser,
} from '../customer-account/customer-test-helpers.js';
import { invoiceIdsOf } from './billing-test-helpers.js';

let t: TestApp;
let rhonda: Caller;
let rhondaInvoices: Awaited<ReturnType<typeof invoiceIdsOf>>;
let acmeInvoices: Awaited<ReturnType<typeof invoiceIdsOf>>;
beforeAll(async () => {
  t = await createTestApp();
  rhonda = await as(t, 'residential');
  rhondaInvoices = await invoiceIdsOf(t, RESIDENTIAL);
  acmeInvoices = await invoiceIdsOf(t, BUSINESS);
});
afterAll(() => t.close());

const RHONDA_INVOICE_CENTS = 10_312;
const first = <T>(list: T[]): T => {
  const item = list[0];
  if (item === undefined) throw new Error('empty list');
  return item;
};

/** The text pdfkit drew: content streams inflated, the hex strings of their TJ operators decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      const content = inflateSync(pdf.subarray(start, end)).toString('latin1');
      for (const hex of content.matchAll(/<([0-9a-f]+)>/gi))
        text += Buffer.from(hex[1] ?? '', 'hex').toString('latin1');
      text += '\n';
    } catch {
      // Not a deflated content stream (fonts, images).
    }
  }
  return text;
}

describe('GET /api/customer/billing/bills (getBills)', () => {
  it('gives the balance, what is past due, what is due next and the open invoices', async () => {
    const res = await rhonda.call('GET', '/api/customer/billing/bills');
    expect(res.statusCode).toBe(200);
    const bills = res.json();
    expect(bills).toMatchObject({
      balanceCents: 2 * RHONDA_INVOICE_CENTS,
      pastDueCents: RHONDA_INVOICE_CENTS,
      nextDueCents: RHONDA_INVOICE_CENTS,
      cardFeeBasisPoints: 295,
      requireAutopay: false,
    });
    expect(bills.openInvoices.map((i: { status: string }) => i.status)).toEqual(['Past Due', 'Open']);
    expect(bills.nextDueDate).toBe(bills.openInvoices[1].dueDate);
    expect(bills.mailingLocations).toEqual([
      expect.objectContaining({ fullAddress: '2208 Clark Ln, Columbia, MO 65202', autopayPaymentMethodID: null }),
    ]);
  });

  it('shows the billing-only user the business bills, and an account with no invoices a zero balance', async () => {
    const acme = (await (await as(t, 'business-billing')).call('GET', '/api/customer/billing/bills')).json();
    expect(acme.openInvoices).toHaveLength(1);
    expect(acme.mailingLocations[0].autopayPaymentMethodID).not.toBeNull();
    const connor = (await (await as(t, 'consumer')).call('GET', '/api/customer/billing/bills')).json();
    expect(connor).toMatchObject({ balanceCents: 0, pastDueCents: 0, nextDueDate: null, openInvoices: [] });
  });

  it('refuses users without billing-view and other roles', async () => {
    const fran = await (await as(t, 'business')).call('POST', '/api/customer/users', {
      username: 'tickets-only',
      firstName: 'Tia',
      lastName: 'Tickets',
      email: 'tia@acmedental.example',
      password: 'ticket-desk-passphrase',
      permissions: ['tickets'],
    });
    expect(fran.statusCode).toBe(201);
    const token = await t.login('tickets-only', 'ticket-desk-passphrase');
    const group = first(acmeInvoices).invoice_group_id;
    const invoice = first(acmeInvoices).id;
    const mailing = first(acmeInvoices).mailing_location_id;
    for (const url of [
      '/api/customer/billing/bills',
      `/api/customer/billing/invoices/${invoice}`,
      `/api/customer/billing/invoices/${invoice}/pdf`,
      `/api/customer/billing/invoice-groups/${group}/csv`,
      `/api/customer/billing/mailing-locations/${mailing}/history`,
      '/api/customer/billing/payment-methods',
      '/api/customer/billing/autopay',
      '/api/customer/billing/mailing-locations',
    ]) {
      expect((await t.request({ method: 'GET', url, token })).statusCode, url).toBe(403);
    }
    expect((await (await as(t, 'contractor')).call('GET', '/api/customer/billing/bills')).statusCode).toBe(403);
  });
});

describe('GET /api/customer/billing/invoices/:id', () => {
  it('gives an invoice with its lines and the payments applied', async () => {
    const paid = first(rhondaInvoices);
    const res = await rhonda.call('GET', `/api/customer/billing/invoices/${paid.id}`);
    expect(res.json()).toMatchObject({ InvoiceID: paid.id, status: 'Paid', balanceCents: 0 });
    expect(res.json().lines.map((l: { description: string }) => l.description)).toEqual([
      'Fiber 1 Gig Internet',
      'Home Phone',
      'Federal Universal Service Fund',
      'Missouri 911 and relay fees',
    ]);
    expect(res.json().payments).toEqual([expect.objectContaining({ amountCents: RHONDA_INVOICE_CENTS })]);
  });

  it('refuses another customer’s invoice', async () => {
    const res = await rhonda.call('GET', `/api/customer/billing/invoices/${first(acmeInvoices).id}`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Hosted PBX');
  });
});

describe('GET /api/customer/billing/mailing-locations/:id/history (viewHistory)', () => {
  it('lists the location’s invoices and payments, newest first', async () => {
    const mailing = first(acmeInvoices).mailing_location_id;
    const res = await (await as(t, 'business-billing')).call(
      'GET',
      `/api/customer/billing/mailing-locations/${mailing}/history`,
    );
    expect(res.statusCode).toBe(200);
    const history = res.json();
    expect(history.invoices).toHaveLength(12);
    expect(history.invoices[0].invoiceDate > history.invoices[11].invoiceDate).toBe(true);
    expect(history.payments).toHaveLength(11);
    expect(history.payments[0]).toMatchObject({
      status: 'Completed',
      method: 'Checking ending in 6789',
      source: 'portal',
    });
    expect(history.payments[0].invoiceIDs).toHaveLength(1);
  });

  it('refuses another customer’s mailing location', async () => {
    const res = await rhonda.call(
      'GET',
      `/api/customer/billing/mailing-locations/${first(acmeInvoices).mailing_location_id}/history`,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/customer/billing/invoices/:id/pdf (downloadInvoicePDF)', () => {
  it('makes a PDF of the invoice on the server', async () => {
    const invoice = rhondaInvoices[1] ?? first(rhondaInvoices);
    const res = await rhonda.call('GET', `/api/customer/billing/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${invoice.id}.pdf"; filename*=UTF-8''invoice-${invoice.id}.pdf`,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const text = pdfText(pdf);
    for (const expected of [
      'Boone Valley Fiber',
      'INVOICE',
      'Rhonda Reyes',
      '2208 Clark Ln',
      'Fiber 1 Gig Internet',
      '$103.12',
      'PAST DUE',
      RESIDENTIAL,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('refuses another customer’s invoice and answers 404 for an unknown one', async () => {
    expect((await rhonda.call('GET', `/api/customer/billing/invoices/${first(acmeInvoices).id}/pdf`)).statusCode).toBe(
      403,
    );
    expect((await rhonda.call('GET', '/api/customer/billing/invoices/999999/pdf')).statusCode).toBe(404);
  });
});

describe('GET /api/customer/billing/invoice-groups/:id/csv (downloadInvoiceCSV)', () => {
  it('writes the group’s invoices, one row per line', async () => {
    const invoice = first(rhondaInvoices);
    const res = await rhonda.call('GET', `/api/customer/billing/invoice-groups/${invoice.invoice_group_id}/csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-group-${invoice.invoice_group_id}.csv"; filename*=UTF-8''invoice-group-${invoice.invoice_group_id}.csv`,
    );
    const rows = res.body.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(rows).toHaveLength(5);
    expect(rows[1]).toMatch(
      new RegExp(
        `^${RESIDENTIAL},Rhonda Reyes,${invoice.invoice_group_id},${invoice.id},[0-9-]+,[0-9-]+,Paid,1,Fiber 1 Gig Internet,75\\.00,103\\.12,0\\.00$`,
      ),
    );
  });

  it('refuses another customer’s group and answers 404 for an unknown one', async () => {
    expect(
      (await rhonda.call('GET', `/api/customer/billing/invoice-groups/${first(acmeInvoices).invoice_group_id}/csv`))
        .statusCode,
    ).toBe(403);
    expect((await rhonda.call('GET', '/api/customer/billing/invoice-groups/424242/csv')).statusCode).toBe(404);
  });
});

describe('mailing address (getMailingLocationObject, updateAddress, zipCodeLookUp)', () => {
  const ADDRESS = {
    vcAddress: '2210 Clark Ln',
    vcAddress2: 'Apt 2',
    vcCity: 'columbia',
    vcState: 'mo',
    vcZip: '65202',
    vcZipFour: '1234',
  };

  it('lists and updates the account’s mailing address', async () => {
    const list = (await rhonda.call('GET', '/api/customer/billing/mailing-locations')).json();
    expect(list).toEqual([
      expect.objectContaining({ vcAddress: '2208 Clark Ln', vcCity: 'Columbia', vcState: 'MO', vcZip: '65202' }),
    ]);
    const res = await rhonda.call(
      'PUT',
      `/api/customer/billing/mailing-locations/${list[0].MailingLocationID}`,
      ADDRESS,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      vcAddress: '2210 Clark Ln',
      vcAddress2: 'Apt 2',
      vcCity: 'columbia',
      vcState: 'MO',
      vcZipFour: '1234',
    });
  });

  it('names fields that do not fit together, and stores nothing', async () => {
    const id = first(rhondaInvoices).mailing_location_id;
    const res = await rhonda.call('PUT', `/api/customer/billing/mailing-locations/${id}`, {
      vcAddress: 'Main St',
      vcAddress2: '',
      vcCity: 'Fulton',
      vcState: 'ZZ',
      vcZip: '65201',
      vcZipFour: '12',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      vcAddress: 'Street address needs a house number or PO Box number.',
      vcState: 'State must be a 2-letter US state code, like MO.',
      vcZipFour: 'ZIP+4 must be 4 digits or left empty.',
    });
    const mismatch = await rhonda.call('PUT', `/api/customer/billing/mailing-locations/${id}`, {
      ...ADDRESS,
      vcCity: 'Fulton',
    });
    expect(mismatch.json().error.fields.vcCity).toBe('ZIP code 65202 is Columbia, MO.');
    const row = await t.db.db.selectFrom('mailing_locations').select('city').where('id', '=', id).executeTakeFirst();
    expect(row?.city).toBe('columbia');
  });

  it('lets the billing-only user change Acme’s address but not another customer’s', async () => {
    const acme = first(acmeInvoices).mailing_location_id;
    const bill = await as(t, 'business-billing');
    const ok = await bill.call('PUT', `/api/customer/billing/mailing-locations/${acme}`, {
      ...ADDRESS,
      vcAddress: 'PO Box 1101',
      vcAddress2: '',
      vcCity: 'Columbia',
      vcZip: '65205',
      vcZipFour: '',
    });
    expect(ok.statusCode).toBe(200);
    const foreign = await rhonda.call('PUT', `/api/customer/billing/mailing-locations/${acme}`, ADDRESS);
    expect(foreign.statusCode).toBe(403);
    const row = await t.db.db
      .selectFrom('mailing_locations')
      .select('address')
      .where('id', '=', acme)
      .executeTakeFirst();
    expect(row?.address).toBe('PO Box 1101');
  });

  it('looks up the city and state of ZIP codes in the provider’s area', async () => {
    expect((await rhonda.call('GET', '/api/customer/zip-codes/65101')).json()).toEqual({
      vcZip: '65101',
      vcCity: 'Jefferson City',
      vcState: 'MO',
    });
    const outside = await rhonda.call('GET', '/api/customer/zip-codes/10001');
    expect(outside.statusCode).toBe(404);
    expect(outside.json().error.message).toMatch(/outside our service area/);
    expect((await rhonda.call('GET', '/api/customer/zip-codes/6510')).statusCode).toBe(400);
    expect((await (await as(t, 'installer')).call('GET', '/api/customer/zip-codes/65101')).statusCode).toBe(403);
  });

  it('lets a super user see the account’s bills', async () => {
    const staff = await superUser(t, CONSUMER);
    expect((await staff.call('GET', '/api/customer/billing/bills')).statusCode).toBe(200);
  });
});

describe('billing writes need billing-pay', () => {
  it('refuses every write to a user who may only view bills, and changes nothing', async () => {
    const created = await (await as(t, 'business')).call('POST', '/api/customer/users', {
      username: 'bills-viewer',
      firstName: 'Val',
      lastName: 'Viewer',
      email: 'val@acmedental.example',
      password: 'bill-reader-passphrase',
      permissions: ['billing-view'],
    });
    expect(created.statusCode).toBe(201);
    const token = await t.login('bills-viewer', 'bill-reader-passphrase');
    const acme = first(acmeInvoices);
    const methods = await t.db.db
      .selectFrom('payment_methods')
      .select('id')
      .where('customer_id', '=', BUSINESS)
      .execute();
    const method = first(methods).id;
    const before = await t.db.db
      .selectFrom('mailing_locations')
      .selectAll()
      .where('id', '=', acme.mailing_location_id)
      .execute();
    const routes: [string, string, unknown][] = [
      ['POST', '/api/customer/billing/fee-quote', { PaymentMethodID: method, amountCents: 100 }],
      [
        'POST',
        '/api/customer/billing/payment-methods',
        {
          kind: 'bank',
          holderName: 'Val Viewer',
          routingNumber: '011000015',
          accountNumber: '000123456789',
          accountType: 'Checking',
        },
      ],
      ['DELETE', `/api/customer/billing/payment-methods/${method}`, undefined],
      [
        'PUT',
        `/api/customer/billing/mailing-locations/${acme.mailing_location_id}/autopay`,
        { PaymentMethodID: method },
      ],
      ['DELETE', `/api/customer/billing/mailing-locations/${acme.mailing_location_id}/autopay`, undefined],
      [
        'PUT',
        `/api/customer/billing/mailing-locations/${acme.mailing_location_id}`,
        { vcAddress: '1 Main St', vcAddress2: '', vcCity: 'Columbia', vcState: 'MO', vcZip: '65201', vcZipFour: '' },
      ],
    ];
    for (const [method, url, payload] of routes) {
      const res = await t.request({
        method: method as 'GET',
        url,
        token,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.message).toMatch(/“Pay bills” permission/);
    }
    const after = await t.db.db
      .selectFrom('mailing_locations')
      .selectAll()
      .where('id', '=', acme.mailing_location_id)
      .execute();
    expect(after).toEqual(before);
    expect(
      await t.db.db.selectFrom('payment_methods').select('id').where('customer_id', '=', BUSINESS).execute(),
    ).toEqual(methods);
  });
});
