/**
 * The availability check (issue 12 step 1; SPEC §7 Services): address verification and geocode against the provider's
 * address data, the county (ZIP) and area (service-area polygons) checks, "Did you mean" suggestions, the ZIP lookup,
 * and the temporary service location an unknown address kept as typed becomes.
 */
import {
  type AreaKind,
  type AreaZip,
  type AvailabilityRequestSchema,
  type AvailabilityResult,
  type AvailabilityStatus,
  addressKey,
  addressMismatches,
  areaKindOf,
  availabilityOf,
  displayStreet,
  editDistance,
  lookupZip,
  normalizeUnit,
  parseStreetLine,
  pointInPolygon,
  type StandardAddress,
  similarStreets,
} from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import * as availabilityRepo from './availability.repository.js';
import * as cartRepo from './cart.repository.js';
import { type CatalogRow, packagesFor, toCatalogPackage } from './ordering.policy.js';
import { countCreation } from './visitor-caps.js';

/** An address as typed or stored: number, street, unit, city, state, ZIP. */
export interface Place {
  number: string;
  street: string;
  unit: string;
  city: string;
  state: string;
  zip: string;
}

interface Located extends Place {
  zip_four: string | null;
  county: string | null;
}

export function standardAddress(a: Located): StandardAddress {
  const street = `${a.number} ${displayStreet(a.street)}`;
  const unit = a.unit ? ` Unit ${a.unit}` : '';
  const zip = a.zip_four ? `${a.zip}-${a.zip_four}` : a.zip;
  return {
    number: a.number,
    street: displayStreet(a.street),
    unit: a.unit,
    city: a.city,
    state: a.state,
    zip: a.zip,
    zipFour: a.zip_four,
    county: a.county,
    line: `${street}${unit}, ${a.city}, ${a.state} ${zip}`,
  };
}

/** zipCodeLookUp for visitors: the city, state and county of a ZIP code of the provider's area. */
export function zipPlace(zip: string): AreaZip {
  const place = lookupZip(zip);
  if (!place) throw notFound(`ZIP code ${zip} is not in our service counties.`);
  return { zip, ...place };
}

/** The service-area polygons that hold a point: bounding-box index first, then the exact test. */
export async function areasAt(ctx: AppContext, latitude: number, longitude: number) {
  const candidates = await availabilityRepo.areaCandidates(ctx.db, latitude, longitude);
  const areas = candidates
    .map((c) => ({ kind: c.area_kind as AreaKind, name: c.name, geometry: JSON.parse(c.geometry) }))
    .filter((a) => pointInPolygon(latitude, longitude, a.geometry));
  const kinds = [...new Set(areas.map((a) => a.kind))];
  return { kinds, kind: areaKindOf(kinds), areas };
}

/** The package catalogue (the cart and the availability answer pick what an area sells from it). */
export async function catalogue(ctx: AppContext): Promise<CatalogRow[]> {
  return cartRepo.allPackages(ctx.db);
}

const MESSAGES: Record<ReturnType<typeof availabilityOf>, (line: string) => string> = {
  available: (line) => `Fiber is available at ${line}. Choose your packages below.`,
  coming_soon: (line) =>
    `We are building fiber to ${line} now. Leave your email and we will tell you the day you can order.`,
  taking_signups: (line) =>
    `We are taking sign-ups at ${line}: we build where enough neighbours sign up. Sign up with your email.`,
  not_served: (line) => `${line} is outside our fiber area. Leave your email and we will tell you if we reach it.`,
};

/** Where an unknown house number on a known street is: between its nearest known neighbours. */
function onStreet(rows: { number: string; latitude: number; longitude: number }[], number: string) {
  const n = Number.parseInt(number, 10);
  const nearest = [...rows]
    .sort((a, b) => Math.abs(Number.parseInt(a.number, 10) - n) - Math.abs(Number.parseInt(b.number, 10) - n))
    .slice(0, 2);
  if (nearest.length === 0) return null;
  return {
    latitude: nearest.reduce((s, r) => s + r.latitude, 0) / nearest.length,
    longitude: nearest.reduce((s, r) => s + r.longitude, 0) / nearest.length,
  };
}

/** The city, state and ZIP must agree (domain addressMismatches): the first disagreement is refused, each on its field. */
export function assertPlaceAgrees(input: { city: string; state: string; zip: string }) {
  const mismatch = addressMismatches({ vcCity: input.city, vcState: input.state, vcZip: input.zip });
  const fields: Record<string, string> = {};
  if (mismatch.vcCity) fields.city = mismatch.vcCity;
  if (mismatch.vcState) fields.state = mismatch.vcState;
  if (mismatch.vcZip) fields.zip = mismatch.vcZip;
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}

