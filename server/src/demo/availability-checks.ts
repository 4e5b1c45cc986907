/**
 * Twelve weeks of availability checks on the order page (issue 13 part 6, the staff "Checks to orders" report): a
 * few a day at the provider's addresses in every kind of area, "notify me" and sign-up leads where fiber is not
 * there yet, carts where it is, and the demo's recent sales orders each behind the check and cart it came from (the
 * check made an hour before the order, at the order's address when ordering knows it).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AreaKind } from '@strand/domain';
import type { NewRow } from '../db/database.js';
import type { SeedContext } from './context.js';

const WEEKS = 12;
const KINDS: [AreaKind, number][] = [
  ['fiber', 5],
  ['business_fiber', 1],
  ['construction', 2],
  ['signup', 2],
  ['outside', 1],
];
const ORDERABLE = new Set<AreaKind>(['fiber', 'business_fiber']);
const FIRST_NAMES = ['Avery', 'Jordan', 'Riley', 'Morgan', 'Casey', 'Quinn', 'Harper', 'Rowan', 'Sage', 'Emerson'];

export async function seedAvailabilityChecks(ctx: SeedContext): Promise<void> {
  const rng = ctx.random('availability-checks');
  const addresses = await ctx.db
    .selectFrom('addresses')
    .select(['id', 'number', 'street', 'city', 'zip', 'address_key', 'service_location_id'])
    .orderBy('id')
    .execute();
  if (addresses.length === 0) return;
  const orders = await ctx.db
    .selectFrom('sales_orders')
    .select(['id', 'created_at', 'service_location_id'])
    .where('created_at', '>=', ctx.clock.at(-WEEKS * 7))
    .orderBy('id')
    .execute();
  const atOf = new Map(addresses.map((a) => [a.service_location_id, a]));
  let leadNo = 0;
  let cartNo = 0;
  const check = async (at: string, kind: AreaKind, address: (typeof addresses)[number], orderId: number | null) => {
    const row = await ctx.db
      .insertInto('availability_checks')
      .values({
        public_id: randomBytes(16).toString('base64url'),
        at,
        address_id: address.id,
        temp_location_id: null,
        query: `${address.number} ${address.street}, ${address.city}, MO ${address.zip}`,
        status: 'verified',
        area_kind: kind,
        order_id: orderId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.counts.availability_checks = (ctx.counts.availability_checks ?? 0) + 1;
    return row.id;
  };
  const cart = (checkId: number, addressId: number, at: string, orderId: number | null): NewRow<'carts'> => ({
    id: createHash('sha256').update(`demo-check-cart-${++cartNo}`).digest('hex'),
    check_id: checkId,
    address_id: addressId,
    temp_location_id: null,
    package_ids: String(rng.int(1, 3)),
    created_at: at,
    updated_at: at,
    order_id: orderId,
  });
  const carts: NewRow<'carts'>[] = [];
  const leads: NewRow<'availability_leads'>[] = [];

  for (let day = -WEEKS * 7 + 1; day <= 0; day++) {
    const weekday = new Date(`${ctx.clock.date(day)}T12:00:00Z`).getUTCDay();
    const n = weekday === 0 || weekday === 6 ? rng.int(1, 3) : rng.int(3, 7);
    for (let i = 0; i < n; i++) {
      const at = ctx.clock.at(day, rng.int(13, 23), rng.int(0, 59));
      const kind = rng.weighted(KINDS);
      const address = addresses[rng.int(0, addresses.length - 1)] as (typeof addresses)[number];
      if (!ctx.clock.isPast(at)) continue;
      const id = await check(at, kind, address, null);
      if (ORDERABLE.has(kind) && rng.chance(0.35)) carts.push(cart(id, address.id, at, null));
      if (!ORDERABLE.has(kind) && kind !== 'outside' && rng.chance(0.4)) {
        leadNo++;
        leads.push({
          created_at: at,
          check_id: id,
          email: `${(FIRST_NAMES[leadNo % FIRST_NAMES.length] as string).toLowerCase()}.lead${leadNo}@example.com`,
          name: `${FIRST_NAMES[leadNo % FIRST_NAMES.length]} Lead`,
          kind: kind === 'signup' ? 'signup' : 'notify',
          area_kind: kind,
          address_key: address.address_key,
          notified_at: null,
        });
      }
    }
  }
  for (const order of orders) {
    const at = new Date(Date.parse(order.created_at) - 3_600_000).toISOString();
    const address = atOf.get(order.service_location_id) ?? addresses[order.id % addresses.length];
    if (!address) continue;
    const id = await check(at, 'fiber', address, order.id);
    carts.push(cart(id, address.id, at, order.id));
  }
  await ctx.insert('carts', carts);
  await ctx.insert('availability_leads', leads);
}
