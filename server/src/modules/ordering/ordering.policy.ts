/**
 * The rules of ordering, as pure functions over rows: what an area sells, which install days and windows exist and
 * how much room each has, and whether a cart may be checked out.
 */
import {
  type AreaKind,
  availabilityOf,
  type CatalogPackage,
  INSTALL_WINDOWS,
  type InstallWindow,
  packageSoldIn,
} from '@strand/domain';
import { badRequest } from '../../lib/errors.js';

export interface CatalogRow {
  id: number;
  name: string;
  category: string;
  price_cents: number;
  install_fee_cents: number;
  area_kinds: string;
  speed_mbps: number | null;
  description: string | null;
}

export const toCatalogPackage = (p: CatalogRow): CatalogPackage => ({
  id: p.id,
  name: p.name,
  category: p.category,
  monthlyCents: p.price_cents,
  installFeeCents: p.install_fee_cents,
  speedMbps: p.speed_mbps,
  description: p.description,
});

/** The area kinds an order can be placed in: fiber is there now. Construction and sign-up areas take leads. */
export const mayOrderIn = (kind: AreaKind) => availabilityOf(kind) === 'available';

/** The packages sold at a point lying in these area kinds (none where fiber is not available). */
export function packagesFor(rows: readonly CatalogRow[], kinds: readonly AreaKind[]): CatalogRow[] {
  if (!kinds.some(mayOrderIn)) return [];
  return rows.filter((p) => packageSoldIn(p.area_kinds, kinds));
}

/** Refuses package ids the area does not sell, naming them. */
export function assertPackagesAllowed(
  ids: readonly number[],
  allowed: readonly CatalogRow[],
  all: readonly CatalogRow[],
  field = 'packageIds',
) {
  const allowedIds = new Set(allowed.map((p) => p.id));
  const refused = ids.filter((id) => !allowedIds.has(id));
  if (refused.length === 0) return;
  const names = refused.map((id) => all.find((p) => p.id === id)?.name ?? `package ${id}`);
  const message =
    allowed.length === 0
      ? 'Nothing can be ordered at this address yet.'
      : `${names.join(', ')} ${refused.length === 1 ? 'is' : 'are'} not offered at this address. Choose from: ${allowed
          .map((p) => p.name)
          .join(', ')}.`;
  throw badRequest(message, { [field]: message });
}

/** A cart must hold one internet package (the other services ride on it) and at most one. */
export function cartProblem(lines: readonly { category: string }[]): string | null {
  const internet = lines.filter((l) => l.category === 'internet').length;
  if (lines.length === 0) return 'Your cart is empty. Choose an internet package first.';
  if (internet === 0) return 'Choose an internet package: phone, TV and the extras need one.';
  if (internet > 1) return 'Choose one internet package.';
  return null;
}

// ---- install days and capacity ---------------------------------------------------------------------------------

/** Days from the order to the first install: 2 where a drop exists, 14 where one has to be surveyed and built. */
export const leadDaysFor = (dropExists: boolean) => (dropExists ? 2 : 14);
/** How many working days are offered. */
export const INSTALL_DAYS_OFFERED = 10;

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const isWorkingDay = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
};

/** The working days (Monday to Friday) from `today + leadDays` on, `count` of them. */
export function installDays(today: string, leadDays: number, count = INSTALL_DAYS_OFFERED): string[] {
  const days: string[] = [];
  let d = addDays(today, leadDays);
  while (days.length < count) {
    if (isWorkingDay(d)) days.push(d);
    d = addDays(d, 1);
  }
  return days;
}

export interface Booked {
  date: string;
  window: string | null;
  n: number;
}

/** Room per day and window: one visit per installer per window, less the installs already due in it. */
export function windowCapacity(days: readonly string[], installers: number, booked: readonly Booked[]) {
  const taken = new Map<string, number>();
  for (const b of booked) {
    const window = INSTALL_WINDOWS.includes(b.window as InstallWindow)
      ? (b.window as InstallWindow)
      : INSTALL_WINDOWS[0];
    const key = `${b.date}|${window}`;
    taken.set(key, (taken.get(key) ?? 0) + b.n);
  }
  return days.map((date) => ({
    date,
    windows: INSTALL_WINDOWS.map((window) => ({
      window,
      capacity: installers,
      free: Math.max(0, installers - (taken.get(`${date}|${window}`) ?? 0)),
    })),
  }));
}
