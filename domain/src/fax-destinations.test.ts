import { describe, expect, it } from 'vitest';
import { classifyFaxDestination, faxDestinationProblem } from './fax-destinations.js';

const domesticOnly = { internationalFaxing: false };
const international = { internationalFaxing: true };

describe('classifyFaxDestination: what a typed fax number is', () => {
  it('reads US and Canadian numbers (US territories included) as domestic, 10 digits', () => {
    for (const [typed, number] of [
      ['(573) 555-0150', '5735550150'],
      ['1-573-555-0150', '5735550150'],
      ['+1 573 555 0150', '5735550150'],
      ['011 1 573 555 0150', '5735550150'],
      ['416 555 0199', '4165550199'], // Toronto
      ['787 555 0100', '7875550100'], // Puerto Rico
      ['939 555 0100', '9395550100'],
      ['340 555 0100', '3405550100'], // US Virgin Islands
      ['671 555 0100', '6715550100'], // Guam
      ['670 555 0100', '6705550100'],
      ['684 555 0100', '6845550100'],
      ['501 555 0100', '5015550100'], // Arkansas: a geographic 5XX code
    ]) {
      expect(classifyFaxDestination(typed as string), typed).toEqual({ ok: true, kind: 'domestic', number });
    }
  });

  it('reads toll-free numbers as toll-free', () => {
    for (const area of ['800', '833', '844', '855', '866', '877', '888']) {
      expect(classifyFaxDestination(`1 (${area}) 555-0199`)).toEqual({
        ok: true,
        kind: 'toll-free',
        number: `${area}5550199`,
      });
    }
    expect(classifyFaxDestination('800 976 0199')).toMatchObject({ ok: true, kind: 'toll-free' });
  });

  it('refuses premium-rate numbers for every account: area code 900 and the 976 exchange', () => {
    for (const typed of ['900-555-0199', '1 900 555 0199', '+1 900 555 0199', '011 1 900 555 0199']) {
      const d = classifyFaxDestination(typed);
      expect(d.ok, typed).toBe(false);
      if (!d.ok) expect(d.problem).toMatch(/900-555-0199 is a premium-rate \(pay-per-call\) number/);
    }
    const local = classifyFaxDestination('(573) 976-0199');
    expect(local).toMatchObject({ ok: false, problem: expect.stringMatching(/573-976-0199 is a premium-rate/) });
    expect(faxDestinationProblem('573 976 0199', international)).toMatch(/premium-rate/);
    expect(faxDestinationProblem('900 555 0199', international)).toMatch(/premium-rate/);
  });

  it('refuses non-geographic service codes (500, 700, 456, 710, 5XX personal numbers, reserved toll-free)', () => {
    for (const area of ['200', '500', '522', '533', '544', '566', '577', '588', '600', '622', '700', '456', '710']) {
      const d = classifyFaxDestination(`${area} 555 0199`);
      expect(d, area).toMatchObject({ ok: false, problem: expect.stringMatching(/is a special service code/) });
    }
    expect(classifyFaxDestination('822 555 0199')).toMatchObject({ ok: false });
    expect(classifyFaxDestination('899 555 0199')).toMatchObject({ ok: false });
  });

  it('reads the NANP countries outside the US and Canada as international-rate, naming the country', () => {
    const places: Record<string, string> = {
      '876': 'Jamaica',
      '658': 'Jamaica',
      '809': 'the Dominican Republic',
      '829': 'the Dominican Republic',
      '849': 'the Dominican Republic',
      '473': 'Grenada',
      '268': 'Antigua and Barbuda',
      '242': 'the Bahamas',
      '246': 'Barbados',
      '264': 'Anguilla',
      '284': 'the British Virgin Islands',
      '345': 'the Cayman Islands',
      '441': 'Bermuda',
      '649': 'the Turks and Caicos Islands',
      '664': 'Montserrat',
      '721': 'Sint Maarten',
      '758': 'Saint Lucia',
      '767': 'Dominica',
      '784': 'Saint Vincent and the Grenadines',
      '868': 'Trinidad and Tobago',
      '869': 'Saint Kitts and Nevis',
    };
    for (const [area, place] of Object.entries(places)) {
      expect(classifyFaxDestination(`1 ${area} 555 0199`)).toEqual({
        ok: true,
        kind: 'international-rate',
        number: `${area}5550199`,
        place,
      });
    }
  });

  it('reads 011 and + numbers with another country code as international, kept as 011 and the digits', () => {
    expect(classifyFaxDestination('011 44 20 7946 0958')).toEqual({
      ok: true,
      kind: 'international',
      number: '011442079460958',
    });
    expect(classifyFaxDestination('+44 20 7946 0958')).toEqual({
      ok: true,
      kind: 'international',
      number: '011442079460958',
    });
  });

  it('refuses malformed numbers with a message saying what is allowed', () => {
    const problems: [string, RegExp][] = [
      ['', /required/],
      ['call me', /only digits/],
      ['555-0150', /10 digits, like \(573\) 555-0123/],
      ['(073) 555-0150', /not a dialable US number/],
      ['(573) 155-0150', /not a dialable US number/],
      ['911-555-0150', /not a dialable/],
      ['573-911-0150', /not a dialable/],
      ['1 573 555 01500', /10 digits/],
      ['573+555+0150', /\+ only at its start/],
      ['+1 573 555 015', /10 digits after the \+1/],
      ['011 44 12', /7 to 15 digits after the 011/],
      ['+44 1234 5678 9012 3456', /7 to 15 digits/],
      ['+0 123 456 7890', /country code does not start with 0/],
    ];
    for (const [typed, message] of problems) {
      const d = classifyFaxDestination(typed);
      expect(d.ok, typed).toBe(false);
      if (!d.ok) expect(d.problem, typed).toMatch(message);
    }
  });
});

describe('faxDestinationProblem: what an account may fax', () => {
  it('lets every account fax US, Canadian and toll-free numbers', () => {
    for (const typed of ['573 555 0150', '416 555 0199', '787 555 0100', '800 555 0199', '1 888 555 0199']) {
      expect(faxDestinationProblem(typed, domesticOnly), typed).toBeNull();
      expect(faxDestinationProblem(typed, international), typed).toBeNull();
    }
  });

  it('refuses international-rate and international numbers without international faxing, saying what is allowed', () => {
    expect(faxDestinationProblem('(876) 555-0199', domesticOnly)).toBe(
      'Fax number 876-555-0199 is in Jamaica, an international call. Faxes can go to US and Canadian fax numbers (10 digits, like (573) 555-0123) and toll-free numbers. To fax there, ask us to turn on international faxing for your account.',
    );
    expect(faxDestinationProblem('809 555 0199', domesticOnly)).toMatch(/the Dominican Republic, an international/);
    expect(faxDestinationProblem('011 44 20 7946 0958', domesticOnly)).toMatch(
      /^Fax number 011 44 20 7946 0958 is an international number\. Faxes can go to US and Canadian/,
    );
    expect(faxDestinationProblem('+33 1 23 45 67 89', domesticOnly)).toMatch(/international number/);
  });

  it('allows them with international faxing, but never premium-rate or service codes', () => {
    expect(faxDestinationProblem('876 555 0199', international)).toBeNull();
    expect(faxDestinationProblem('011 44 20 7946 0958', international)).toBeNull();
    expect(faxDestinationProblem('900 555 0199', international)).toMatch(/premium-rate/);
    expect(faxDestinationProblem('700 555 0199', international)).toMatch(/special service code/);
  });
});
