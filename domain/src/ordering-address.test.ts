import { describe, expect, it } from 'vitest';
import {
  addressKey,
  areaKindOf,
  boundsOf,
  displayStreet,
  editDistance,
  normalizeStreet,
  normalizeUnit,
  packageSoldIn,
  parseStreetLine,
  pointInPolygon,
  similarStreets,
} from './ordering-address.js';

describe('address normalization', () => {
  it('abbreviates suffixes and directions the USPS way', () => {
    expect(normalizeStreet('clark lane')).toBe('CLARK LN');
    expect(normalizeStreet('East Broadway')).toBe('E BROADWAY');
    expect(normalizeStreet('N. Providence Road')).toBe('N PROVIDENCE RD');
    expect(normalizeStreet('Old Highway 63')).toBe('OLD HIGHWAY 63');
    expect(displayStreet('E BROADWAY')).toBe('E Broadway');
    expect(displayStreet('CLARK LN')).toBe('Clark Ln');
  });

  it('reads the house number and the unit', () => {
    expect(parseStreetLine('2208 Clark Lane')).toEqual({ number: '2208', street: 'CLARK LN' });
    expect(parseStreetLine('12b main st')).toEqual({ number: '12B', street: 'MAIN ST' });
    expect(parseStreetLine('Clark Ln')).toBeNull();
    expect(normalizeUnit('Apt. 4b')).toBe('4B');
    expect(normalizeUnit('#12')).toBe('12');
    expect(normalizeUnit('Suite 200')).toBe('200');
    expect(normalizeUnit('')).toBe('');
  });

  it('gives one key to the same address however it is written', () => {
    const a = addressKey({ number: '2208', street: 'Clark Lane', unit: 'Apt 1', zip: '65202' });
    expect(a).toBe('2208|CLARK LN|1|65202');
    expect(addressKey({ number: '2208', street: 'CLARK LN', unit: '#1', zip: ' 65202 ' })).toBe(a);
  });
});

describe('suggestions', () => {
  it('measures edits', () => {
    expect(editDistance('CLARK LN', 'CLRAK LN')).toBe(2);
    expect(editDistance('', 'ABC')).toBe(3);
    expect(editDistance('SAME', 'SAME')).toBe(0);
  });

  it('finds close street names only, best first', () => {
    const streets = ['CLARK LN', 'CLARKE ST', 'RICE RD', 'PARIS RD'];
    expect(similarStreets('Clrak Ln', streets)).toEqual(['CLARK LN']);
    expect(similarStreets('Clark St', streets)[0]).toBe('CLARKE ST');
    expect(similarStreets('Zebra Way', streets)).toEqual([]);
    // The exact street is not a suggestion of itself.
    expect(similarStreets('Clark Ln', streets)).not.toContain('CLARK LN');
  });
});

describe('point in polygon', () => {
  const square = {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
    ],
  };
  const withHole = {
    type: 'Polygon',
    coordinates: [
      square.coordinates[0],
      [
        [4, 4],
        [6, 4],
        [6, 6],
        [4, 6],
        [4, 4],
      ],
    ],
  };
  it('tests inside, outside and holes (GeoJSON [lng, lat])', () => {
    expect(pointInPolygon(5, 5, square)).toBe(true);
    expect(pointInPolygon(11, 5, square)).toBe(false);
    expect(pointInPolygon(5, -1, square)).toBe(false);
    expect(pointInPolygon(5, 5, withHole)).toBe(false);
    expect(pointInPolygon(2, 2, withHole)).toBe(true);
    expect(
      pointInPolygon(5, 5, {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [20, 20],
              [30, 20],
              [30, 30],
              [20, 20],
            ],
          ],
          square.coordinates,
        ],
      }),
    ).toBe(true);
    expect(pointInPolygon(5, 5, { type: 'LineString', coordinates: [] })).toBe(false);
  });

  it('boxes a polygon for the index', () => {
    expect(
      boundsOf({
        type: 'Polygon',
        coordinates: [
          [
            [-92.3, 38.9],
            [-92.2, 38.9],
            [-92.25, 39.0],
            [-92.3, 38.9],
          ],
        ],
      }),
    ).toEqual({
      minLat: 38.9,
      maxLat: 39.0,
      minLng: -92.3,
      maxLng: -92.2,
    });
    expect(boundsOf({ type: 'Point', coordinates: [0, 0] })).toBeNull();
  });
});

describe('area rules', () => {
  it('service now wins over construction and sign-up; nothing is outside', () => {
    expect(areaKindOf(['signup', 'fiber'])).toBe('fiber');
    expect(areaKindOf(['business_fiber'])).toBe('business_fiber');
    expect(areaKindOf(['signup', 'construction'])).toBe('construction');
    expect(areaKindOf([])).toBe('outside');
  });

  it('sells a package only in its area kinds', () => {
    expect(packageSoldIn('fiber', ['fiber'])).toBe(true);
    expect(packageSoldIn('fiber,business_fiber', ['business_fiber'])).toBe(true);
    expect(packageSoldIn('business_fiber', ['fiber'])).toBe(false);
    expect(packageSoldIn('', ['fiber'])).toBe(false);
  });
});
