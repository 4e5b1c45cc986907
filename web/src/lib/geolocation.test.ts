import { describe, expect, it } from 'vitest';
import { GEOLOCATION_OPTIONS, locate, NO_GEOLOCATION } from './geolocation';

const fake = (outcome: 'ok' | 'error', seen: PositionOptions[] = []): Geolocation =>
  ({
    getCurrentPosition(success: PositionCallback, failure: PositionErrorCallback, options: PositionOptions) {
      seen.push(options);
      if (outcome === 'ok') success({ coords: { latitude: 38.9, longitude: -92.3 } } as GeolocationPosition);
      else failure({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
    },
  }) as unknown as Geolocation;

describe('locate (SPEC §9 geolocation, §8 messages)', () => {
  it('asks for a fresh high-accuracy fix within 5 s', async () => {
    const seen: PositionOptions[] = [];
    expect(await locate(fake('ok', seen))).toEqual({ position: { latitude: 38.9, longitude: -92.3 }, problem: null });
    expect(seen).toEqual([{ enableHighAccuracy: true, timeout: 5000, maximumAge: 0 }]);
    expect(GEOLOCATION_OPTIONS.maximumAge).toBe(0);
  });

  it('falls back to 38.965, -92.297 with the error message', async () => {
    expect(await locate(fake('error'))).toEqual({
      position: { latitude: 38.965, longitude: -92.297 },
      problem: 'User denied Geolocation',
    });
  });

  it("says Can't get geolocation library without one", async () => {
    expect(await locate(undefined)).toEqual({
      position: { latitude: 38.965, longitude: -92.297 },
      problem: NO_GEOLOCATION,
    });
  });
});
