/**
 * The cart (issue 12 step 2): package ids only, its id a random token in the browser (the table keeps its SHA-256),
 * prices always recomputed from the packages table; and the install windows with their real capacity.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AreaKind, Cart, InstallWindows, StandardAddress } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { dropExistsAt as dropExistsAtAddress } from '../orders/orders.service.js';
import * as availabilityRepo from './availability.repository.js';
import { areasAt, catalogue, checkLocation, standardAddress } from './availability.service.js';
import * as cartRepo from './cart.repository.js';
import {
  assertPackagesAllowed,
  type CatalogRow,
  installDays,
  leadDaysFor,
  mayOrderIn,
  packagesFor,
  toCatalogPackage,
  windowCapacity,
} from './ordering.policy.js';
import { countCreation } from './visitor-caps.js';

/** A cart's id in the table: the SHA-256 of the token the browser holds. */
export const cartIdOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const today = (ctx: AppContext) => ctx.now().toISOString().slice(0, 10);

/** A cart with its address, position, area and what the area sells. */
export interface CartPlace {
  cart: cartRepo.CartRow;
  address: availabilityRepo.AddressRow | null;
  temp: availabilityRepo.TempLocationRow | null;
  standard: StandardAddress;
  latitude: number | null;
  longitude: number | null;
  kinds: AreaKind[];
  kind: AreaKind;
  areas: Cart['areas'];
  allowed: CatalogRow[];
  all: CatalogRow[];
}

export async function loadCart(ctx: AppContext, token: string): Promise<CartPlace> {
  const cart = await cartRepo.findCart(ctx.db, cartIdOf(token));
  if (!cart) throw notFound('This cart no longer exists. Check the address again to start a new one.');
  if (cart.order_id !== null) {
    throw new HttpError(409, 'cart_ordered', `This cart was ordered already: order ${cart.order_id}.`, {
      cartId: `Ordered as order ${cart.order_id}.`,
    });
  }
  const address =
    cart.address_id === null ? null : ((await availabilityRepo.findAddress(ctx.db, cart.address_id)) ?? null);
  const temp =
    cart.temp_location_id === null
      ? null
      : ((await availabilityRepo.findTempLocation(ctx.db, cart.temp_location_id)) ?? null);
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
    areas: (area?.areas ?? []).map((a) => ({ kind: a.kind, name: a.name, geometry: a.geometry })),
    allowed: packagesFor(all, kinds),
    all,
  };
}

export const idsOf = (packageIds: string) =>
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
    areas: p.areas,
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
  await cartRepo.insertCart(ctx.db, {
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
  return cartView(token, await availabilityRepo.checkPublicId(ctx.db, p.cart.check_id), p);
}

export async function updateCart(ctx: AppContext, token: string, packageIds: number[]): Promise<Cart> {
  const p = await loadCart(ctx, token);
  assertPackagesAllowed(packageIds, p.allowed, p.all);
  const internet = packageIds.filter((id) => p.allowed.find((a) => a.id === id)?.category === 'internet');
  if (internet.length > 1) {
    const message = 'Choose one internet package.';
    throw badRequest(message, { packageIds: message });
  }
  await cartRepo.setCartPackages(ctx.db, p.cart.id, packageIds.join(','), ctx.now().toISOString());
  const checkId = await availabilityRepo.checkPublicId(ctx.db, p.cart.check_id);
  return cartView(token, checkId, { ...p, cart: { ...p.cart, package_ids: packageIds.join(',') } });
}

// ---- install windows -------------------------------------------------------------------------------------------

/** Whether the cart's address has a drop already (orders' `dropExistsAt`, by the address, whichever account's). */
export async function dropExistsAt(ctx: AppContext, p: CartPlace): Promise<boolean> {
  return dropExistsAtAddress(
    ctx.db,
    {
      address: `${p.standard.number} ${p.standard.street}`,
      address2: p.standard.unit === '' ? null : p.standard.unit,
      zip: p.standard.zip,
    },
    p.address?.service_location_id ?? null,
  );
}

export async function windowsFor(ctx: AppContext, p: CartPlace): Promise<InstallWindows> {
  const days = installDays(today(ctx), leadDaysFor(await dropExistsAt(ctx, p)));
  const first = days[0] ?? today(ctx);
  const last = days[days.length - 1] ?? first;
  const [installers, booked] = await Promise.all([
    cartRepo.installerCount(ctx.db),
    cartRepo.bookedInstalls(ctx.db, first, last),
  ]);
  return { earliest: first, days: windowCapacity(days, installers, booked) };
}

export async function installWindows(ctx: AppContext, token: string): Promise<InstallWindows> {
  return windowsFor(ctx, await loadCart(ctx, token));
}