type AvailabilityInput = z.output<typeof AvailabilityRequestSchema>;

/**
 * Address verification, geocode, county and area checks, recorded as one availability check (counted against the
 * client's hourly caps, visitor-caps.ts). The answer says what can be ordered there, never whether someone already
 * has service at the address.
 */
export async function checkAvailability(
  ctx: AppContext,
  request: AvailabilityInput,
  client: string,
): Promise<AvailabilityResult> {
  const place = lookupZip(request.zip);
  // A city left empty is the ZIP's (the form's ZIP lookup may not have landed when the visitor checked).
  const input = { ...request, city: request.city === '' ? (place?.city ?? '') : request.city };
  if (input.city === '') {
    const message = 'City must be 2 to 60 characters.';
    throw badRequest(message, { city: message });
  }
  const query = `${input.line1}${input.unit ? `, ${input.unit}` : ''}, ${input.city}, ${input.state} ${input.zip}`;
  // A city a letter or two off the ZIP's ("Colmbia" for 65202): "Did you mean …" with the ZIP's city, not a refusal.
  const cityTypo =
    place !== null &&
    input.state.toUpperCase() === place.state &&
    input.city.toUpperCase() !== place.city.toUpperCase() &&
    editDistance(input.city.toUpperCase(), place.city.toUpperCase()) <= 2;
  if (!cityTypo) assertPlaceAgrees(input);
  const parsed = parseStreetLine(input.line1);
  if (!parsed) {
    const message = 'Street address starts with the house number, like 2208 Clark Ln.';
    throw badRequest(message, { line1: message });
  }
  const giveBackCheck = await countCreation(ctx, client, 'checks');
  const unit = normalizeUnit(input.unit);
  const base = {
    suggestions: [],
    latitude: null,
    longitude: null,
    precision: null,
    areas: [],
    packages: [],
  };
  const record = (status: AvailabilityStatus, area: AreaKind, ids: { address?: number; temp?: number } = {}) =>
    availabilityRepo.insertCheck(ctx.db, {
      at: ctx.now().toISOString(),
      address_id: ids.address ?? null,
      temp_location_id: ids.temp ?? null,
      query: query.slice(0, 200),
      status,
      area_kind: area,
      order_id: null,
      unit,
    });

  if (cityTypo && place) {
    const fixed = { line1: input.line1, unit: input.unit, city: place.city, state: place.state, zip: input.zip };
    const label = `${input.line1}${input.unit ? `, ${input.unit}` : ''}, ${place.city}, ${place.state} ${input.zip}`;
    const checkId = await record('suggestions', 'outside');
    return {
      ...base,
      checkId,
      status: 'suggestions',
      suggestions: [{ ...fixed, label }],
      message: `ZIP code ${input.zip} is ${place.city}, ${place.state}. Did you mean ${label}?`,
      address: null,
      areaKind: 'outside',
      availability: 'not_served',
    };
  }

  // County check: the provider serves the counties of its ZIP list.
  if (!place) {
    const checkId = await record('outside_county', 'outside');
    return {
      ...base,
      checkId,
      status: 'outside_county',
      message: `ZIP code ${input.zip} is outside the counties we serve. Leave your email and we will tell you if we reach it.`,
      address: null,
      areaKind: 'outside',
      availability: 'not_served',
    };
  }

  let found = await availabilityRepo.findAddressByKey(ctx.db, addressKey({ ...parsed, unit, zip: input.zip }));
  if (!found && unit !== '') {
    // A unit we do not list in a building we know: the building's point, with the unit as typed.
    const building = await availabilityRepo.findAddressByKey(
      ctx.db,
      addressKey({ ...parsed, unit: '', zip: input.zip }),
    );
    if (building) found = { ...building, unit };
  }

  let located: Located;
  let position: { latitude: number; longitude: number } | null;
  let precision: AvailabilityResult['precision'];
  let ids: { address?: number; temp?: number } = {};
  let status: AvailabilityStatus;
  if (found) {
    located = found;
    position = { latitude: found.latitude, longitude: found.longitude };
    precision = 'address';
    ids = { address: found.id };
    status = 'verified';
  } else {
    const street = await availabilityRepo.addressesOnStreet(ctx.db, input.zip, parsed.street);
    const suggestions = street.length > 0 ? [] : await suggestionsFor(ctx, input, parsed.number, parsed.street, unit);
    if (!input.acceptUnverified) {
      status = suggestions.length > 0 ? 'suggestions' : 'unknown';
      const checkId = await record(status, 'outside');
      const typed = `${parsed.number} ${displayStreet(parsed.street)}, ${input.city}, ${input.state} ${input.zip}`;
      return {
        ...base,
        checkId,
        status,
        suggestions,
        message:
          suggestions.length > 0
            ? `We could not find ${typed}. Did you mean ${suggestions[0]?.label}?`
            : `We could not find ${typed} in our address data. Check the number and street, or use it as typed: we confirm new addresses before the install.`,
        address: null,
        areaKind: 'outside',
        availability: 'not_served',
      };
    }
    const near = onStreet(street, parsed.number);
    position = near ?? (await availabilityRepo.zipCentroid(ctx.db, input.zip));
    precision = near ? 'street' : position ? 'zip' : null;
    located = {
      number: parsed.number,
      street: parsed.street,
      unit,
      city: place.city,
      state: place.state,
      zip: input.zip,
      zip_four: null,
      county: place.county,
    };
    const tempKey = addressKey({ ...parsed, unit, zip: input.zip });
    // A new temporary location lands in the staff review queue: it counts against the client's hourly cap.
    if (!(await availabilityRepo.findTempLocationByKey(ctx.db, tempKey))) {
      await countCreation(ctx, client, 'tempLocations').catch(async (err) => {
        await giveBackCheck();
        throw err;
      });
    }
    const temp = await availabilityRepo.ensureTempLocation(ctx.db, {
      address_key: tempKey,
      number: parsed.number,
      street: parsed.street,
      unit,
      city: place.city,
      state: place.state,
      zip: input.zip,
      county: place.county,
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
      precision,
      created_at: ctx.now().toISOString(),
      confirmed_at: null,
      confirmed_by_employee_id: null,
      address_id: null,
    });
    ids = { temp: temp.id };
    status = 'temporary';
  }

  const area = position ? await areasAt(ctx, position.latitude, position.longitude) : null;
  const kinds = area?.kinds ?? [];
  const kind = area?.kind ?? 'outside';
  const availability = availabilityOf(kind);
  const address = standardAddress(located);
  const checkId = await record(status, kind, ids);
  let message = MESSAGES[availability](address.line);
  if (status === 'temporary') {
    message += ' This address is new to us: we confirm it before the install.';
  }
  return {
    ...base,
    checkId,
    status,
    message,
    address,
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
    precision,
    areaKind: kind,
    availability,
    areas: (area?.areas ?? []).map((a) => ({ kind: a.kind, name: a.name, geometry: a.geometry })),
    packages: packagesFor(await catalogue(ctx), kinds).map(toCatalogPackage),
  };
}

