/**
 * The work drives the order (issue 12 step 5), end to end at API level: the contractor completes the survey,
 * construction and splicing checklists, the installer completes the install, and the order is installed: packages
 * active, the ONT tied to it, the first invoice prorated (less what was paid), the customer told. Twice changes
 * nothing. Waiting work orders are not workable.
 */
import { CustomerOrderDetailSchema, proratedCents, waitingWorkMessage } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fillInstallChecklist } from '../../test/install-checklist.js';
import { as, type Caller } from '../customer-account/customer-test-helpers.js';
import { onWorkOrderComplete } from './fulfilment.service.js';
import { addOnt, completingSave, newLocation, placePaidOrder } from './orders-test-helpers.js';

let t: TestApp;
let contractor: Caller;
let installer: Caller;
let consumer: Caller;
let locationId: number;
let orderId: number;
let wos: number[];
const PAID = 5_000;

beforeAll(async () => {
  t = await createTestApp();
  [contractor, installer, consumer] = await Promise.all([as(t, 'contractor'), as(t, 'installer'), as(t, 'consumer')]);
  locationId = await newLocation(t, DEMO.customers.consumer);
  const placed = await placePaidOrder(
    t,
    {
      customerId: DEMO.customers.consumer,
      serviceLocationId: locationId,
      mailingLocationId: null,
      kind: 'new',
      lines: [
        { packageId: 2, action: 'add' },
        { packageId: 4, action: 'add' },
      ],
      installDate: '2027-03-15',
      installWindow: '08:00-12:00',
      dropExists: false,
      needsVisit: true,
      placedBy: { userId: DEMO.users.consumer.id, employeeId: null },
    },
    { paidCents: PAID, contractorId: DEMO.contractorCompanies.prairieFiber },
  );
  orderId = placed.orderId;
  wos = placed.workOrderIds;
});
afterAll(() => t.close());

const save = (woId: number, type: string) =>
  contractor.call('PUT', `/api/contractor/work-orders/${woId}/checklist`, completingSave(type));
const order = async () =>
  CustomerOrderDetailSchema.parse((await consumer.call('GET', `/api/customer/orders/${orderId}`)).json());
const statuses = async () => (await order()).workOrders.map((w) => w.status);
const complete = async (woId: number, headers: Record<string, string> = {}) => {
  if (woId > 0 && woId < 999_999_999) await fillInstallChecklist(t.db.db, woId);
  return installer.call('POST', `/api/installer/work-orders/${woId}/complete`, { assetsMovedConfirmed: true }, headers);
};

describe('waiting work orders', () => {
  it('are shown as waiting and refuse a checklist with the reason', async () => {
    const [, construction] = wos;
    const refused = await save(construction ?? 0, 'Consumer Drop Construction');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(waitingWorkMessage(wos[0] ?? 0));
    const home = await contractor.call('GET', '/api/contractor/home');
    const open = JSON.stringify(home.json());
    expect(open).not.toContain(`"nCount":${construction}`);
    const found = await contractor.call('GET', `/api/contractor/work-orders/${construction}`);
    expect(found.json().vcStatus).toBe('Waiting');
    const search = await installer.call(
      'GET',
      `/api/installer/work-orders?WorkOrderID=${wos[3]}&ShowPendingAssigned=1&ByAssignment=0`,
    );
    expect(search.json().workOrders[0]).toMatchObject({ vcStatus: 'Waiting', nWaitingFor: wos[2] });
    const refusedInstall = await complete(wos[3] ?? 0);
    expect(refusedInstall.statusCode).toBe(409);
    expect(refusedInstall.json().error.message).toBe(waitingWorkMessage(wos[2] ?? 0));
  });
});

