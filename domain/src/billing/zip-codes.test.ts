import { describe, expect, it } from 'vitest';
import { addressMismatches, lookupZip } from './zip-codes.js';

describe('lookupZip (zipCodeLookUp)', () => {
  it('finds the towns of the provider’s area', () => {
    expect(lookupZip('65201')).toEqual({ city: 'Columbia', state: 'MO', county: 'Boone' });
    expect(lookupZip(' 65109 ')).toMatchObject({ city: 'Jefferson City', state: 'MO' });
    expect(lookupZip('65251')?.city).toBe('Fulton');
  });

  it('knows nothing outside the area or of malformed codes', () => {
    expect(lookupZip('10001')).toBeNull();
    expect(lookupZip('6520')).toBeNull();
    expect(lookupZip('65201-1234')).toBeNull();
  });
});

describe('addressMismatches', () => {
  it('accepts a matching area address in any letter case', () => {
    expect(addressMismatches({ vcCity: 'columbia', vcState: 'mo', vcZip: '65202' })).toEqual({});
  });

  it('names the city and state a known ZIP belongs to', () => {
    expect(addressMismatches({ vcCity: 'Fulton', vcState: 'KS', vcZip: '65201' })).toEqual({
      vcCity: 'ZIP code 65201 is Columbia, MO.',
      vcState: 'ZIP code 65201 is in MO.',
    });
  });

  it('keeps Missouri ZIP codes and MO together elsewhere', () => {
    expect(addressMismatches({ vcCity: 'Chicago', vcState: 'MO', vcZip: '60601' })).toEqual({
      vcZip: 'A Missouri ZIP code runs from 63001 to 65899.',
    });
    expect(addressMismatches({ vcCity: 'St. Louis', vcState: 'IL', vcZip: '63101' })).toEqual({
      vcState: 'ZIP code 63101 is in MO.',
    });
    expect(addressMismatches({ vcCity: 'St. Louis', vcState: 'MO', vcZip: '63101' })).toEqual({});
    expect(addressMismatches({ vcCity: 'Denver', vcState: 'CO', vcZip: '80202' })).toEqual({});
  });
});
