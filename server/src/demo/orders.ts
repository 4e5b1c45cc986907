/**
 * Demo orders in every state (issue 12, DEMO-DATA.md's last section), all of Olivia Olsen (`orders`, customer
 * 1000-2000-0010), one service location each, made through the orders module as the product makes them: placeOrder,
 * then the checklist completions that drive an order (orders/fulfilment.service.ts) and cancelOrder's database part.
 *
 * - placed: paid $99.00 at checkout (a sandbox charge); site survey Open (Prairie Fiber), the rest Waiting.
 * - survey done: construction Open, splicing Waiting (Prairie Fiber: the whole company's, assigned to nobody yet, so
 *   `contractor`'s own 26 stay as they are), the install Waiting (assigned to `installer2`): the browser test completes construction and splicing, then the install.
 * - drop built: splicing Open, the install Waiting.
 * - installed: install complete three days ago: Fiber 1 Gig active, ONT-ORD-0004 tied to it, a prorated first
 *   invoice less the $99.00 paid.
 * - cancelled: paid, then cancelled and refunded; its work orders Cancelled.
 *
 * The cart state belongs to the ordering flow (its carts table), which seeds its own saved cart.
 *
 * Orders and their rows take the database's next ids (placeOrder inserts without ids), so the identity sequences are
 * brought up to date first and the generator's id counters are moved past what was used after.
 */
import { checklistFormFor, withDefaults, workOrderTypeByDescription } from '@strand/domain';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/database.js';
import { recordOrderPayment } from '../modules/billing/order-payments.service.js';
import { onWorkOrderComplete } from '../modules/orders/fulfilment.service.js';
import { cancelInTransaction } from '../modules/orders/order-cancel.service.js';
import { placeOrder } from '../modules/orders/orders.service.js';
import { resetIdentitySequences } from './batch.js';
import { EQUIPMENT_IDS, PACKAGE_IDS } from './catalog.js';
import type { SeedContext } from './context.js';
import { DEMO } from './demo-ids.js';
import { assetRow, insertAssets } from './equipment.js';
import { type Address, mailingLocationRow, serviceLocationRow } from './locations.js';

export const DEMO_ORDERS = {
  customerId: '1000-2000-0010',
  customerName: 'Olivia Olsen',
  username: 'orders',
  /** The street of each order's location (README lists them). */
  addresses: {
    placed: '301 Orchard Crest Dr',
    surveyDone: '305 Orchard Crest Dr',
    dropBuilt: '309 Orchard Crest Dr',
    installed: '313 Orchard Crest Dr',
    cancelled: '317 Orchard Crest Dr',
  },
  /** The ONT the installed order is tied to. */
  installedOnt: 'ONT-ORD-0004',
  paidCents: 9_900,
} as const;

type Trx = Transaction<Database>;
const A = DEMO_ORDERS.addresses;
const TABLES_WITH_NEW_IDS = [
  'sales_orders',
  'sales_order_lines',
  'sales_order_events',
  'work_orders',
  'service_location_packages',
  'invoices',
  'invoice_lines',
  'checklists',
  'checklist_history',
  'audit_log',
  'mailing_locations',
] as const;

const at = (address: string, i: number): Address => ({
  address,
  city: 'Columbia',
  zip: '65203',
  latitude: 38.9212 + i * 0.0004,
  longitude: -92.3641 - i * 0.0003,
});

