/**
 * Ordering (issue 12 steps 1–3 and 7; SPEC §7 Services): address verification and geocode against the provider's
 * address data, the county (ZIP) and area (service-area polygons) checks, zip lookup, "notify me" leads, the cart
 * (package ids only; prices always from the packages table), the install windows with their real capacity, the new
 * customer's email code, and the automated checkout used by a new customer, a signed-in customer and staff.
 *
 * Checkout, and why nothing is half-created: every check (address served, packages sold there, prices the browser
 * showed, the window's room, the email code, the user name, the password policy) runs first; then the card is
 * charged once under a gateway key derived from the Idempotency-Key; only a succeeded charge opens the one
 * transaction that creates the account, its locations and first user, the payment, the order (orders.placeOrder)
 * and the stored answer. A declined card or a gateway that does not answer stores nothing; a retry with the same key
 * replays the stored answer, or charges under the same gateway key (the gateway returns the first charge) and tries
 * the transaction again. A charge whose transaction can never succeed (someone took the user name between the check
 * and the write) is audited as `ordering.checkout.unplaced-charge` and queued for its automatic refund
 * (unplaced-charges.service.ts).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  type AreaKind,
  type AreaZip,
  type AvailabilityRequestSchema,
  type AvailabilityResult,
  type AvailabilityStatus,
  addDays,
  addressKey,
  addressMismatches,
  areaKindOf,
  availabilityOf,
  type Cart,
  type CheckoutInput,
  type CheckoutResult,
  cardDigits,
  displayStreet,
  distanceMiles,
  formatCents,
  type InstallWindow,
  type InstallWindows,
  isCustomerAccount,
  type LeadRequestSchema,
  lookupZip,
  type NewAccountSchema,
  normalizeUnit,
  parseStreetLine,
  pointInPolygon,
  type StaffNewCustomer,
  type StandardAddress,
  similarStreets,
} from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, HttpError, notFound, tooManyRequests } from '../../lib/errors.js';
import { assertSameRequest, requestHashOf } from '../../lib/idempotency.js';
import { assertPasswordAllowed, hashPassword } from '../../lib/passwords.js';
import {
  chargeOrder,
  type OrderPaymentSource,
  recordOrderPayment,
  savedOrderMethod,
  tokenizeOrderCard,
} from '../billing/order-payments.service.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { placeOrder, priceLines, recordOrderEvent } from '../orders/orders.service.js';
import {
  type AddressKey,
  assertCardsAccepted,
  assertMayOpenOrder,
  type DeclineKeys,
  type NewOrder,
  reassertMayOpenOrder,
  recordDecline,
  recordOrderCard,
} from './checkout-guards.service.js';
import {
  assertPackagesAllowed,
  type CatalogRow,
  cartProblem,
  installDays,
  leadDaysFor,
  mayOrderIn,
  packagesFor,
  toCatalogPackage,
  windowCapacity,
} from './ordering.policy.js';
import * as repo from './ordering.repository.js';
import { recordUnplacedCharge } from './unplaced-charges.service.js';
import { countCreation } from './visitor-caps.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
export const cartIdOf = (token: string) => sha256(token);
const today = (ctx: AppContext) => ctx.now().toISOString().slice(0, 10);

// ---- addresses -------------------------------------------------------------------------------------------------

interface Located {
  number: string;
  street: string;
  unit: string;
  city: string;
  state: string;
  zip: string;
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
  const candidates = await repo.areaCandidates(ctx.db, latitude, longitude);
  const areas = candidates
    .map((c) => ({ kind: c.area_kind as AreaKind, name: c.name, geometry: JSON.parse(c.geometry) }))
    .filter((a) => pointInPolygon(latitude, longitude, a.geometry));
  const kinds = [...new Set(areas.map((a) => a.kind))];
  return { kinds, kind: areaKindOf(kinds), areas };
}

async function catalogue(ctx: AppContext): Promise<CatalogRow[]> {
  return repo.allPackages(ctx.db);
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
  const mismatch = addressMismatches({ vcCity: input.city, vcState: input.state, vcZip: input.zip });
  const fields: Record<string, string> = {};
  if (mismatch.vcCity) fields.city = mismatch.vcCity;
  if (mismatch.vcState) fields.state = mismatch.vcState;
  if (mismatch.vcZip) fields.zip = mismatch.vcZip;
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
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
    repo.insertCheck(ctx.db, {
      at: ctx.now().toISOString(),
      address_id: ids.address ?? null,
      temp_location_id: ids.temp ?? null,
      query: query.slice(0, 200),
      status,
      area_kind: area,
      order_id: null,
      unit,
    });

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

  let found = await repo.findAddressByKey(ctx.db, addressKey({ ...parsed, unit, zip: input.zip }));
  if (!found && unit !== '') {
    // A unit we do not list in a building we know: the building's point, with the unit as typed.
    const building = await repo.findAddressByKey(ctx.db, addressKey({ ...parsed, unit: '', zip: input.zip }));
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
    const street = await repo.addressesOnStreet(ctx.db, input.zip, parsed.street);
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
    position = near ?? (await repo.zipCentroid(ctx.db, input.zip));
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
    if (!(await repo.findTempLocationByKey(ctx.db, tempKey))) {
      await countCreation(ctx, client, 'tempLocations').catch(async (err) => {
        await giveBackCheck();
        throw err;
      });
    }
    const temp = await repo.ensureTempLocation(ctx.db, {
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
  const similar = similarStreets(street, await repo.streetsOfZip(ctx.db, input.zip));
  const out: AvailabilityResult['suggestions'] = [];
  for (const s of similar) {
    const rows = await repo.addressesOnStreet(ctx.db, input.zip, s);
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

// ---- leads -----------------------------------------------------------------------------------------------------

async function checkLocation(ctx: AppContext, checkId: string, field: string) {
  const check = await repo.findCheck(ctx.db, checkId);
  if (!check) throw badRequest('Check the address again: that availability check is unknown.', { [field]: 'Unknown.' });
  const address = check.address_id === null ? null : await repo.findAddress(ctx.db, check.address_id);
  const temp = check.temp_location_id === null ? null : await repo.findTempLocation(ctx.db, check.temp_location_id);
  return { check, address, temp };
}

/**
 * Notify me / sign up: one lead per email and address (counted against the client's hourly cap); a confirmation mail
 * the first time. The email address is unverified, so the mail carries only our own text and, for an address of our
 * data, its standardized line: nothing the visitor typed (no name, no address kept as typed).
 */
