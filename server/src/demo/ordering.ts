/**
 * Ordering (issue 12): the service-area polygons of the map (layers 10 Residential Fiber, 11 Residential Fiber
 * Construction, 12 Residential Fiber Sign Up, 14 Business Fiber), their bounding boxes (the area check's index),
 * the provider's address data (every service location and the README's availability addresses with a few
 * neighbours each, also drawn as Addresses layer points) and one anonymous cart.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type AreaKind, addressKey, boundsOf, lookupZip, parseStreetLine } from '@strand/domain';
import type { NewRow } from '../db/database.js';
import type { SeedContext } from './context.js';
import { MAP_LAYERS } from './map-features.js';

type Area = { kind: Exclude<AreaKind, 'outside'>; name: string; latitude: number; longitude: number; radius: number };

const LAYER_OF: Record<Area['kind'], number> = {
  fiber: MAP_LAYERS.residentialFiber,
  business_fiber: MAP_LAYERS.businessFiber,
  construction: MAP_LAYERS.residentialFiberConstruction,
  signup: MAP_LAYERS.residentialFiberSignUp,
};

/** The service areas: octagons around a centre, `radius` in degrees of latitude. */
export const SERVICE_AREAS: readonly Area[] = [
  { kind: 'fiber', name: 'Columbia Residential Fiber', latitude: 38.9517, longitude: -92.3141, radius: 0.05 },
  { kind: 'fiber', name: 'Jefferson City Residential Fiber', latitude: 38.5767, longitude: -92.1835, radius: 0.035 },
  {
    kind: 'business_fiber',
    name: 'Downtown Columbia Business Fiber',
    latitude: 38.9515,
    longitude: -92.328,
    radius: 0.01,
  },
  {
    kind: 'business_fiber',
    name: 'Missouri Blvd Business Fiber',
    latitude: 38.5712,
    longitude: -92.2079,
    radius: 0.008,
  },
  { kind: 'construction', name: 'Ashland Fiber Construction', latitude: 38.7745, longitude: -92.2571, radius: 0.014 },
  { kind: 'signup', name: 'Fulton Fiber Sign Up', latitude: 38.8467, longitude: -91.9479, radius: 0.02 },
];

/** The README's availability addresses: one per kind of area, none of them a customer's. */
export const AVAILABILITY_ADDRESSES = {
  fiber: {
    line1: '2211 Clark Ln',
    city: 'Columbia',
    state: 'MO',
    zip: '65202',
    latitude: 38.9655,
    longitude: -92.2973,
  },
  businessFiber: {
    line1: '901 E Cherry St',
    city: 'Columbia',
    state: 'MO',
    zip: '65201',
    latitude: 38.9509,
    longitude: -92.3301,
  },
  construction: {
    line1: '412 Henry Clay Blvd',
    city: 'Ashland',
    state: 'MO',
    zip: '65010',
    latitude: 38.7752,
    longitude: -92.2566,
  },
  signup: { line1: '215 Court St', city: 'Fulton', state: 'MO', zip: '65251', latitude: 38.8471, longitude: -91.9486 },
  outside: {
    line1: '618 Spring St',
    city: 'Boonville',
    state: 'MO',
    zip: '65233',
    latitude: 38.9741,
    longitude: -92.7424,
  },
} as const;

/** A cart anyone may open (the authorization matrix and the README use it): Fiber 1 Gig at 2211 Clark Ln. */
export const DEMO_CART_TOKEN = 'demo-cart-2211-clark-ln-fiber-1-gig';
export const cartIdOf = (token: string) => createHash('sha256').update(token).digest('base64url');

function octagon(a: Area): number[][] {
  const ring: number[][] = [];
  const lonScale = 1 / Math.cos((a.latitude * Math.PI) / 180);
  for (let i = 0; i <= 8; i++) {
    const angle = ((i % 8) * Math.PI) / 4 + Math.PI / 8;
    ring.push([
      Math.round((a.longitude + Math.cos(angle) * a.radius * lonScale) * 1e6) / 1e6,
      Math.round((a.latitude + Math.sin(angle) * a.radius) * 1e6) / 1e6,
    ]);
  }
  return ring;
}

export function serviceAreaFeatures(): NewRow<'map_features'>[] {
  return SERVICE_AREAS.map((a) => ({
    layer_id: LAYER_OF[a.kind],
    name: a.name,
    geometry: JSON.stringify({ type: 'Polygon', coordinates: [octagon(a)] }),
    properties: JSON.stringify({ area: a.name, kind: a.kind }),
    latitude: a.latitude,
    longitude: a.longitude,
  }));
}

/** ZIP+4 of a demo address: stable, from the address key. */
const zipFourOf = (key: string) =>
  String(Number.parseInt(createHash('sha256').update(key).digest('hex').slice(0, 6), 16) % 10_000).padStart(4, '0');

interface Point {
  line1: string;
  unit?: string | null;
  city: string;
  zip: string;
  latitude: number;
  longitude: number;
  serviceLocationId?: number | null;
}