describe('the work drives the order', () => {
  it('survey, construction and splicing move the order and open the next work order', async () => {
    const [survey, construction, splicing, install] = wos as [number, number, number, number];
    expect((await save(survey, 'Consumer Site Survey')).statusCode).toBe(200);
    let o = await order();
    expect(o.status).toBe('survey_done');
    expect(o.workOrders.map((w) => w.status)).toEqual(['Complete', 'Open', 'Waiting', 'Waiting']);
    expect(o.events.map((e) => [e.kind, e.WOId])).toContainEqual(['survey_done', survey]);
    expect(o.events.find((e) => e.kind === 'work_scheduled')?.message).toMatch(/^Drop construction is next/);

    expect((await save(construction, 'Consumer Drop Construction')).statusCode).toBe(200);
    o = await order();
    expect(o.status).toBe('drop_built');
    expect(o.events.find((e) => e.kind === 'drop_built')?.message).toBe('Drop buried.');

    expect((await save(splicing, 'Consumer Splicing')).statusCode).toBe(200);
    o = await order();
    expect(o.status).toBe('spliced');
    expect(o.workOrders.map((w) => w.status)).toEqual(['Complete', 'Complete', 'Complete', 'Open']);
    const scheduled = o.events.find((e) => e.kind === 'install_scheduled');
    expect(scheduled).toMatchObject({
      WOId: install,
      message: 'Install scheduled for Mon, Mar 15, 2027, 08:00-12:00.',
    });
    expect(o.cancellable).toBe(true);
  });

  it('refuses the install without an ONT at the location, then activates, ties the ONT and bills once', async () => {
    const install = wos[3] ?? 0;
    const noOnt = await complete(install);
    expect(noOnt.statusCode).toBe(400);
    expect(noOnt.json().error.fields).toHaveProperty('ont');
    expect(await statuses()).toEqual(['Complete', 'Complete', 'Complete', 'Open']);

    const ontId = await addOnt(t, locationId, 'ONT-TEST-9001');
    const mailsBefore = t.mail.length;
    const done = await complete(install, { 'Idempotency-Key': 'complete-install-1' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ vcStatus: 'Complete', isComplete: true });

    const o = await order();
    expect(o.status).toBe('installed');
    expect(o.installedAt).not.toBeNull();
    expect(o.cancellable).toBe(false);
    const day = t.clock.now.toISOString().slice(0, 10);
    const packages = await t.db.db
      .selectFrom('service_location_packages')
      .selectAll()
      .where('service_location_id', '=', locationId)
      .execute();
    expect(packages.map((p) => [p.package_id, p.active, p.start_date, p.order_id])).toEqual([
      [2, 1, day, orderId],
      [4, 1, day, orderId],
    ]);
    const activated = o.events.find((e) => e.kind === 'activated');
    expect(activated?.message).toContain('ONT ONT-TEST-9001');
    const auditRow = await t.db.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'order.activate')
      .where('subject', '=', `${DEMO.customers.consumer}:${orderId}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(auditRow.detail ?? '{}')).toMatchObject({ ontAssetId: ontId });

    // The first invoice: both packages prorated from today and the 1 Gig install fee, paid by the order's payment.
    expect(o.firstInvoiceId).not.toBeNull();
    const invoice = await t.db.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', o.firstInvoiceId ?? 0)
      .executeTakeFirstOrThrow();
    const lines = await t.db.db
      .selectFrom('invoice_lines')
      .select(['description', 'amount_cents'])
      .where('invoice_id', '=', invoice.id)
      .orderBy('id')
      .execute();
    const expected = proratedCents(7_500, day) + 9_900 + proratedCents(2_500, day);
    expect(lines.map((l) => l.amount_cents)).toEqual([proratedCents(7_500, day), 9_900, proratedCents(2_500, day)]);
    expect(invoice).toMatchObject({ customer_id: DEMO.customers.consumer, amount_cents: expected });
    expect(invoice.balance_cents).toBe(Math.max(0, expected - PAID));
    const bills = await consumer.call('GET', '/api/customer/billing/bills');
    expect(bills.json().openInvoices.map((i: { InvoiceID: number }) => i.InvoiceID)).toContain(invoice.id);

    const told = t.mail.slice(mailsBefore);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ subject: `Your service is active (order ${orderId})` });
    expect(told[0]?.text).toContain(`first invoice (#${invoice.id})`);
  });

  it('completing twice changes nothing: no second activation, invoice or mail', async () => {
    const install = wos[3] ?? 0;
    const count = async () => ({
      packages: (
        await t.db.db.selectFrom('service_location_packages').select('id').where('order_id', '=', orderId).execute()
      ).length,
      invoices: (
        await t.db.db.selectFrom('invoices').select('id').where('customer_id', '=', DEMO.customers.consumer).execute()
      ).length,
      events: (await order()).events.length,
      mail: t.mail.length,
    });
    const before = await count();
    const replay = await complete(install, { 'Idempotency-Key': 'complete-install-1' });
    expect(replay.statusCode).toBe(200);
    const again = await complete(install);
    expect(again.statusCode).toBe(409);
    // The hook itself, called again for the same work order, does nothing either.
    await t.db.db
      .transaction()
      .execute((trx) => onWorkOrderComplete(t.ctx, trx, install, { userId: null, employeeId: null }));
    expect(await count()).toEqual(before);
    const survey = await save(wos[0] ?? 0, 'Consumer Site Survey');
    expect(survey.statusCode).toBe(409);
    expect((await order()).status).toBe('installed');
  });

  it('a work order of no order completes as before', async () => {
    const id = DEMO.contractorWorkOrders.company2OpenByType['Consumer Site Survey'] ?? 0;
    expect((await save(id, 'Consumer Site Survey')).statusCode).toBe(200);
  });
});

describe('POST /api/installer/work-orders/{WOId}/complete', () => {
  it('refuses other roles, a contractor company’s work order, an unknown one, bad input and non-install types', async () => {
    const fullInstall = DEMO.workOrders.fullInstall;
    for (const who of ['contractor', 'residential', 'sales', 'dispatcher']) {
      const res = await (await as(t, who)).call('POST', `/api/installer/work-orders/${fullInstall}/complete`, {
        assetsMovedConfirmed: true,
      });
      expect(res.statusCode, who).toBe(403);
    }
    const companys = DEMO.contractorWorkOrders.company2OpenByType['Consumer Fiber Install'] ?? 0;
    expect((await complete(companys)).statusCode).toBe(403);
    expect((await complete(999_999_999)).statusCode).toBe(404);
    const unconfirmed = await installer.call('POST', `/api/installer/work-orders/${fullInstall}/complete`, {
      assetsMovedConfirmed: false,
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error.fields).toHaveProperty('assetsMovedConfirmed');
    const survey = await complete(DEMO.workOrders.siteSurvey);
    expect(survey.statusCode).toBe(400);
    expect(survey.json().error.message).toMatch(/Only installs/);
  });
});