export async function submitLead(ctx: AppContext, input: z.output<typeof LeadRequestSchema>, client: string) {
  const { check, address, temp } = await checkLocation(ctx, input.checkId, 'checkId');
  const kind = check.area_kind as AreaKind;
  if (mayOrderIn(kind)) {
    const message = 'Fiber is available at this address: you can order it now.';
    throw badRequest(message, { checkId: message });
  }
  if (check.status === 'suggestions' || check.status === 'unknown') {
    const message = 'Choose one of the suggested addresses, or use the address as typed, first.';
    throw badRequest(message, { checkId: message });
  }
  const key = address?.address_key ?? temp?.address_key ?? `query:${check.query.toUpperCase()}`;
  const line = address
    ? standardAddress(address).line
    : temp
      ? standardAddress({ ...temp, zip_four: null }).line
      : check.query;
  const leadKind = kind === 'signup' ? 'signup' : 'notify';
  const giveBack = await countCreation(ctx, client, 'leads');
  const inserted = await repo.insertLead(ctx.db, {
    created_at: ctx.now().toISOString(),
    check_id: check.id,
    email: input.email,
    name: input.name,
    kind: leadKind,
    area_kind: kind,
    address_key: key,
    notified_at: null,
  });
  if (!inserted) await giveBack();
  if (inserted) {
    const provider = ctx.config.shell.providerName;
    const at = address ? `at ${standardAddress(address).line}` : 'at the address you gave us';
    await ctx.mailer
      .send({
        to: input.email,
        subject:
          leadKind === 'signup' ? `${provider}: you signed up for fiber` : `${provider}: we will tell you about fiber`,
        text: [
          'Hello,',
          '',
          leadKind === 'signup'
            ? `Thank you for signing up for fiber ${at}. We build where enough neighbours sign up, and we will write when your street is planned.`
            : `We will write to you when fiber can be ordered ${at}.`,
          '',
          'If you did not ask for this, ignore this message: we will not write again.',
        ].join('\n'),
      })
      .catch((err) => ctx.log.error({ err }, 'lead confirmation mail failed'));
  }
  return {
    message:
      leadKind === 'signup'
        ? `Thank you: you are signed up for fiber at ${line}. We sent a confirmation to ${input.email}.`
        : `Thank you: we will write to ${input.email} when fiber reaches ${line}.`,
  };
}

// ---- carts -----------------------------------------------------------------------------------------------------

interface CartPlace {
  cart: repo.CartRow;
  address: repo.AddressRow | null;
  temp: repo.TempLocationRow | null;
  standard: StandardAddress;
  latitude: number | null;
  longitude: number | null;
  kinds: AreaKind[];
  kind: AreaKind;
  allowed: CatalogRow[];
  all: CatalogRow[];
}

