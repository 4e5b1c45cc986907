/** Great-circle distances (haversine). SPEC §9 fixes the earth radius at 3956 miles. */

export const EARTH_RADIUS_MILES = 3956;
export const FEET_PER_MILE = 5280;

export interface LatLng {
  latitude: number;
  longitude: number;
}

const toRad = (deg: number) => (deg * Math.PI) / 180;

export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.latitude - a.latitude);
  const dLon = toRad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function distanceFeet(a: LatLng, b: LatLng): number {
  return distanceMiles(a, b) * FEET_PER_MILE;
}

/** A latitude/longitude box that contains every point within `feet` of `center` (for indexed prefilters). */
export function boundingBox(center: LatLng, feet: number) {
  const miles = feet / FEET_PER_MILE;
  const dLat = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const cos = Math.max(Math.cos(toRad(center.latitude)), 1e-6);
  const dLon = dLat / cos;
  return {
    minLat: center.latitude - dLat,
    maxLat: center.latitude + dLat,
    minLon: center.longitude - dLon,
    maxLon: center.longitude + dLon,
  };
}
