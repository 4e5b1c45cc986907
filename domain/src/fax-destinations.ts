/**
 * Where a fax may be sent (issue 25 finding 6, toll fraud). The provider's fax plan covers calls to US and Canadian
 * numbers (the US territories included) and to toll-free numbers. Refused always: premium-rate pay-per-call numbers
 * (area code 900, exchange 976) and the other non-geographic NANP service codes. International-rate destinations
 * (the NANP countries outside the US and Canada, like Jamaica 876, and any 011/+ number) only from an account with
 * international faxing turned on (checked by the server against the account).
 *
 * A number is normalized to 10 digits (North America) or `011` and the digits that follow (international).
 */

/** The toll-free area codes in service; the other codes whose 2nd and 3rd digits match are not geographic. */
export const FAX_TOLL_FREE_AREA_CODES = ['800', '833', '844', '855', '866', '877', '888'] as const;

/**
 * NANP area codes of countries outside the US and Canada: dialled like a US number, billed at international rates.
 * (The US territories, 340 670 671 684 787 939, are domestic.)
 */
export const FAX_INTERNATIONAL_RATE_AREA_CODES: Readonly<Record<string, string>> = {
  '242': 'the Bahamas',
  '246': 'Barbados',
  '264': 'Anguilla',
  '268': 'Antigua and Barbuda',
  '284': 'the British Virgin Islands',
  '345': 'the Cayman Islands',
  '441': 'Bermuda',
  '473': 'Grenada',
  '649': 'the Turks and Caicos Islands',
  '658': 'Jamaica',
  '664': 'Montserrat',
  '721': 'Sint Maarten',
  '758': 'Saint Lucia',
  '767': 'Dominica',
  '784': 'Saint Vincent and the Grenadines',
  '809': 'the Dominican Republic',
  '829': 'the Dominican Republic',
  '849': 'the Dominican Republic',
  '868': 'Trinidad and Tobago',
  '869': 'Saint Kitts and Nevis',
  '876': 'Jamaica',
};

/** Premium-rate (pay-per-call) codes: the 900 area code, and the 976 exchange in any area code. */
export const FAX_PREMIUM_AREA_CODES = ['900'] as const;
export const FAX_PREMIUM_EXCHANGES = ['976'] as const;

/**
 * Non-geographic area codes besides the "easily recognizable" ones (2nd digit = 3rd digit: 500, 600, 700, 522,
 * 533, …, which are all service codes): 456 inbound international carrier services, 710 US government, and the 5XX
 * personal communications (follow-me) codes. None of them is a place the fax plan covers.
 */
export const FAX_NON_GEOGRAPHIC_AREA_CODES = [
  '456',
  '710',
  '521',
  '523',
  '524',
  '525',
  '526',
  '527',
  '528',
  '529',
  '532',
  '535',
  '538',
  '542',
  '543',
  '545',
  '546',
  '547',
  '549',
  '550',
  '552',
  '553',
  '554',
  '556',
  '558',
  '569',
  '578',
  '589',
] as const;

/** What the plan covers, in the words every refusal ends with. */
export const FAX_DESTINATIONS_ALLOWED =
  'Faxes can go to US and Canadian fax numbers (10 digits, like (573) 555-0123) and toll-free numbers.';
const ASK_FOR_INTERNATIONAL = 'To fax there, ask us to turn on international faxing for your account.';

export type FaxDestinationKind =
  /** A US or Canadian number (US territories included). */
  | 'domestic'
  | 'toll-free'
  /** A NANP number of a country outside the US and Canada (Jamaica, the Dominican Republic, …). */
  | 'international-rate'
  /** 011 (or +) and a country code other than 1. */
  | 'international';

export type FaxDestination =
  | { ok: true; kind: FaxDestinationKind; number: string; place?: string }
  | { ok: false; problem: string };