async function loadCart(ctx: AppContext, token: string): Promise<CartPlace> {
  const cart = await repo.findCart(ctx.db, cartIdOf(token));
  if (!cart) throw notFound('This cart no longer exists. Check the address again to start a new one.');
  if (cart.order_id !== null) {
    throw new HttpError(409, 'cart_ordered', `This cart was ordered already: order ${cart.order_id}.`, {
      cartId: `Ordered as order ${cart.order_id}.`,
    });
  }
  const address = cart.address_id === null ? null : ((await repo.findAddress(ctx.db, cart.address_id)) ?? null);
  const temp =
    cart.temp_location_id === null ? null : ((await repo.findTempLocation(ctx.db, cart.temp_location_id)) ?? null);
  const source = address ?? (temp ? { ...temp, zip_four: null } : null);
  if (!source) throw notFound('This cart’s address is gone. Check the address again to start a new one.');
  const latitude = address?.latitude ?? temp?.latitude ?? null;
  const longitude = address?.longitude ?? temp?.longitude ?? null;
  const area = latitude !== null && longitude !== null ? await areasAt(ctx, latitude, longitude) : null;
  const kinds = area?.kinds ?? [];
  const all = await catalogue(ctx);
  return {
    cart,
    address,
    temp,
    // A unit our data does not list in a known building: the building's address with the unit as checked.
    standard: standardAddress(
      address && address.unit === '' && cart.unit !== '' ? { ...source, unit: cart.unit } : source,
    ),
    latitude,
    longitude,
    kinds,
    kind: area?.kind ?? 'outside',
    allowed: packagesFor(all, kinds),
    all,
  };
}

const idsOf = (packageIds: string) =>
  packageIds
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

function cartView(token: string, checkId: string, p: CartPlace): Cart {
  const ids = idsOf(p.cart.package_ids);
  const lines = ids.flatMap((id) => p.allowed.filter((a) => a.id === id));
  const removed = ids
    .filter((id) => !p.allowed.some((a) => a.id === id))
    .map((id) => p.all.find((a) => a.id === id)?.name ?? `Package ${id}`);
  const monthlyCents = lines.reduce((s, l) => s + l.price_cents, 0);
  const oneTimeCents = lines.reduce((s, l) => s + l.install_fee_cents, 0);
  return {
    cartId: token,
    checkId,
    address: p.standard,
    temporary: p.temp !== null,
    areaKind: p.kind,
    latitude: p.latitude,
    longitude: p.longitude,
    available: p.allowed.map(toCatalogPackage),
    lines: lines.map((l) => ({
      packageId: l.id,
      name: l.name,
      monthlyCents: l.price_cents,
      installFeeCents: l.install_fee_cents,
    })),
    monthlyCents,
    oneTimeCents,
    dueTodayCents: monthlyCents + oneTimeCents,
    removed,
  };
}

/** A cart for the address of an availability check where fiber is available (counted against the hourly cap). */
export async function createCart(ctx: AppContext, checkId: string, client: string): Promise<Cart> {
  const { check, address, temp } = await checkLocation(ctx, checkId, 'checkId');
  if (!(check.status === 'verified' || check.status === 'temporary') || !mayOrderIn(check.area_kind as AreaKind)) {
    const message = 'Fiber cannot be ordered at this address yet.';
    throw badRequest(message, { checkId: message });
  }
  await countCreation(ctx, client, 'carts');
  const token = randomBytes(24).toString('base64url');
  const now = ctx.now().toISOString();
  await repo.insertCart(ctx.db, {
    id: cartIdOf(token),
    check_id: check.id,
    address_id: address?.id ?? null,
    temp_location_id: temp?.id ?? null,
    package_ids: '',
    created_at: now,
    updated_at: now,
    order_id: null,
    unit: check.unit,
  });
  return cartView(token, check.public_id, await loadCart(ctx, token));
}

export async function getCart(ctx: AppContext, token: string): Promise<Cart> {
  const p = await loadCart(ctx, token);
  return cartView(token, await repo.checkPublicId(ctx.db, p.cart.check_id), p);
}

export async function updateCart(ctx: AppContext, token: string, packageIds: number[]): Promise<Cart> {
  const p = await loadCart(ctx, token);
  assertPackagesAllowed(packageIds, p.allowed, p.all);
  const internet = packageIds.filter((id) => p.allowed.find((a) => a.id === id)?.category === 'internet');
  if (internet.length > 1) {
    const message = 'Choose one internet package.';
    throw badRequest(message, { packageIds: message });
  }
  await repo.setCartPackages(ctx.db, p.cart.id, packageIds.join(','), ctx.now().toISOString());
  const checkId = await repo.checkPublicId(ctx.db, p.cart.check_id);
  return cartView(token, checkId, { ...p, cart: { ...p.cart, package_ids: packageIds.join(',') } });
}

// ---- install windows -------------------------------------------------------------------------------------------

async function dropExistsAt(ctx: AppContext, p: CartPlace): Promise<boolean> {
  const locationId = p.address?.service_location_id ?? null;
  return locationId !== null && (await repo.hasActiveService(ctx.db, locationId));
}

async function windowsFor(ctx: AppContext, p: CartPlace): Promise<InstallWindows> {
  const days = installDays(today(ctx), leadDaysFor(await dropExistsAt(ctx, p)));
  const first = days[0] ?? today(ctx);
  const last = days[days.length - 1] ?? first;
  const [installers, booked] = await Promise.all([
    repo.installerCount(ctx.db),
    repo.bookedInstalls(ctx.db, first, last),
  ]);
  return { earliest: first, days: windowCapacity(days, installers, booked) };
}

export async function installWindows(ctx: AppContext, token: string): Promise<InstallWindows> {
  return windowsFor(ctx, await loadCart(ctx, token));
}

// ---- the new customer's email code -----------------------------------------------------------------------------