function addressRow(p: Point): NewRow<'addresses'> | null {
  const parsed = parseStreetLine(p.line1);
  if (!parsed) return null;
  const key = addressKey({ ...parsed, unit: p.unit ?? '', zip: p.zip });
  return {
    number: parsed.number,
    street: parsed.street,
    unit: key.split('|')[2] ?? '',
    city: p.city,
    state: 'MO',
    zip: p.zip,
    zip_four: zipFourOf(key),
    county: lookupZip(p.zip)?.county ?? null,
    latitude: p.latitude,
    longitude: p.longitude,
    address_key: key,
    service_location_id: p.serviceLocationId ?? null,
  };
}

/** The README address and neighbours on its street, 2 numbers and about 60 feet apart. */
function withNeighbours(p: Point): Point[] {
  const parsed = parseStreetLine(p.line1);
  if (!parsed) return [p];
  const n = Number.parseInt(parsed.number, 10);
  const street = p.line1.slice(p.line1.indexOf(' ') + 1);
  return [-4, -2, 0, 2, 4].map((d) => ({
    ...p,
    line1: d === 0 ? p.line1 : `${n + d} ${street}`,
    longitude: Math.round((p.longitude + d * 0.0001) * 1e6) / 1e6,
  }));
}

export async function seedOrdering(ctx: SeedContext): Promise<void> {
  await ctx.insert('map_features', serviceAreaFeatures());

  // The area check's index: the bounding box of every service-area polygon.
  const polygons = await ctx.db
    .selectFrom('map_features')
    .select(['id', 'layer_id', 'geometry'])
    .where('layer_id', 'in', Object.values(LAYER_OF))
    .where('geometry', 'like', '{"type":"Polygon"%')
    .orderBy('id')
    .execute();
  const kindOfLayer = new Map(Object.entries(LAYER_OF).map(([k, l]) => [l, k]));
  await ctx.insert(
    'service_area_bounds',
    polygons.flatMap((f) => {
      const b = boundsOf(JSON.parse(f.geometry));
      const kind = kindOfLayer.get(f.layer_id);
      if (!b || !kind) return [];
      return [
        {
          map_feature_id: f.id,
          layer_id: f.layer_id,
          area_kind: kind,
          min_lat: b.minLat,
          max_lat: b.maxLat,
          min_lng: b.minLng,
          max_lng: b.maxLng,
        },
      ];
    }),
  );

  // The address data: every service location first (so a customer's address links to its location), then the
  // README's addresses and their neighbours; one row per address key.
  const locations = await ctx.db
    .selectFrom('service_locations')
    .select(['id', 'address', 'address2', 'city', 'zip', 'latitude', 'longitude'])
    .orderBy('id')
    .execute();
  const points: Point[] = [
    ...locations.map((l) => ({
      line1: l.address,
      unit: l.address2,
      city: l.city,
      zip: l.zip,
      latitude: l.latitude,
      longitude: l.longitude,
      serviceLocationId: l.id,
    })),
    ...Object.values(AVAILABILITY_ADDRESSES).flatMap((a) => withNeighbours(a)),
  ];
  const seen = new Set<string>();
  const rows: NewRow<'addresses'>[] = [];
  for (const p of points) {
    const row = addressRow(p);
    if (!row || seen.has(row.address_key)) continue;
    seen.add(row.address_key);
    rows.push(row);
  }
  await ctx.insert('addresses', rows);

  // The new addresses on the map's Addresses layer (the service locations are there already).
  await ctx.insert(
    'map_features',
    Object.values(AVAILABILITY_ADDRESSES)
      .flatMap((a) => withNeighbours(a))
      .map((p) => {
        const line = `${p.line1}, ${p.city}, MO ${p.zip}`;
        return {
          layer_id: MAP_LAYERS.addresses,
          name: p.line1,
          geometry: JSON.stringify({ type: 'Point', coordinates: [p.longitude, p.latitude] }),
          properties: JSON.stringify({ address: line }),
          latitude: p.latitude,
          longitude: p.longitude,
        };
      }),
  );

  // One anonymous cart: a check of 2211 Clark Ln with Fiber 1 Gig in it.
  const fiber = AVAILABILITY_ADDRESSES.fiber;
  const parsed = parseStreetLine(fiber.line1);
  const address = await ctx.db
    .selectFrom('addresses')
    .select('id')
    .where(
      'address_key',
      '=',
      addressKey({ number: parsed?.number ?? '', street: parsed?.street ?? '', zip: fiber.zip }),
    )
    .executeTakeFirstOrThrow();
  const at = ctx.clock.at(-1, 19);
  const check = await ctx.db
    .insertInto('availability_checks')
    .values({
      public_id: randomBytes(16).toString('base64url'),
      at,
      address_id: address.id,
      temp_location_id: null,
      query: `${fiber.line1}, ${fiber.city}, MO ${fiber.zip}`,
      status: 'verified',
      area_kind: 'fiber',
      order_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ctx.counts.availability_checks = (ctx.counts.availability_checks ?? 0) + 1;
  await ctx.insert('carts', [
    {
      id: cartIdOf(DEMO_CART_TOKEN),
      check_id: check.id,
      address_id: address.id,
      temp_location_id: null,
      package_ids: '2',
      created_at: at,
      updated_at: at,
      order_id: null,
    },
  ]);
}
