/**
 * Built-in ZIP codes of the provider's area (central Missouri) for zipCodeLookUp (SPEC §7), and the address checks
 * that use them. Outside the area a ZIP is not looked up, only checked for its shape and, for Missouri, its range.
 */

export interface ZipPlace {
  city: string;
  state: string;
  county: string;
}

const place = (city: string, county: string): ZipPlace => ({ city, state: 'MO', county });

/** ZIP -> place for Boone, Cole, Callaway and the neighbouring counties the provider serves. */
export const AREA_ZIP_CODES: Readonly<Record<string, ZipPlace>> = {
  '65201': place('Columbia', 'Boone'),
  '65202': place('Columbia', 'Boone'),
  '65203': place('Columbia', 'Boone'),
  '65205': place('Columbia', 'Boone'),
  '65211': place('Columbia', 'Boone'),
  '65212': place('Columbia', 'Boone'),
  '65215': place('Columbia', 'Boone'),
  '65216': place('Columbia', 'Boone'),
  '65217': place('Columbia', 'Boone'),
  '65218': place('Columbia', 'Boone'),
  '65010': place('Ashland', 'Boone'),
  '65039': place('Hartsburg', 'Boone'),
  '65240': place('Centralia', 'Boone'),
  '65255': place('Hallsville', 'Boone'),
  '65256': place('Harrisburg', 'Boone'),
  '65279': place('Rocheport', 'Boone'),
  '65284': place('Sturgeon', 'Boone'),
  '65101': place('Jefferson City', 'Cole'),
  '65102': place('Jefferson City', 'Cole'),
  '65103': place('Jefferson City', 'Cole'),
  '65104': place('Jefferson City', 'Cole'),
  '65105': place('Jefferson City', 'Cole'),
  '65106': place('Jefferson City', 'Cole'),
  '65107': place('Jefferson City', 'Cole'),
  '65108': place('Jefferson City', 'Cole'),
  '65109': place('Jefferson City', 'Cole'),
  '65110': place('Jefferson City', 'Cole'),
  '65111': place('Jefferson City', 'Cole'),
  '65023': place('Centertown', 'Cole'),
  '65032': place('Eugene', 'Cole'),
  '65053': place('Lohman', 'Cole'),
  '65074': place('Russellville', 'Cole'),
  '65076': place('Saint Thomas', 'Cole'),
  '65043': place('Holts Summit', 'Callaway'),
  '65063': place('New Bloomfield', 'Callaway'),
  '65059': place('Mokane', 'Callaway'),
  '65080': place('Tebbetts', 'Callaway'),
  '65231': place('Auxvasse', 'Callaway'),
  '65251': place('Fulton', 'Callaway'),
  '65262': place('Kingdom City', 'Callaway'),
  '65233': place('Boonville', 'Cooper'),
  '65068': place('Prairie Home', 'Cooper'),
  '65276': place('Pilot Grove', 'Cooper'),
  '65248': place('Fayette', 'Howard'),
  '65254': place('Glasgow', 'Howard'),
  '65274': place('New Franklin', 'Howard'),
  '65018': place('California', 'Moniteau'),
  '65046': place('Jamestown', 'Moniteau'),
  '65081': place('Tipton', 'Moniteau'),
  '65051': place('Linn', 'Osage'),
  '65054': place('Loose Creek', 'Osage'),
  '65058': place('Meta', 'Osage'),
  '65085': place('Westphalia', 'Osage'),
  '65265': place('Mexico', 'Audrain'),
  '65270': place('Moberly', 'Randolph'),
  '65243': place('Clark', 'Randolph'),
  '65257': place('Higbee', 'Randolph'),
  '65259': place('Huntsville', 'Randolph'),
  '65026': place('Eldon', 'Miller'),
  '65049': place('Lake Ozark', 'Miller'),
  '65065': place('Osage Beach', 'Camden'),
  '65084': place('Versailles', 'Morgan'),
  '65301': place('Sedalia', 'Pettis'),
  '65340': place('Marshall', 'Saline'),
  '65041': place('Hermann', 'Gasconade'),
  '65066': place('Owensville', 'Gasconade'),
};

export const ZIP_PATTERN = /^\d{5}$/;
export const ZIP_FOUR_PATTERN = /^\d{4}$/;

/** The place of a ZIP code of the provider's area, or null. */
export function lookupZip(zip: string): ZipPlace | null {
  const trimmed = zip.trim();
  return ZIP_PATTERN.test(trimmed) ? (AREA_ZIP_CODES[trimmed] ?? null) : null;
}

/** USPS codes of the states, DC and the territories. */
export const US_STATE_CODES: readonly string[] = (
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH ' +
  'NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP'
).split(' ');

/** Missouri's ZIP codes run from 63001 to 65899. */
const isMissouriZip = (zip: string) => zip >= '63000' && zip <= '65899';

export interface AddressParts {
  vcCity: string;
  vcState: string;
  vcZip: string;
}

/**
 * Whether city, state and ZIP belong together: a ZIP of the area must name its own city and state, and a
 * Missouri ZIP must go with MO (and MO with a Missouri ZIP). Returns a message per field that is wrong.
 */
export function addressMismatches(address: AddressParts): Partial<Record<keyof AddressParts, string>> {
  const problems: Partial<Record<keyof AddressParts, string>> = {};
  const state = address.vcState.trim().toUpperCase();
  const zip = address.vcZip.trim();
  const known = lookupZip(zip);
  if (known) {
    if (known.state !== state) problems.vcState = `ZIP code ${zip} is in ${known.state}.`;
    if (known.city.toLowerCase() !== address.vcCity.trim().toLowerCase()) {
      problems.vcCity = `ZIP code ${zip} is ${known.city}, ${known.state}.`;
    }
    return problems;
  }
  if (state === 'MO' && !isMissouriZip(zip)) problems.vcZip = 'A Missouri ZIP code runs from 63001 to 65899.';
  if (state !== 'MO' && isMissouriZip(zip)) problems.vcState = `ZIP code ${zip} is in MO.`;
  return problems;
}