/** "Did you mean …": the same number on the streets of the ZIP whose names are closest to the typed one. */
async function suggestionsFor(
  ctx: AppContext,
  input: AvailabilityInput,
  number: string,
  street: string,
  unit: string,
): Promise<AvailabilityResult['suggestions']> {
  const similar = similarStreets(street, await availabilityRepo.streetsOfZip(ctx.db, input.zip));
  const out: AvailabilityResult['suggestions'] = [];
  for (const s of similar) {
    const rows = await availabilityRepo.addressesOnStreet(ctx.db, input.zip, s);
    const exact = rows.find((r) => r.number === number);
    const pick =
      exact ??
      [...rows].sort(
        (a, b) =>
          Math.abs(Number.parseInt(a.number, 10) - Number.parseInt(number, 10)) -
          Math.abs(Number.parseInt(b.number, 10) - Number.parseInt(number, 10)),
      )[0];
    if (!pick) continue;
    const line1 = `${pick.number} ${displayStreet(s)}`;
    out.push({
      line1,
      unit: pick.unit || unit,
      city: input.city,
      state: input.state,
      zip: input.zip,
      label: `${line1}, ${input.city}, ${input.state} ${input.zip}`,
    });
  }
  return out;
}

/** The availability check a visitor holds (its public id), with its address or temporary location. */
export async function checkLocation(ctx: AppContext, checkId: string, field: string) {
  const check = await availabilityRepo.findCheck(ctx.db, checkId);
  if (!check) throw badRequest('Check the address again: that availability check is unknown.', { [field]: 'Unknown.' });
  const address = check.address_id === null ? null : await availabilityRepo.findAddress(ctx.db, check.address_id);
  const temp =
    check.temp_location_id === null ? null : await availabilityRepo.findTempLocation(ctx.db, check.temp_location_id);
  return { check, address, temp };
}