const refuse = (problem: string): FaxDestination => ({ ok: false, problem });
const shown = (d: string) => `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;

/** A 10-digit North American number classified (premium and non-geographic codes refused). */
function northAmerican(digits: string): FaxDestination {
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  if (!/^[2-9]/.test(area) || !/^[2-9]/.test(exchange) || /^[2-9]11$/.test(area) || /^[2-9]11$/.test(exchange)) {
    return refuse(
      'Fax number is not a dialable US number: the area code and exchange start with 2 to 9 and are not N11 codes.',
    );
  }
  if ((FAX_PREMIUM_AREA_CODES as readonly string[]).includes(area)) {
    return refuse(`Fax number ${shown(digits)} is a premium-rate (pay-per-call) number. ${FAX_DESTINATIONS_ALLOWED}`);
  }
  if ((FAX_TOLL_FREE_AREA_CODES as readonly string[]).includes(area)) {
    return { ok: true, kind: 'toll-free', number: digits };
  }
  if ((FAX_PREMIUM_EXCHANGES as readonly string[]).includes(exchange)) {
    return refuse(
      `Fax number ${shown(digits)} is a premium-rate (pay-per-call) number: ${exchange} numbers are charged by the call. ${FAX_DESTINATIONS_ALLOWED}`,
    );
  }
  if (area[1] === area[2] || (FAX_NON_GEOGRAPHIC_AREA_CODES as readonly string[]).includes(area)) {
    return refuse(
      `Fax number ${shown(digits)} is not a US or Canadian number: area code ${area} is a special service code. ${FAX_DESTINATIONS_ALLOWED}`,
    );
  }
  const place = FAX_INTERNATIONAL_RATE_AREA_CODES[area];
  if (place) return { ok: true, kind: 'international-rate', number: digits, place };
  return { ok: true, kind: 'domestic', number: digits };
}

/**
 * Reads a fax number as typed (digits, spaces, ( ) - and +): a North American number (10 digits, an optional leading
 * 1 or +1) or an international one (011 or +, the country code and the number: 7 to 15 digits). Premium-rate and
 * non-geographic numbers are refused here whatever the account; an international-rate one is `ok` with its kind.
 */
export function classifyFaxDestination(value: string): FaxDestination {
  const v = value.trim();
  if (v === '') return refuse('Fax number is required.');
  if (/[^\d\s().+-]/.test(v)) return refuse('Fax number may contain only digits, spaces, ( ) - and +.');
  if (v.indexOf('+') > 0 || v.split('+').length > 2) return refuse('Fax number may have a + only at its start.');
  const digits = v.replace(/\D/g, '');
  let international: string | null = null;
  if (v.startsWith('+')) international = digits;
  else if (digits.startsWith('011')) international = digits.slice(3);
  if (international !== null) {
    // +1 or 011 1: a North American number written the international way.
    if (international.startsWith('1')) {
      const national = international.slice(1);
      if (national.length !== 10) return refuse('Fax number must be 10 digits after the +1, like +1 573 555 0123.');
      return northAmerican(national);
    }
    if (international.length < 7 || international.length > 15) {
      return refuse(
        'An international fax number is 011 (or +), the country code and the number: 7 to 15 digits after the 011.',
      );
    }
    if (international.startsWith('0')) return refuse('A country code does not start with 0: check the number.');
    return { ok: true, kind: 'international', number: `011${international}` };
  }
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return refuse('Fax number must be 10 digits, like (573) 555-0123.');
  return northAmerican(national);
}

/**
 * Why a fax may not go to `value` from an account (null when it may): the number's own problem, or an
 * international-rate destination from an account without international faxing.
 */
export function faxDestinationProblem(value: string, account: { internationalFaxing: boolean }): string | null {
  const d = classifyFaxDestination(value);
  if (!d.ok) return d.problem;
  if (account.internationalFaxing) return null;
  if (d.kind === 'international-rate') {
    return `Fax number ${shown(d.number)} is in ${d.place}, an international call. ${FAX_DESTINATIONS_ALLOWED} ${ASK_FOR_INTERNATIONAL}`;
  }
  if (d.kind === 'international') {
    return `Fax number ${value.trim()} is an international number. ${FAX_DESTINATIONS_ALLOWED} ${ASK_FOR_INTERNATIONAL}`;
  }
  return null;
}