export async function seedDemoOrders(ctx: SeedContext): Promise<void> {
  const trx = ctx.db as unknown as Trx;
  await resetIdentitySequences(ctx.db, ctx.dialect);
  const C = DEMO_ORDERS.customerId;
  await ctx.insert('customers', [
    {
      id: C,
      name: DEMO_ORDERS.customerName,
      customer_type: 'Residential',
      status: 'Active',
      created_at: ctx.clock.at(-30, 15),
    },
  ]);
  const keys = ['placed', 'surveyDone', 'dropBuilt', 'installed', 'cancelled'] as const;
  const locations = keys.map((k, i) => serviceLocationRow(ctx, C, at(A[k], i)));
  await ctx.insert('service_locations', locations);
  const mailing = mailingLocationRow(ctx, C, at('PO Box 1420', 0));
  await ctx.insert('mailing_locations', [mailing]);
  const userId = ctx.ids.next('users');
  await ctx.insert('users', [
    {
      id: userId,
      username: DEMO_ORDERS.username,
      email: 'olivia.olsen@example.net',
      password_hash: ctx.passwordHash,
      first_name: 'Olivia',
      last_name: 'Olsen',
      customer_id: C,
      is_admin: 1,
      is_staff: 0,
      staff_roles: '',
      employee_id: null,
      installer: 0,
      contractor_id: 0,
      noc_location_id: null,
      active_service_location_id: locations[0]?.id ?? null,
      active_mailing_location_id: mailing.id,
      disabled: 0,
      created_at: ctx.clock.at(-30, 15),
      updated_at: ctx.clock.at(-30, 15),
    },
  ]);
  const locationOf = Object.fromEntries(keys.map((k, i) => [k, locations[i]?.id ?? 0])) as Record<
    (typeof keys)[number],
    number
  >;
  // The installed order's ONT, mounted by the installer at the install.
  await insertAssets(ctx, [
    assetRow(ctx, ctx.random('demo-orders'), {
      tag: DEMO_ORDERS.installedOnt,
      definitionId: EQUIPMENT_IDS.ont803,
      status: 'Active',
      locationId: locationOf.installed,
      createdDaysAgo: 3,
    }),
  ]);

  /** The app context of one moment: fulfilment reads the clock and the dialect only. */
  const momentOf = (days: number, hour: number) =>
    ({ now: () => new Date(ctx.clock.at(days, hour)), dialect: ctx.dialect }) as unknown as AppContext;
  const by = { userId, employeeId: null };
  const crew = { userId: DEMO.users.contractor.id, employeeId: null };
  // The demo's `installer` keeps exactly its four fixed work orders; the orders' installs go to the other installer.
  const installer = { userId: DEMO.users.otherInstaller.id, employeeId: null };

  // The Visa Olivia paid her first order with, saved on the account by that checkout and used again after.
  const card = { paymentMethodId: null as number | null };
  const place = async (key: (typeof keys)[number], days: number, installIn: number, dropExists: boolean) => {
    const placed = await placeOrder(momentOf(days, 15), trx, {
      customerId: C,
      serviceLocationId: locationOf[key],
      mailingLocationId: mailing.id,
      kind: 'new',
      lines: [
        { packageId: PACKAGE_IDS.fiber1G, action: 'add' },
        { packageId: PACKAGE_IDS.wifi, action: 'add' },
      ],
      installDate: ctx.clock.date(installIn),
      installWindow: '08:00-12:00',
      dropExists,
      needsVisit: true,
      placedBy: by,
      notes: null,
    });
    await paid(ctx, trx, placed.orderId, days, userId, card);
    // The dispatcher put each step on the calendar: its due day, 14:00 UTC (a morning visit in Missouri).
    const due = await trx
      .selectFrom('work_orders')
      .select(['id', 'due_date'])
      .where('id', 'in', placed.workOrderIds)
      .execute();
    for (const w of due) {
      await trx
        .updateTable('work_orders')
        .set({ next_scheduled_at: `${w.due_date}T14:00:00.000Z` })
        .where('id', '=', w.id)
        .execute();
    }
    const [install, ...before] = [...placed.workOrderIds].reverse();
    if (before.length > 0) {
      await trx
        .updateTable('work_orders')
        .set({ contractor_id: DEMO.contractorCompanies.prairieFiber })
        .where('id', 'in', before)
        .execute();
    }
    if (install !== undefined) {
      await ctx.insert('work_order_assignments', [
        { work_order_id: install, user_id: DEMO.users.otherInstaller.id, assigned_at: ctx.clock.at(days, 16) },
      ]);
    }
    return placed;
  };

  /** A crew's or installer's checklist completion, as their save makes it, and the order's move. */
  const complete = async (workOrderId: number, days: number, who: typeof crew) => {
    const row = await trx
      .selectFrom('work_orders as w')
      .innerJoin('work_order_types as t', 't.id', 'w.type_id')
      .select(['t.description'])
      .where('w.id', '=', workOrderId)
      .executeTakeFirstOrThrow();
    const type = workOrderTypeByDescription(row.description);
    const form = type && checklistFormFor(type);
    if (!form) throw new Error(`no checklist for ${row.description}`);
    const data = { ...withDefaults(form, {}) } as Record<string, unknown>;
    if ('nDropTypeID' in data) data.nDropTypeID = 2;
    const done = ctx.clock.at(days, 17);
    const { id } = await trx
      .insertInto('checklists')
      .values({
        work_order_id: workOrderId,
        template: form.templateType,
        data: JSON.stringify(data),
        arrival_onsite: ctx.clock.at(days, 14),
        work_complete: done,
        notes: `${row.description} done.`,
        updated_by: who.userId,
        updated_at: done,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('checklist_history')
      .values({
        checklist_id: id,
        user_id: who.userId,
        at: done,
        changes: JSON.stringify({ changes: [], completed: true }),
      })
      .execute();
    await trx
      .updateTable('work_orders')
      .set({ status: 'Complete', last_updated: done })
      .where('id', '=', workOrderId)
      .execute();
    await onWorkOrderComplete(momentOf(days, 17), trx, workOrderId, who);
  };

  // Install dates far enough out that the crews' open steps come after the fixed contractor work orders (due by
  // day 24) in every list sorted by due date.
  await place('placed', -2, 50, false);
  const surveyDone = await place('surveyDone', -12, 45, false);
  await complete(surveyDone.workOrderIds[0] ?? 0, -5, crew);
  const dropBuilt = await place('dropBuilt', -20, 40, false);
  await complete(dropBuilt.workOrderIds[0] ?? 0, -14, crew);
  await complete(dropBuilt.workOrderIds[1] ?? 0, -6, crew);
  const installed = await place('installed', -10, -3, true);
  await complete(installed.workOrderIds[0] ?? 0, -3, installer);
  const cancelled = await place('cancelled', -9, 48, false);
  const refund = await refunded(ctx, trx, cancelled.orderId, -4);
  await cancelInTransaction(momentOf(-4, 18), trx, cancelled.orderId, by, 'Moving out of town', refund);

  await claimIds(ctx, trx);
}

/**
 * Checkout's payment as checkout records it: a sandbox charge of the test Visa, the account's Completed payment
 * (billing's recordOrderPayment, which saves a new card on the account), and the order marked paid.
 */
async function paid(
  ctx: SeedContext,
  trx: Trx,
  orderId: number,
  days: number,
  paidBy: number,
  card: { paymentMethodId: number | null },
) {
  const id = `ch_sbx_demo_order_${orderId}`;
  await trx
    .insertInto('sandbox_gateway_charges')
    .values({
      id,
      idempotency_key: `order-${orderId}`,
      token: 'tok_sbx_demo_orders',
      amount_cents: DEMO_ORDERS.paidCents,
      status: 'succeeded',
      decline_code: null,
      created_at: ctx.clock.at(days, 15),
    })
    .execute();
  const visa = { token: 'tok_sbx_demo_orders', brand: 'Visa', last4: '4242', fingerprint: 'demo-orders-visa-4242' };
  const { paymentMethodId } = await recordOrderPayment(trx, {
    customerId: DEMO_ORDERS.customerId,
    source: {
      ...visa,
      newCard:
        card.paymentMethodId === null
          ? {
              ...visa,
              expMonth: 8,
              expYear: Number(ctx.clock.date(0).slice(0, 4)) + 3,
              holderName: DEMO_ORDERS.customerName,
            }
          : null,
      paymentMethodId: card.paymentMethodId,
    },
    amountCents: DEMO_ORDERS.paidCents,
    reference: id,
    key: `demo-${orderId}`,
    paidBy,
    employeeId: null,
    orderId,
    now: ctx.clock.at(days, 15),
  });
  card.paymentMethodId = paymentMethodId;
  await trx
    .updateTable('sales_orders')
    .set({ paid_cents: DEMO_ORDERS.paidCents, gateway_charge_id: id })
    .where('id', '=', orderId)
    .execute();
  await trx
    .insertInto('sales_order_events')
    .values({
      sales_order_id: orderId,
      at: ctx.clock.at(days, 15, 1),
      kind: 'paid',
      message: 'Paid $99.00 with Visa ending in 4242.',
      work_order_id: null,
      user_id: null,
      employee_id: null,
    })
    .execute();
}

/** The gateway's refund of the cancelled order (the sandbox's ledger row, as its refund writes it). */
async function refunded(ctx: SeedContext, trx: Trx, orderId: number, days: number) {
  const id = `re_sbx_demo_order_${orderId}`;
  await trx
    .insertInto('sandbox_gateway_refunds')
    .values({
      id,
      idempotency_key: `refund-order-${orderId}-0`,
      charge_id: `ch_sbx_demo_order_${orderId}`,
      amount_cents: DEMO_ORDERS.paidCents,
      created_at: ctx.clock.at(days, 18),
    })
    .execute();
  return { cents: DEMO_ORDERS.paidCents, reference: id };
}

/** Moves the generator's id counters past the rows the orders module inserted with the database's ids. */
async function claimIds(ctx: SeedContext, trx: Trx) {
  for (const table of TABLES_WITH_NEW_IDS) {
    const row = await sql<{ max: number | string | null }>`select max(id) as max from ${sql.table(table)}`.execute(trx);
    const max = Number(row.rows[0]?.max ?? 0);
    if (max > 0) ctx.ids.claim(table, max);
  }
}
