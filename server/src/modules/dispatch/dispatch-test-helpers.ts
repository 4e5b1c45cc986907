/** Helpers of the dispatch API tests: the demo's people as board resources, times in Missouri, assign and board calls. */
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { placeOrder } from '../orders/orders.service.js';

export const INSTALLER = `installer:${DEMO.users.installer.id}`;
export const OTHER_INSTALLER = `installer:${DEMO.users.otherInstaller.id}`;
export const CREW = 'contractor:2';
/** The roles the dispatch tests sign in as. */
const DISPATCH_TEST_ROLES = [
  'staff',
  'dispatcher',
  'sales',
  'network',
  'billing-staff',
  'installer',
  'contractor',
  'residential',
] as const;
// 2027-03-01 is a Monday; Missouri is on CST (UTC-6) until 2027-03-14.
export const at = (hhmm: string, day = '2027-03-01') => new Date(`${day}T${hhmm}:00-06:00`).toISOString();

let keyN = 0;
/** POST /api/staff/dispatch/assign with a fresh idempotency key (unless one is given). */
export const assignAs = (t: TestApp, body: unknown, token: string | undefined, key = `dispatch-test-${++keyN}`) =>
  t.request({
    method: 'POST',
    url: '/api/staff/dispatch/assign',
    token,
    payload: body as Record<string, unknown>,
    headers: { 'idempotency-key': key },
  });

/** A new order of the demo's residential customer (no drop yet): its work orders' ids. */
export async function newOrderWorkOrders(t: TestApp): Promise<number[]> {
  return t.db.db.transaction().execute(async (trx) => {
    const placed = await placeOrder(t.ctx, trx, {
      customerId: DEMO.customers.residential,
      serviceLocationId: DEMO.serviceLocations.residential,
      mailingLocationId: null,
      kind: 'new',
      lines: [{ packageId: 2, action: 'add' }],
      installDate: '2027-03-15',
      installWindow: '08:00-12:00',
      dropExists: false,
      needsVisit: true,
      placedBy: { userId: null, employeeId: 7 },
    });
    return placed.workOrderIds;
  });
}

/** A test app on the demo data with a session token per role of DISPATCH_TEST_ROLES, written into `tokens`. */
export async function startDispatchApp(tokens: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp();
  for (const u of DISPATCH_TEST_ROLES) tokens[u] = await t.login(u);
  return t;
}

/** GET /api/staff/dispatch/board for the days from..to (the demo's first week of March 2027 by default). */
export const boardAs = (t: TestApp, token: string | undefined, from = '2027-03-01', to = '2027-03-05') =>
  t.request({ method: 'GET', url: `/api/staff/dispatch/board?from=${from}&to=${to}`, token });
