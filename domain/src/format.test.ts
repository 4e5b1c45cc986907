import { describe, expect, it } from 'vitest';
import { formatPhone, fullAddress, maskSensitive } from './format.js';
import { boundingBox, distanceFeet, distanceMiles } from './geo.js';

describe('formatPhone (SPEC §5: (###)###-####)', () => {
  it.each([
    ['5735550100', '(573)555-0100'],
    ['573-555-0100', '(573)555-0100'],
    ['+1 (573) 555 0100', '(573)555-0100'],
    ['555-0100', '555-0100'],
    ['', ''],
  ])('%s -> %s', (input, output) => expect(formatPhone(input)).toBe(output));
});

describe('maskSensitive (SPEC §5)', () => {
  it('hides all but the last character', () => {
    expect(maskSensitive('secret')).toBe('*****t');
    expect(maskSensitive('x')).toBe('x');
  });

  it('shows the characters after position 14', () => {
    expect(maskSensitive('4111111111111111')).toBe('**************11');
    expect(maskSensitive('abcdefghijklmnopq')).toBe('**************opq');
  });
});

describe('great-circle distance (earth radius 3956 miles)', () => {
  const columbia = { latitude: 38.965, longitude: -92.297 };
  const jeffersonCity = { latitude: 38.5767, longitude: -92.1735 };

  it('measures Columbia to Jefferson City at about 27.6 miles', () => {
    expect(distanceMiles(columbia, jeffersonCity)).toBeCloseTo(27.6, 0);
    expect(distanceMiles(columbia, columbia)).toBe(0);
  });

  it('gives feet and a bounding box that contains the circle', () => {
    const box = boundingBox(columbia, 500);
    const north = { latitude: box.maxLat, longitude: columbia.longitude };
    const east = { latitude: columbia.latitude, longitude: box.maxLon };
    expect(distanceFeet(columbia, north)).toBeCloseTo(500, 0);
    expect(distanceFeet(columbia, east)).toBeGreaterThanOrEqual(499.9);
  });
});

describe('fullAddress', () => {
  it('writes street, unit, city, state and ZIP on one line', () => {
    const clark = { address: '2208 Clark Ln', city: 'Columbia', state: 'MO', zip: '65202' };
    expect(fullAddress({ ...clark, address2: null })).toBe('2208 Clark Ln, Columbia, MO 65202');
    expect(fullAddress({ ...clark, address2: 'Apt 2' })).toBe('2208 Clark Ln, Apt 2, Columbia, MO 65202');
  });

  it('leaves missing parts out, and answers null without a street', () => {
    expect(fullAddress({ address: '1 Main St', city: null, state: 'MO', zip: null })).toBe('1 Main St, MO');
    expect(fullAddress({ address: null, city: 'Columbia', state: 'MO', zip: '65201' })).toBeNull();
  });
});
