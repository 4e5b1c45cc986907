/** Service locations: rows with their nearest central office and colo area, and random addresses in a town. */
import { distanceMiles } from '@strand/domain';
import type { NewRow, Row } from '../db/database.js';
import { CENTRAL_OFFICE_STATE, CENTRAL_OFFICES } from './central-offices.js';
import type { SeedContext } from './context.js';
import { TOWNS, type Town } from './places.js';
import type { Random } from './random.js';

export interface Address {
  address: string;
  address2?: string | null;
  city: string;
  zip: string;
  latitude: number;
  longitude: number;
}

/** The nearest central office (id = position + 1) and its colo area. */
export function nearestCentralOffice(latitude: number, longitude: number): { id: number; coloArea: string } {
  let best = 0;
  let bestMiles = Number.POSITIVE_INFINITY;
  CENTRAL_OFFICES.forEach((co, i) => {
    const miles = distanceMiles({ latitude, longitude }, co);
    if (miles < bestMiles) {
      best = i;
      bestMiles = miles;
    }
  });
  return { id: best + 1, coloArea: CENTRAL_OFFICES[best]?.coloArea ?? 'UNASSIGNED' };
}

export function serviceLocationRow(
  ctx: SeedContext,
  customerId: string,
  a: Address,
  id = ctx.ids.next('service_locations'),
): Row<'service_locations'> {
  const co = nearestCentralOffice(a.latitude, a.longitude);
  ctx.ids.claim('service_locations', id);
  return {
    id,
    customer_id: customerId,
    address: a.address,
    address2: a.address2 ?? null,
    city: a.city,
    state: CENTRAL_OFFICE_STATE,
    zip: a.zip,
    zip_four: null,
    latitude: a.latitude,
    longitude: a.longitude,
    colo_area: co.coloArea,
    central_office_id: co.id,
  };
}

export function mailingLocationRow(
  ctx: SeedContext,
  customerId: string,
  a: Address,
  autopayPaymentMethodId: number | null = null,
): NewRow<'mailing_locations'> & { id: number } {
  return {
    id: ctx.ids.next('mailing_locations'),
    customer_id: customerId,
    address: a.address,
    address2: a.address2 ?? null,
    city: a.city,
    state: CENTRAL_OFFICE_STATE,
    zip: a.zip,
    zip_four: null,
    autopay_payment_method_id: autopayPaymentMethodId,
  };
}

/** Rounds a coordinate to 6 decimals (about 4 inches), as a geocoder would store it. */
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** A random street address in `town`, scattered around its centre (denser near the middle). */
export function randomAddressIn(rng: Random, town: Town): Address {
  const spread = () => (rng.next() + rng.next() - 1) * town.radius;
  const latitude = round6(town.latitude + spread());
  const longitude = round6(town.longitude + spread() / Math.cos((town.latitude * Math.PI) / 180));
  return {
    address: `${rng.int(100, 6999)} ${rng.pick(town.streets)}`,
    city: town.city,
    zip: rng.pick(town.zips),
    latitude,
    longitude,
  };
}

export function randomTown(rng: Random): Town {
  return rng.weighted(TOWNS.map((t) => [t, t.weight] as const));
}

/** A point `feetNorth` / `feetEast` away from a coordinate. */
export function offsetFeet(latitude: number, longitude: number, feetNorth: number, feetEast: number) {
  const dLat = feetNorth / 364_000;
  const dLon = feetEast / (364_000 * Math.cos((latitude * Math.PI) / 180));
  return { latitude: round6(latitude + dLat), longitude: round6(longitude + dLon) };
}