export const EMAIL_CODE_MINUTES = 15;
export const EMAIL_CODES_PER_HOUR = 5;
export const EMAIL_CODE_ATTEMPTS = 5;
const codeHash = (email: string, code: string) => sha256(`${email}|${code}`);

export async function sendEmailCode(ctx: AppContext, email: string) {
  const now = ctx.now();
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  if ((await repo.codesSince(ctx.db, email, hourAgo)) >= EMAIL_CODES_PER_HOUR) {
    throw tooManyRequests(
      `We sent ${EMAIL_CODES_PER_HOUR} codes to ${email} in the last hour. Use the latest one, or try again later.`,
      3600,
    );
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repo.insertEmailCode(ctx.db, {
    email,
    code_hash: codeHash(email, code),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + EMAIL_CODE_MINUTES * 60_000).toISOString(),
    attempts: 0,
    used_at: null,
  });
  await ctx.mailer.send({
    to: email,
    subject: `${ctx.config.shell.providerName}: your order verification code`,
    text: [
      'Hello,',
      '',
      'To confirm this email address for your fiber order, enter this code on the checkout page:',
      '',
      `    ${code}`,
      '',
      `The code works once, for ${EMAIL_CODE_MINUTES} minutes. If you did not order, ignore this message.`,
    ].join('\n'),
  });
  return {
    message: `We emailed a 6-digit code to ${email}. It works for ${EMAIL_CODE_MINUTES} minutes.`,
    expiresInMinutes: EMAIL_CODE_MINUTES,
  };
}

/** Checks the code before anything is charged (a wrong code counts an attempt); the write uses it up. */
async function checkEmailCode(ctx: AppContext, email: string, code: string): Promise<number> {
  const field = 'account.emailCode';
  const row = await repo.latestEmailCode(ctx.db, email);
  const fail = (message: string) => badRequest(message, { [field]: message });
  if (!row || row.used_at !== null) throw fail('Ask for a code first: we email it to the address you give.');
  if (row.expires_at <= ctx.now().toISOString()) throw fail('This code has expired. Ask for a new one.');
  if (row.attempts >= EMAIL_CODE_ATTEMPTS) throw fail('Too many wrong codes. Ask for a new one.');
  if (row.code_hash !== codeHash(email, code)) {
    await repo.countEmailCodeAttempt(ctx.db, row.id);
    throw fail('That code is not the one we emailed. Check it, or ask for a new one.');
  }
  return row.id;
}

// ---- checkout --------------------------------------------------------------------------------------------------

type NewAccount = z.output<typeof NewAccountSchema>;

export type Buyer =
  | { kind: 'new'; account: NewAccount; clientAddress: string }
  | { kind: 'customer'; actor: CustomerActor; clientAddress: string }
  | {
      kind: 'staff';
      /** An existing account, or null when staff open a new one (newCustomer). */
      customerId: string | null;
      newCustomer: StaffNewCustomer | null;
      userId: number;
      employeeId: number | null;
    };

/** A new account's holder: the customer's own checkout or the one staff take on the phone. */
const newHolderOf = (buyer: Buyer) =>
  buyer.kind === 'new' ? buyer.account : buyer.kind === 'staff' ? buyer.newCustomer : null;

export const CHECKOUT_ROUTE = 'orderingCheckout';

const idempotencyUserOf = (buyer: Buyer) =>
  buyer.kind === 'new' ? 0 : buyer.kind === 'customer' ? buyer.actor.userId : buyer.userId;

/**
 * The answer stored under this Idempotency-Key (lib/idempotency.ts's table). A new customer's answer is stored under
 * the user the checkout created (its user name is in the body), so a replay finds it by that name.
 */
async function storedCheckout(ctx: AppContext, buyer: Buyer, key: string) {
  if (buyer.kind !== 'new') return repo.storedAnswer(ctx.db, idempotencyUserOf(buyer), key);
  const userId = await repo.userIdByName(ctx.db, buyer.account.username);
  return userId === null ? undefined : repo.storedAnswer(ctx.db, userId, key);
}

/**
 * What a retry with the same Idempotency-Key must repeat, kept as a hash: the card only by its last four, never the
 * CVC, the password or the emailed code.
 */
function checkoutRequestOf(buyer: Buyer, input: CheckoutInput) {
  const payment =
    input.payment.kind === 'card'
      ? { ...input.payment, cardNumber: (cardDigits(input.payment.cardNumber) ?? '').slice(-4), cvc: undefined }
      : input.payment;
  const holder = newHolderOf(buyer);
  return {
    ...input,
    payment,
    holder: holder && { ...holder, password: undefined, emailCode: undefined },
    customerId: buyer.kind === 'staff' ? buyer.customerId : null,
  };
}

/** The service address of a cart, as its location is written (checkout's open-order guard). */
const addressKeyOf = (p: CartPlace): AddressKey => ({
  address: `${p.standard.number} ${p.standard.street}`,
  address2: p.standard.unit === '' ? null : p.standard.unit,
  zip: p.standard.zip,
});

