/**
 * The order loop's staff review (issue 12): two temporary service locations waiting for staff (addresses visitors
 * kept as typed), each with a notify-me lead, and a lead waiting in the Ashland construction area, so confirming,
 * rejecting and an area's change each have someone to tell. README "Staff review of addresses and areas".
 */
import { randomBytes } from 'node:crypto';
import { addressKey, lookupZip, parseStreetLine } from '@strand/domain';
import type { SeedContext } from './context.js';

/** The README's temporary locations: one in the Columbia fiber area (confirm it), one outside every area. */
export const DEMO_TEMP_LOCATIONS = [
  {
    line1: '4100 Prairie View Rd',
    zip: '65202',
    latitude: 38.9662,
    longitude: -92.2981,
    precision: 'zip',
    lead: { email: 'prairie.view@example.com', name: 'Pat Prairie' },
  },
  {
    line1: '77 Quarry Ridge Ct',
    zip: '65010',
    latitude: 38.7412,
    longitude: -92.2101,
    precision: 'zip',
    lead: { email: 'quarry.ridge@example.com', name: '' },
  },
] as const;

/** A lead waiting in the construction area (412 Henry Clay Blvd, Ashland). */
export const DEMO_CONSTRUCTION_LEAD = { email: 'henry.clay@example.com', name: 'Hank Clay' } as const;

export async function seedOrderLoop(ctx: SeedContext): Promise<void> {
  const created = ctx.clock.at(-3, 15);
  for (const t of DEMO_TEMP_LOCATIONS) {
    const parsed = parseStreetLine(t.line1);
    const place = lookupZip(t.zip);
    if (!parsed || !place) throw new Error(`demo temp location ${t.line1} does not parse`);
    const key = addressKey({ ...parsed, unit: '', zip: t.zip });
    await ctx.insert('temp_service_locations', [
      {
        address_key: key,
        number: parsed.number,
        street: parsed.street,
        unit: '',
        city: place.city,
        state: place.state,
        zip: t.zip,
        county: place.county,
        latitude: t.latitude,
        longitude: t.longitude,
        precision: t.precision,
        created_at: created,
        confirmed_at: null,
        confirmed_by_employee_id: null,
        address_id: null,
      },
    ]);
    const temp = await ctx.db
      .selectFrom('temp_service_locations')
      .select('id')
      .where('address_key', '=', key)
      .executeTakeFirstOrThrow();
    await ctx.insert('availability_checks', [
      {
        public_id: randomBytes(16).toString('base64url'),
        at: created,
        address_id: null,
        temp_location_id: temp.id,
        query: `${t.line1}, ${place.city}, ${place.state} ${t.zip}`,
        status: 'temporary',
        area_kind: 'outside',
        order_id: null,
      },
    ]);
    const check = await ctx.db
      .selectFrom('availability_checks')
      .select('id')
      .where('temp_location_id', '=', temp.id)
      .executeTakeFirstOrThrow();
    await ctx.insert('availability_leads', [
      {
        created_at: created,
        check_id: check.id,
        email: t.lead.email,
        name: t.lead.name,
        kind: 'notify',
        area_kind: 'outside',
        address_key: key,
        notified_at: null,
      },
    ]);
  }

  const henry = await ctx.db
    .selectFrom('addresses')
    .select(['id', 'address_key'])
    .where('zip', '=', '65010')
    .where('number', '=', '412')
    .where('street', 'like', 'HENRY CLAY%')
    .executeTakeFirstOrThrow();
  await ctx.insert('availability_checks', [
    {
      public_id: randomBytes(16).toString('base64url'),
      at: created,
      address_id: henry.id,
      temp_location_id: null,
      query: '412 Henry Clay Blvd, Ashland, MO 65010',
      status: 'verified',
      area_kind: 'construction',
      order_id: null,
    },
  ]);
  const check = await ctx.db
    .selectFrom('availability_checks')
    .select('id')
    .where('address_id', '=', henry.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await ctx.insert('availability_leads', [
    {
      created_at: created,
      check_id: check.id,
      email: DEMO_CONSTRUCTION_LEAD.email,
      name: DEMO_CONSTRUCTION_LEAD.name,
      kind: 'notify',
      area_kind: 'construction',
      address_key: henry.address_key,
      notified_at: null,
    },
  ]);
}
