/** Helpers of the orders' API tests: a fresh location, an order placed and paid as checkout would, checklist saves. */
import { CHECKLIST_WORK_ORDER_TYPES, checklistFormFor, withDefaults } from '@strand/domain';
import { DEMO } from '../../demo/generator.js';
import type { TestApp } from '../../test/harness.js';
import { recordOrderPayment } from '../billing/order-payments.service.js';
import { type PlaceOrderInput, placeOrder } from './orders.service.js';

let street = 100;

/** A new service location of `customerId` (no packages, no equipment). */
export async function newLocation(t: TestApp, customerId: string): Promise<number> {
  street += 1;
  const { id } = await t.db.db
    .insertInto('service_locations')
    .values({
      customer_id: customerId,
      address: `${street} Test Orchard Ln`,
      address2: null,
      city: 'Columbia',
      state: 'MO',
      zip: '65203',
      zip_four: null,
      latitude: 38.95,
      longitude: -92.33,
      colo_area: 'CLM-01',
      central_office_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An ONT (GigaPoint 803G) at a location, as the installer's Add Asset would leave it. */
export async function addOnt(t: TestApp, serviceLocationId: number, tag: string): Promise<number> {
  const now = t.clock.now.toISOString();
  const { id } = await t.db.db
    .insertInto('assets')
    .values({
      asset_tag: tag,
      definition_id: 1,
      description: 'GigaPoint 803G ONT',
      information: null,
      status: 'Active',
      warranty: null,
      serial_number: `SN-${tag}`,
      mac_address: null,
      service_location_id: serviceLocationId,
      assigned_user_id: null,
      noc_location_id: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Places an order and, when `paidCents` > 0, charges the sandbox test card for it and records it as checkout does:
 * the account's Completed payment (the card saved with it) and the charge on the order (paid_cents, gateway_charge_id). The contractor steps go to `contractorId`.
 */
export async function placePaidOrder(
  t: TestApp,
  input: Omit<PlaceOrderInput, 'placedBy'> & { placedBy?: PlaceOrderInput['placedBy'] },
  options: { paidCents?: number; contractorId?: number | null } = {},
) {
  const placed = await t.db.db
    .transaction()
    .execute((trx) => placeOrder(t.ctx, trx, { placedBy: { userId: null, employeeId: null }, ...input }));
  const paid = options.paidCents ?? 0;
  if (paid > 0) {
    const tokenized = await t.ctx.payments.tokenizeCard({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2035,
      cvc: '123',
      postalCode: '65203',
      holderName: 'Test Payer',
    });
    if (!tokenized.ok) throw new Error(tokenized.message);
    const charge = await t.ctx.payments.charge({
      token: tokenized.method.token,
      amountCents: paid,
      idempotencyKey: `order-${placed.orderId}`,
      description: `Order ${placed.orderId}`,
    });
    if (charge.status !== 'succeeded') throw new Error('the sandbox declined the test card');
    const { method } = tokenized;
    await t.db.db.transaction().execute(async (trx) => {
      await recordOrderPayment(trx, {
        customerId: input.customerId,
        source: {
          ...method,
          newCard: { ...method, expMonth: 12, expYear: 2035, holderName: 'Test Payer' },
          paymentMethodId: null,
        },
        amountCents: paid,
        reference: charge.reference,
        key: `test-${placed.orderId}`,
        paidBy: input.placedBy?.userId ?? null,
        employeeId: null,
        orderId: placed.orderId,
        now: t.ctx.now().toISOString(),
      });
      await trx
        .updateTable('sales_orders')
        .set({ paid_cents: paid, gateway_charge_id: charge.reference })
        .where('id', '=', placed.orderId)
        .execute();
    });
  }
  if (options.contractorId) {
    const contractorSteps = placed.workOrderIds.slice(0, -1);
    if (contractorSteps.length > 0) {
      await t.db.db
        .updateTable('work_orders')
        .set({ contractor_id: options.contractorId })
        .where('id', 'in', contractorSteps)
        .execute();
    }
  }
  return placed;
}

/**
 * A new order of the demo consumer (`packageIds`, by default the 300 Mbps package) at a new location, placed by the consumer as checkout
 * would: a new drop (survey, drop, splice, install) unless `dropExists`, paid `paidCents` (none by default), the
 * contractor steps given to `contractorId`. `prepare` runs on the new location first (e.g. adds an ONT).
 */
export async function placeConsumerOrder(
  t: TestApp,
  options: {
    paidCents?: number;
    dropExists?: boolean;
    /** The packages ordered (the 300 Mbps package by default). */
    packageIds?: number[];
    contractorId?: number | null;
    prepare?: (serviceLocationId: number) => Promise<unknown>;
  } = {},
) {
  const serviceLocationId = await newLocation(t, DEMO.customers.consumer);
  await options.prepare?.(serviceLocationId);
  const placed = await placePaidOrder(
    t,
    {
      customerId: DEMO.customers.consumer,
      serviceLocationId,
      mailingLocationId: null,
      kind: 'new',
      lines: (options.packageIds ?? [1]).map((packageId) => ({ packageId, action: 'add' as const })),
      installDate: '2027-04-12',
      installWindow: '12:00-17:00',
      dropExists: options.dropExists ?? false,
      needsVisit: true,
      placedBy: { userId: DEMO.users.consumer.id, employeeId: null },
    },
    { paidCents: options.paidCents ?? 0, contractorId: options.contractorId ?? null },
  );
  return { ...placed, serviceLocationId };
}

/** A contractor checklist save of `type` that completes the work order (every rule of its form met). */
export function completingSave(type: string) {
  const def = CHECKLIST_WORK_ORDER_TYPES.find((d) => d.description === type);
  const form = def && checklistFormFor(def);
  if (!form) throw new Error(type);
  const values: Record<string, unknown> = { ...withDefaults(form, {}) };
  delete values.dtLastUpdated;
  if ('nDropTypeID' in values) values.nDropTypeID = def.isBusiness ? 6 : 2;
  if ('txtSpeedTestURL' in values) values.txtSpeedTestURL = 'https://www.speedtest.net/result/42';
  return {
    data: values,
    tsArrivalOnsite: '2025-03-01T14:00:00.000Z',
    tsWorkComplete: '2025-03-01T17:30:00.000Z',
    txtNotes: `Worked the ${type}.`,
    WOComplete: 'on',
    assetsMovedConfirmed: true,
  };
}