function newCustomerId(type: 'Residential' | 'Business'): string {
  const prefix = type === 'Business' ? '3000' : '2000';
  const n = randomInt(90_000_000, 100_000_000);
  return `${prefix}-${String(Math.floor(n / 10_000)).padStart(4, '0')}-${String(n % 10_000).padStart(4, '0')}`;
}

export interface CheckoutAnswer {
  statusCode: number;
  body: CheckoutResult;
  replayed: boolean;
}

/** Checkouts in progress on this instance, per Idempotency-Key: a second click waits for the first one's answer. */
const inFlight = new Map<string, Promise<unknown>>();

export async function checkout(
  ctx: AppContext,
  buyer: Buyer,
  input: CheckoutInput,
  key: string | undefined,
): Promise<CheckoutAnswer> {
  const slot = `${idempotencyUserOf(buyer)}:${key ?? ''}`;
  const before = key ? inFlight.get(slot) : undefined;
  if (before) await before.catch(() => undefined);
  const run = checkoutOnce(ctx, buyer, input, key);
  if (key) inFlight.set(slot, run);
  try {
    return await run;
  } finally {
    if (inFlight.get(slot) === run) inFlight.delete(slot);
  }
}

async function checkoutOnce(
  ctx: AppContext,
  buyer: Buyer,
  input: CheckoutInput,
  key: string | undefined,
): Promise<CheckoutAnswer> {
  if (!key) {
    throw badRequest('Placing an order needs an Idempotency-Key header, so that a double click orders once.', {
      'Idempotency-Key': 'Required (a UUID is fine).',
    });
  }
  const idemUser = idempotencyUserOf(buyer);
  const requestHash = requestHashOf(checkoutRequestOf(buyer, input));
  const earlier = await storedCheckout(ctx, buyer, key);
  if (earlier) {
    assertSameRequest(earlier, CHECKOUT_ROUTE, requestHash);
    return { statusCode: earlier.status_code, body: JSON.parse(earlier.response), replayed: true };
  }

  // 1. The cart, its address and what the area sells now.
  const p = await loadCart(ctx, input.cartId);
  if (!mayOrderIn(p.kind)) {
    const message = `Fiber cannot be ordered at ${p.standard.line} (${availabilityOf(p.kind).replace('_', ' ')}).`;
    throw badRequest(message, { cartId: message });
  }
  const ids = idsOf(p.cart.package_ids);
  assertPackagesAllowed(ids, p.allowed, p.all, 'cartId');
  const lines = ids.flatMap((id) => p.allowed.filter((a) => a.id === id));
  const problem = cartProblem(lines);
  if (problem) throw badRequest(problem, { cartId: problem });

  // 2. Prices, recomputed: never charge a total the buyer was not shown.
  const { monthlyCents, oneTimeCents } = await priceLines(
    ctx.db,
    lines.map((l) => ({ packageId: l.id, action: 'add' as const })),
  );
  const totalCents = monthlyCents + oneTimeCents;
  if (totalCents !== input.expectedTotalCents) {
    const message = `Prices changed: the total due today is now ${formatCents(totalCents)}, not ${formatCents(
      input.expectedTotalCents,
    )}. Check your cart and place the order again.`;
    throw new HttpError(409, 'prices_changed', message, { expectedTotalCents: message });
  }

  // 3. The install window still has room.
  const windows = await windowsFor(ctx, p);
  const day = windows.days.find((d) => d.date === input.installDate);
  if (!day) {
    const message = `Choose an install day from ${windows.earliest} on (Monday to Friday, as offered).`;
    throw badRequest(message, { installDate: message });
  }
  const window = day.windows.find((w) => w.window === input.installWindow);
  if (!window || window.free <= 0) {
    const message = `The ${input.installWindow} window on ${input.installDate} is full now. Choose another one.`;
    throw conflict(message, { installWindow: message });
  }

  // 4. Who orders: a new account's checks, or the existing account.
  let customerId: string;
  let emailCodeId: number | null = null;
  if (buyer.kind === 'new') {
    const a = buyer.account;
    if (await repo.usernameTaken(ctx.db, a.username)) {
      const message = `The username ${a.username} is taken. Choose another one.`;
      throw conflict(message, { 'account.username': message });
    }
    assertPasswordAllowed(a.password, a.username, 'account.password');
    if (input.payment.kind !== 'card') {
      const message = 'A new account pays with a card.';
      throw badRequest(message, { payment: message });
    }
    emailCodeId = await checkEmailCode(ctx, a.email, a.emailCode);
    customerId = newCustomerId(a.customerType);
    while (await repo.customerExists(ctx.db, customerId)) customerId = newCustomerId(a.customerType);
  } else if (buyer.kind === 'customer') {
    customerId = buyer.actor.customerId;
  } else if (buyer.newCustomer) {
    if (input.payment.kind !== 'card') {
      const message = 'A new account pays with a card.';
      throw badRequest(message, { payment: message });
    }
    customerId = newCustomerId(buyer.newCustomer.customerType);
    while (await repo.customerExists(ctx.db, customerId)) customerId = newCustomerId(buyer.newCustomer.customerType);
  } else {
    const customer = buyer.customerId === null ? undefined : await repo.findCustomer(ctx.db, buyer.customerId);
    if (!customer || !isCustomerAccount(customer.customer_type)) {
      const message = `No customer account ${buyer.customerId}.`;
      throw new HttpError(404, 'not_found', message, { vcCustomerID: message });
    }
    customerId = customer.id;
  }

  // 5. The payment: one charge per Idempotency-Key; none while declines here are past their limits, and none for an
  // order that may not be opened (one in progress at the address, or the account's or card's open orders).
  const holder = newHolderOf(buyer);
  const declineKeys: DeclineKeys = {
    cartId: p.cart.id,
    accountKey: holder ? `email:${holder.email.toLowerCase()}` : customerId,
    fingerprint: null,
    clientAddress: buyer.kind === 'staff' ? null : buyer.clientAddress,
  };
  await assertCardsAccepted(ctx, declineKeys);
  const source: OrderPaymentSource =
    input.payment.kind === 'card'
      ? await tokenizeOrderCard(ctx, input.payment)
      : await savedOrderMethod(ctx, customerId, input.payment.paymentMethodId);
  declineKeys.fingerprint = source.fingerprint;
  await assertCardsAccepted(ctx, declineKeys);
  const newOrder: NewOrder = {
    customerId: holder ? null : customerId,
    address: addressKeyOf(p),
    fingerprint: source.fingerprint,
  };
  await assertMayOpenOrder(ctx, ctx.db, newOrder);
  const gatewayKey = `order-${sha256(`${idemUser}:${key}`).slice(0, 32)}`;
  const { reference } = await chargeOrder(ctx, source, {
    amountCents: totalCents,
    gatewayKey,
    description: `First month and install at ${p.standard.line}`,
  }).catch(async (err) => {
    if (err instanceof HttpError && err.code === 'payment_declined') {
      await recordDecline(ctx, declineKeys, { amountCents: totalCents, message: err.message, last4: source.last4 });
    }
    throw err;
  });

  // A retry whose charge was refunded meanwhile (its first attempt failed) must not place the order on it.
  const queued = await repo.findUnplacedCharge(ctx.db, reference);
  if (queued && queued.status !== 'pending' && queued.status !== 'placed') throw chargeRefunded();

  // 6. One transaction: account, locations, payment, order, stored answer.
  try {
    const result = await runCheckoutTransaction(ctx, {
      buyer,
      input,
      key,
      requestHash,
      newOrder,
      idemUser,
      p,
      lines,
      customerId,
      emailCodeId,
      source,
      reference,
      totalCents,
      monthlyCents,
      oneTimeCents,
    });
    await sendConfirmation(ctx, buyer, result.body);
    return result;
  } catch (err) {
    const stored = await storedCheckout(ctx, buyer, key).catch(() => undefined);
    if (stored) {
      assertSameRequest(stored, CHECKOUT_ROUTE, requestHash);
      return { statusCode: stored.status_code, body: JSON.parse(stored.response), replayed: true };
    }
    if (err instanceof HttpError && err.code === CHARGE_REFUNDED) throw err;
    // Queued for its refund (unplaced-charges.service.ts: the job gives a retry the grace period first).
    await recordUnplacedCharge(ctx, {
      reference,
      gatewayKey,
      amountCents: totalCents,
      email: newHolderOf(buyer)?.email ?? null,
      customerId,
      userId: buyer.kind === 'new' ? null : idemUser,
      employeeId: buyer.kind === 'staff' ? buyer.employeeId : null,
      error: (err as Error).message,
    });
    ctx.log.error({ err, reference, gatewayKey }, 'checkout charged but the order was not placed');
    throw err;
  }
}

