/**
 * The position for Nearby (SPEC §9): high accuracy, 5 s time-out, no cached position; when there is no geolocation
 * or it fails, the fallback location about 38.965, -92.297 and the message of SPEC §8.
 */
import { FALLBACK_LOCATION, type LatLng } from '@strand/domain';

export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 };
export const NO_GEOLOCATION = "Can't get geolocation library";

export interface Located {
  position: LatLng;
  /** Why the fallback location is used, or null for a real fix. */
  problem: string | null;
}

export function locate(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<Located> {
  const fallback = (problem: string): Located => ({ position: { ...FALLBACK_LOCATION }, problem });
  if (!geolocation) return Promise.resolve(fallback(NO_GEOLOCATION));
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (p) => resolve({ position: { latitude: p.coords.latitude, longitude: p.coords.longitude }, problem: null }),
      (error) => resolve(fallback(error.message || 'The position is not available.')),
      GEOLOCATION_OPTIONS,
    );
  });
}
