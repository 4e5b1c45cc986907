import { STAFF_TILE_IDS, STUCK_ORDER_DAYS, StaffHomeSchema, type StaffTileId } from '@strand/domain';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import type { Viewer } from '../../plugins/auth.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { staffHome } from './staff-home.service.js';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['staff', 'sales', 'dispatcher', 'network', 'billing-staff', 'installer', 'residential']) {
    tokens[u] = await t.login(u);
  }
});
afterAll(() => t.close());

async function home(user: string) {
  const res = await t.request({ method: 'GET', url: '/api/staff/home', token: tokens[user] });
  expect(res.statusCode).toBe(200);
  return StaffHomeSchema.parse(res.json());
}
const tile = async (user: string, id: StaffTileId) => (await home(user)).tiles.find((x) => x.id === id);

describe('GET /api/staff/home', () => {
  it('gives each role its own tiles, and the admin every tile', async () => {
    const ids = async (user: string) => (await home(user)).tiles.map((x) => x.id);
    expect(await ids('sales')).toEqual(['addresses', 'stuckOrders', 'tickets']);
    expect(await ids('dispatcher')).toEqual(['dispatch', 'stuckOrders', 'tickets']);
    expect(await ids('billing-staff')).toEqual(['payments']);
    expect(await ids('network')).toEqual(['authCodes', 'faxes', 'notices']);
    expect(await ids('staff')).toEqual([...STAFF_TILE_IDS]);
  });

  it('refuses customers and field users, and callers without a session', async () => {
    for (const u of ['residential', 'installer']) {
      expect((await t.request({ method: 'GET', url: '/api/staff/home', token: tokens[u] })).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/staff/home' })).statusCode).toBe(401);
  });

  it('counts the open trouble tickets as the staff list shows them', async () => {
    const listed = await t.request({ method: 'GET', url: '/api/staff/trouble-tickets', token: tokens.sales });
    const open = listed.json() as { createdAt: string }[];
    const tickets = await tile('sales', 'tickets');
    expect(tickets?.count).toBe(open.length);
    expect(tickets?.count).toBeGreaterThan(0);
    expect(tickets?.oldestAt).toBe(open.map((x) => x.createdAt).sort()[0]);
  });

  it('counts an order as stuck once its status has not moved for the set days, with when it last moved', async () => {
    const before = (await tile('sales', 'stuckOrders'))?.count ?? 0;
    const moved = new Date(t.clock.now.getTime() - (STUCK_ORDER_DAYS + 3) * 86_400_000).toISOString();
    const { id } = await t.db.db
      .insertInto('sales_orders')
      .values({
        customer_id: DEMO.customers.business,
        service_location_id: DEMO.serviceLocations.businessMain,
        notes: null,
        html: null,
        created_at: moved,
        updated_at: moved,
        status: 'survey_done',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stuck = await tile('dispatcher', 'stuckOrders');
    expect(stuck?.count).toBe(before + 1);
    expect(stuck?.oldestAt !== null && stuck?.oldestAt !== undefined && stuck.oldestAt <= moved).toBe(true);
    await t.db.db.updateTable('sales_orders').set({ status: 'cancelled' }).where('id', '=', id).execute();
    expect((await tile('sales', 'stuckOrders'))?.count).toBe(before);
  });

  it('counts failed and declined payments of the last days, not older ones', async () => {
    const before = (await tile('billing-staff', 'payments'))?.count ?? 0;
    const method = await t.db.db.selectFrom('payment_methods').select(['id', 'customer_id']).executeTakeFirstOrThrow();
    const row = (status: string, daysAgo: number) => ({
      customer_id: method.customer_id,
      payment_method_id: method.id,
      amount_cents: 1000,
      fee_cents: 0,
      status,
      gateway_reference: null,
      paid_by: null,
      created_at: new Date(t.clock.now.getTime() - daysAgo * 86_400_000).toISOString(),
      failure_reason: 'Card declined',
      updated_at: null,
    });
    await t.db.db
      .insertInto('payments')
      .values([row('Declined', 1), row('Failed', 2), row('Failed', 30), row('Completed', 1)])
      .execute();
    expect((await tile('billing-staff', 'payments'))?.count).toBe(before + 2);
  });

  it('counts pending auth codes and notices still sending as their own lists hold them', async () => {
    const pending = await t.db.db
      .selectFrom('auth_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect((await tile('network', 'authCodes'))?.count).toBe(Number(pending.n));
    const sending = await t.db.db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['queued', 'sending'])
      .executeTakeFirstOrThrow();
    expect((await tile('network', 'notices'))?.count).toBe(Number(sending.n));
  });

  it('counts each tile with one query, whatever the data', async () => {
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const ctx = { ...t.ctx, db: t.ctx.db.withPlugin(counting) };
    const answer = await staffHome(ctx, { staffRoles: ['admin'] } as unknown as Viewer);
    expect(answer.tiles).toHaveLength(8);
    expect(queries).toBe(8);
  });
});