interface CheckoutWork {
  buyer: Buyer;
  input: CheckoutInput;
  key: string;
  requestHash: string;
  newOrder: NewOrder;
  idemUser: number;
  p: CartPlace;
  lines: CatalogRow[];
  customerId: string;
  emailCodeId: number | null;
  source: OrderPaymentSource;
  reference: string;
  totalCents: number;
  monthlyCents: number;
  oneTimeCents: number;
}

async function nearestOffice(ctx: AppContext, at: { latitude: number; longitude: number }) {
  const offices = await repo.centralOffices(ctx.db);
  let best: number | null = null;
  let bestMiles = Number.POSITIVE_INFINITY;
  for (const o of offices) {
    const miles = distanceMiles(at, o);
    if (miles < bestMiles) {
      bestMiles = miles;
      best = o.id;
    }
  }
  return best;
}

const CHARGE_REFUNDED = 'charge_refunded';
const chargeRefunded = () =>
  new HttpError(
    409,
    CHARGE_REFUNDED,
    'This order could not be placed the first time and its payment was refunded. Place the order again.',
  );

async function runCheckoutTransaction(ctx: AppContext, w: CheckoutWork): Promise<CheckoutAnswer> {
  const { buyer, input, p } = w;
  const office =
    p.latitude !== null && p.longitude !== null
      ? await nearestOffice(ctx, { latitude: p.latitude, longitude: p.longitude })
      : null;
  const passwordHash = buyer.kind === 'new' ? await hashPassword(buyer.account.password) : null;
  const dropExists = await dropExistsAt(ctx, p);
  const std = p.standard;
  const serviceLine = `${std.number} ${std.street}`;
  const unit = std.unit === '' ? null : std.unit;
  const now = ctx.now().toISOString();

  const result = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.claimUnplacedForOrder(trx, w.reference, now))) throw chargeRefunded();
    await reassertMayOpenOrder(ctx, trx, w.newOrder);
    let userId: number | null = buyer.kind === 'new' ? null : w.idemUser;
    const employeeId =
      buyer.kind === 'staff' ? buyer.employeeId : buyer.kind === 'customer' ? buyer.actor.employeeId : null;
    const holder = newHolderOf(buyer);
    if (holder) {
      const a = holder;
      if (w.emailCodeId !== null && !(await repo.useEmailCode(trx, w.emailCodeId, now))) {
        const message = 'This code was used already. Ask for a new one.';
        throw badRequest(message, { 'account.emailCode': message });
      }
      await repo.insertCustomer(trx, {
        id: w.customerId,
        name: a.customerType === 'Business' ? a.businessName : `${a.firstName} ${a.lastName}`,
        customer_type: a.customerType,
        status: 'Active',
        created_at: now,
      });
    }
    const serviceLocationId =
      (!holder
        ? (await repo.locationOfAccountAt(trx, w.customerId, { address: serviceLine, address2: unit, zip: std.zip }))
            ?.id
        : undefined) ??
      (await repo.insertServiceLocation(trx, {
        customer_id: w.customerId,
        address: serviceLine,
        address2: unit,
        city: std.city,
        state: std.state,
        zip: std.zip,
        zip_four: std.zipFour,
        latitude: p.latitude ?? 0,
        longitude: p.longitude ?? 0,
        colo_area: office === null ? null : await repo.coloAreaOfOffice(trx, office),
        central_office_id: office,
      }));
    if (p.address) await repo.linkAddressToLocation(trx, p.address.id, serviceLocationId);
    let mailingLocationId: number;
    if (input.mailing) {
      mailingLocationId = await repo.insertMailingLocation(trx, {
        customer_id: w.customerId,
        address: input.mailing.line1,
        address2: input.mailing.unit === '' ? null : input.mailing.unit,
        city: input.mailing.city,
        state: input.mailing.state,
        zip: input.mailing.zip,
        zip_four: null,
        autopay_payment_method_id: null,
      });
    } else {
      mailingLocationId =
        (!holder ? (await repo.firstMailingLocation(trx, w.customerId))?.id : undefined) ??
        (await repo.insertMailingLocation(trx, {
          customer_id: w.customerId,
          address: serviceLine,
          address2: unit,
          city: std.city,
          state: std.state,
          zip: std.zip,
          zip_four: std.zipFour,
          autopay_payment_method_id: null,
        }));
    }
    if (holder) {
      const a = holder;
      if (buyer.kind === 'new') {
        userId = await repo.insertUser(trx, {
          username: buyer.account.username.toLowerCase(),
          email: a.email,
          password_hash: passwordHash ?? '',
          first_name: a.firstName,
          last_name: a.lastName,
          customer_id: w.customerId,
          is_admin: 1,
          is_staff: 0,
          employee_id: null,
          installer: 0,
          contractor_id: 0,
          noc_location_id: null,
          active_service_location_id: serviceLocationId,
          active_mailing_location_id: mailingLocationId,
          disabled: 0,
          created_at: now,
          updated_at: now,
        });
      }
      const contactId = await repo.insertContact(trx, {
        customer_id: w.customerId,
        category: 'Primary',
        name: `${a.firstName} ${a.lastName}`,
        phone: a.phone,
        phone2: null,
        email: a.email,
      });
      await repo.linkContact(trx, contactId, serviceLocationId);
    }

    const placed = await placeOrder(ctx, trx, {
      customerId: w.customerId,
      serviceLocationId,
      mailingLocationId,
      kind: 'new',
      lines: w.lines.map((l) => ({ packageId: l.id, action: 'add' as const })),
      installDate: input.installDate,
      installWindow: input.installWindow as InstallWindow,
      dropExists,
      needsVisit: true,
      placedBy: { userId, employeeId: buyer.kind === 'staff' ? buyer.employeeId : null },
      notes: p.temp ? `Temporary service location ${p.temp.id}: confirm the address before the install.` : null,
    });
    if (placed.monthlyCents + placed.oneTimeCents !== w.totalCents) {
      // The catalogue changed between the check and the write: undo everything (the charge is reported).
      throw new HttpError(409, 'prices_changed', 'Prices changed while the order was placed. Place it again.', {
        expectedTotalCents: 'Prices changed.',
      });
    }
    const payment = await recordOrderPayment(trx, {
      customerId: w.customerId,
      source: w.source,
      amountCents: w.totalCents,
      reference: w.reference,
      key: w.key,
      paidBy: userId,
      employeeId,
      orderId: placed.orderId,
      now,
    });
    await repo.setOrderPaid(trx, placed.orderId, w.totalCents, w.reference, now);
    await recordOrderCard(trx, placed.orderId, w.source.fingerprint);
    await recordOrderEvent(
      trx,
      placed.orderId,
      'paid',
      `Paid ${formatCents(w.totalCents)} (first month and install) with ${w.source.brand} ending ${w.source.last4}.`,
      { userId, employeeId },
    );
    await repo.setCheckOrder(trx, p.cart.check_id, placed.orderId);
    if (!(await repo.markCartOrdered(trx, p.cart.id, placed.orderId, now))) {
      throw new HttpError(409, 'cart_ordered', 'This cart was ordered already.', { cartId: 'Ordered already.' });
    }
    await audit(trx, {
      at: now,
      userId,
      employeeId,
      action: buyer.kind === 'staff' ? 'staff.order.placed' : 'customer.order.placed',
      subject: `${w.customerId}:${placed.orderId}`,
      detail: {
        packages: w.lines.map((l) => l.id),
        totalCents: w.totalCents,
        paymentId: payment.paymentId,
        newAccount: newHolderOf(buyer) !== null,
        temporaryLocation: p.temp?.id ?? null,
      },
    });
    const body: CheckoutResult = {
      orderId: placed.orderId,
      vcCustomerID: w.customerId,
      username: buyer.kind === 'new' ? buyer.account.username : null,
      email: newHolderOf(buyer)?.email ?? null,
      address: std.line,
      temporary: p.temp !== null,
      installDate: input.installDate,
      installWindow: input.installWindow as InstallWindow,
      lines: w.lines.map((l) => ({
        packageId: l.id,
        name: l.name,
        monthlyCents: l.price_cents,
        installFeeCents: l.install_fee_cents,
      })),
      monthlyCents: w.monthlyCents,
      oneTimeCents: w.oneTimeCents,
      paidCents: w.totalCents,
      paymentReference: w.reference,
      nextSteps: nextStepsOf(dropExists, input.installDate, input.installWindow, p.temp !== null),
    };
    if (userId !== null) {
      await repo.storeAnswer(trx, {
        userId,
        key: w.key,
        route: CHECKOUT_ROUTE,
        requestHash: w.requestHash,
        statusCode: 201,
        body,
        now,
      });
    }
    return { statusCode: 201, body, replayed: false };
  });
  return result;
}

