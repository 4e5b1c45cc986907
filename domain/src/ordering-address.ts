/**
 * Ordering (issue 12): the pure rules of the availability check. Address normalization (USPS-style street suffixes
 * and directions, units), the key that makes one address one row, a cheap street-name similarity for "Did you mean
 * …?", point-in-polygon for the service-area layers, and the area kind a set of layers gives.
 */
import type { AreaKind } from './orders.js';

const SUFFIXES: Readonly<Record<string, string>> = {
  ALLEY: 'ALY',
  AVENUE: 'AVE',
  AV: 'AVE',
  BOULEVARD: 'BLVD',
  CIRCLE: 'CIR',
  COURT: 'CT',
  DRIVE: 'DR',
  EXPRESSWAY: 'EXPY',
  HIGHWAY: 'HWY',
  LANE: 'LN',
  LOOP: 'LOOP',
  PARKWAY: 'PKWY',
  PLACE: 'PL',
  ROAD: 'RD',
  SQUARE: 'SQ',
  STREET: 'ST',
  TERRACE: 'TER',
  TRAIL: 'TRL',
  WAY: 'WAY',
};
const DIRECTIONS: Readonly<Record<string, string>> = {
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
};
const UNIT_WORDS = /^(APT|APARTMENT|UNIT|STE|SUITE|NO|LOT|BLDG|BUILDING|RM|ROOM)\b\.?\s*/;

const words = (s: string) =>
  s
    .toUpperCase()
    .replace(/[.,]/g, ' ')
    .replace(/[^A-Z0-9# -]/g, '')
    .split(/\s+/)
    .filter(Boolean);

/** A street name in standard form: upper case, suffix and direction abbreviated ("clark lane" -> "CLARK LN"). */
export function normalizeStreet(street: string): string {
  const parts = words(street);
  return parts
    .map((w, i) => {
      if (DIRECTIONS[w] && (i === 0 || i === parts.length - 1)) return DIRECTIONS[w];
      if (i === parts.length - 1 && SUFFIXES[w]) return SUFFIXES[w];
      return w;
    })
    .join(' ');
}

/** "Apt 4B", "#4b", "unit 4b" -> "4B"; empty -> "". */
export function normalizeUnit(unit: string | null | undefined): string {
  const s = (unit ?? '').toUpperCase().trim().replace(UNIT_WORDS, '').replace(/^#\s*/, '');
  return words(s).join(' ');
}

export interface ParsedStreetLine {
  number: string;
  street: string;
}

/** "2208 Clark Lane" -> { number: '2208', street: 'CLARK LN' }; null without a house number. */
export function parseStreetLine(line: string): ParsedStreetLine | null {
  const match = /^\s*(\d+[A-Za-z]?)(?:\s+|-)(.+)$/.exec(line.trim());
  if (!match) return null;
  const street = normalizeStreet(match[2] ?? '');
  if (street === '') return null;
  return { number: (match[1] ?? '').toUpperCase(), street };
}

/** The one key of an address: number, street, unit and ZIP, normalized ("2208|CLARK LN||65202"). */
export function addressKey(a: { number: string; street: string; unit?: string | null; zip: string }): string {
  return [a.number.toUpperCase(), normalizeStreet(a.street), normalizeUnit(a.unit), a.zip.trim()].join('|');
}

/** A street as people write it back: "CLARK LN" -> "Clark Ln", "E BROADWAY" -> "E Broadway", "OLD HWY 63" -> "Old Hwy 63". */
export function displayStreet(street: string): string {
  return street
    .split(' ')
    .map((w) => (DIRECTIONS_SHORT.has(w) ? w : w.charAt(0) + w.slice(1).toLowerCase()))
    .join(' ');
}
const DIRECTIONS_SHORT = new Set(Object.values(DIRECTIONS));

/** Levenshtein distance (two rows), for short strings such as street names. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

/**
 * The known streets closest to a typed one, best first: at most `limit`, and only those within a third of the
 * street's length in edits (so "Clrak Ln" finds "CLARK LN" but "Main St" does not find "Maple St" and "Oak St").
 */
export function similarStreets(typed: string, known: readonly string[], limit = 3): string[] {
  const t = normalizeStreet(typed);
  const allowed = Math.max(1, Math.floor(t.length / 3));
  return known
    .map((street) => ({ street, d: editDistance(t, street) }))
    .filter((c) => c.d > 0 && c.d <= allowed)
    .sort((a, b) => a.d - b.d || a.street.localeCompare(b.street))
    .slice(0, limit)
    .map((c) => c.street);
}

// ---- geometry --------------------------------------------------------------------------------------------------

/** [longitude, latitude], as GeoJSON writes a position. */
export type Position = readonly [number, number];
export type Ring = readonly Position[];
export interface Bounds {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** Ray casting: whether the point is inside the ring (a point on the edge may fall either way). */
export function pointInRing(lat: number, lng: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] ?? [0, 0];
    const [xj, yj] = ring[j] ?? [0, 0];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside a GeoJSON Polygon (outer ring minus holes) or MultiPolygon. */
export function pointInPolygon(lat: number, lng: number, geometry: { type: string; coordinates: unknown }): boolean {
  const polygons =
    geometry.type === 'Polygon'
      ? [geometry.coordinates as Ring[]]
      : geometry.type === 'MultiPolygon'
        ? (geometry.coordinates as Ring[][])
        : [];
  return polygons.some(
    ([outer, ...holes]) =>
      outer !== undefined && pointInRing(lat, lng, outer) && !holes.some((h) => pointInRing(lat, lng, h)),
  );
}

/** The bounding box of a Polygon or MultiPolygon (the index the service filters on before the exact test). */
export function boundsOf(geometry: { type: string; coordinates: unknown }): Bounds | null {
  const rings =
    geometry.type === 'Polygon'
      ? (geometry.coordinates as Ring[])
      : geometry.type === 'MultiPolygon'
        ? (geometry.coordinates as Ring[][]).flat()
        : [];
  const points = rings.flat();
  if (points.length === 0) return null;
  return {
    minLat: Math.min(...points.map((p) => p[1])),
    maxLat: Math.max(...points.map((p) => p[1])),
    minLng: Math.min(...points.map((p) => p[0])),
    maxLng: Math.max(...points.map((p) => p[0])),
  };
}

/** The area kind of a point that lies in these kinds' polygons: service now wins, then construction, then sign-up. */
export function areaKindOf(kinds: readonly AreaKind[]): AreaKind {
  for (const k of ['fiber', 'business_fiber', 'construction', 'signup'] as const) if (kinds.includes(k)) return k;
  return 'outside';
}

/** Whether a package (its `area_kinds` list) is sold at a point in these area kinds. */
export function packageSoldIn(packageAreaKinds: string, kinds: readonly AreaKind[]): boolean {
  const sold = packageAreaKinds
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  return sold.some((k) => kinds.includes(k as AreaKind));
}