function nextStepsOf(dropExists: boolean, date: string, window: string, temporary: boolean): string[] {
  const steps: string[] = [];
  if (temporary) steps.push('We confirm your address (it is new to our records) and call you if anything is unclear.');
  if (!dropExists) {
    steps.push('A crew surveys your property and marks the route of the fiber drop.');
    steps.push('The crew buries or hangs the drop and splices it into our network.');
  }
  steps.push(`An installer comes on ${date} between ${window.replace('-', ' and ')} to connect and test your service.`);
  steps.push('Your monthly bill starts on the day the service is installed.');
  return steps;
}

/** The confirmation mail; a mail failure is logged, the order stands. */
async function sendConfirmation(ctx: AppContext, buyer: Buyer, r: CheckoutResult) {
  const send = async () => {
    const to = newHolderOf(buyer)?.email ?? (await repo.accountEmail(ctx.db, r.vcCustomerID));
    if (!to) return;
    await ctx.mailer.send({
      to,
      subject: `${ctx.config.shell.providerName}: order ${r.orderId} is placed`,
      text: [
        'Thank you for your order.',
        '',
        `Order number: ${r.orderId}`,
        `Account number: ${r.vcCustomerID}`,
        `Service address: ${r.address}`,
        '',
        ...r.lines.map(
          (l) =>
            `  ${l.name}: ${formatCents(l.monthlyCents)} a month${l.installFeeCents ? `, install ${formatCents(l.installFeeCents)}` : ''}`,
        ),
        '',
        `Paid today: ${formatCents(r.paidCents)} (reference ${r.paymentReference})`,
        `Install: ${r.installDate}, ${r.installWindow}`,
        '',
        'What happens next:',
        ...r.nextSteps.map((s) => `  - ${s}`),
        '',
        r.username ? `Sign in as ${r.username} to follow your order: ${ctx.config.publicUrl}/login` : '',
      ].join('\n'),
    });
  };
  await send().catch((err) => ctx.log.error({ err, orderId: r.orderId }, 'order confirmation mail failed'));
}

/**
 * The staff conversion report's numbers (issue 13 part 6): availability checks of the days from..to (inclusive) per
 * day, area kind and area, and how many led to a lead, a cart and an order. Ordering owns these tables; the reports
 * module reads them only through here.
 */
export function checkConversion(ctx: AppContext, from: string, to: string) {
  return repo.checkConversionPerDay(ctx.db, `${from}T00:00:00.000Z`, `${addDays(to, 1)}T00:00:00.000Z`);
}
