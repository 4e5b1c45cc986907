/**
 * Central offices, huts, cabinets and POPs of the demo provider in central Missouri (SPEC §9: about 38, one state).
 * Addresses are plausible street addresses of the named towns; coordinates sit in those towns.
 */

export type CentralOfficeKind = 'Central Office' | 'Hut' | 'Cabinet' | 'POP';

export interface CentralOfficeSeed {
  name: string;
  kind: CentralOfficeKind;
  /** The colo area of the service locations it serves. */
  coloArea: string;
  address: string;
  city: string;
  zip: string;
  latitude: number;
  longitude: number;
}

const co = (
  name: string,
  kind: CentralOfficeKind,
  coloArea: string,
  address: string,
  city: string,
  zip: string,
  latitude: number,
  longitude: number,
): CentralOfficeSeed => ({ name, kind, coloArea, address, city, zip, latitude, longitude });

export const CENTRAL_OFFICE_STATE = 'MO';

export const CENTRAL_OFFICES: readonly CentralOfficeSeed[] = [
  co('Columbia Main CO', 'Central Office', 'CLM-MAIN', '1001 E Walnut St', 'Columbia', '65201', 38.952, -92.329),
  co('Columbia North Hut', 'Hut', 'CLM-NORTH', '2600 N Rangeline St', 'Columbia', '65202', 38.987, -92.32),
  co('Columbia South CO', 'Central Office', 'CLM-SOUTH', '3900 S Providence Rd', 'Columbia', '65203', 38.905, -92.332),
  co('Columbia East Cabinet', 'Cabinet', 'CLM-EAST', '4400 E Broadway', 'Columbia', '65201', 38.956, -92.274),
  co('Columbia West Hut', 'Hut', 'CLM-WEST', '2900 W Broadway', 'Columbia', '65203', 38.956, -92.382),
  co('Columbia Clark Lane Cabinet', 'Cabinet', 'CLM-CLARK', '2210 Clark Ln', 'Columbia', '65202', 38.9678, -92.2952),
  co('Columbia Providence POP', 'POP', 'CLM-POP', '1600 N Providence Rd', 'Columbia', '65202', 38.971, -92.3335),
  co('Columbia Nifong Cabinet', 'Cabinet', 'CLM-NIFONG', '1500 E Nifong Blvd', 'Columbia', '65201', 38.911, -92.312),
  co('Columbia Scott Blvd Hut', 'Hut', 'CLM-SCOTT', '4000 S Scott Blvd', 'Columbia', '65203', 38.902, -92.387),
  co('Columbia Vandiver Cabinet', 'Cabinet', 'CLM-VANDIVER', '1900 Vandiver Dr', 'Columbia', '65202', 38.975, -92.306),
  co(
    'Columbia Bearfield Cabinet',
    'Cabinet',
    'CLM-BEARFIELD',
    '3800 Bearfield Rd',
    'Columbia',
    '65201',
    38.928,
    -92.29,
  ),
  co(
    'Jefferson City Main CO',
    'Central Office',
    'JEF-MAIN',
    '230 E High St',
    'Jefferson City',
    '65101',
    38.577,
    -92.17,
  ),
  co('Jefferson City West Hut', 'Hut', 'JEF-WEST', '3200 W Truman Blvd', 'Jefferson City', '65109', 38.559, -92.238),
  co(
    'Jefferson City Missouri Blvd Cabinet',
    'Cabinet',
    'JEF-MOBLVD',
    '1900 Missouri Blvd',
    'Jefferson City',
    '65109',
    38.57,
    -92.21,
  ),
  co(
    'Jefferson City East Cabinet',
    'Cabinet',
    'JEF-EAST',
    '1400 E McCarty St',
    'Jefferson City',
    '65101',
    38.568,
    -92.15,
  ),
  co('Jefferson City Main Street POP', 'POP', 'JEF-POP', '600 W Main St', 'Jefferson City', '65101', 38.579, -92.182),
  co('Jefferson City South Hut', 'Hut', 'JEF-SOUTH', '2600 Southridge Dr', 'Jefferson City', '65109', 38.54, -92.195),
  co('Holts Summit CO', 'Central Office', 'HLS-CO', '245 S Summit Dr', 'Holts Summit', '65043', 38.6398, -92.1224),
  co('Ashland CO', 'Central Office', 'ASH-CO', '101 E Broadway', 'Ashland', '65010', 38.7745, -92.2571),
  co('Hartsburg Cabinet', 'Cabinet', 'HRT-CAB', '20 S Main St', 'Hartsburg', '65039', 38.6944, -92.3093),
  co('Fulton CO', 'Central Office', 'FUL-CO', '500 Court St', 'Fulton', '65251', 38.8467, -91.9479),
  co('Fulton North Hut', 'Hut', 'FUL-NORTH', '1500 N Business 54', 'Fulton', '65251', 38.87, -91.955),
  co('Kingdom City Cabinet', 'Cabinet', 'KGC-CAB', '3030 County Rd 211', 'Kingdom City', '65262', 38.9456, -91.9393),
  co('Auxvasse Cabinet', 'Cabinet', 'AUX-CAB', '100 E Harrison St', 'Auxvasse', '65231', 39.0186, -91.8982),
  co('Mexico CO', 'Central Office', 'MEX-CO', '200 S Jefferson St', 'Mexico', '65265', 39.1698, -91.8829),
  co('Centralia CO', 'Central Office', 'CEN-CO', '100 S Allen St', 'Centralia', '65240', 39.2103, -92.1377),
  co('Hallsville Hut', 'Hut', 'HAL-HUT', '200 E Hwy 124', 'Hallsville', '65255', 39.117, -92.221),
  co('Sturgeon Cabinet', 'Cabinet', 'STU-CAB', '300 E Patton St', 'Sturgeon', '65284', 39.2339, -92.2813),
  co('Harrisburg Cabinet', 'Cabinet', 'HBG-CAB', '100 S Harris St', 'Harrisburg', '65256', 39.1428, -92.4602),
  co('Moberly CO', 'Central Office', 'MOB-CO', '101 W Reed St', 'Moberly', '65270', 39.4184, -92.4382),
  co('Boonville CO', 'Central Office', 'BNV-CO', '400 Main St', 'Boonville', '65233', 38.9736, -92.7432),
  co('Rocheport Cabinet', 'Cabinet', 'RCH-CAB', '100 Central St', 'Rocheport', '65279', 38.9797, -92.5635),
  co('New Franklin Hut', 'Hut', 'NFR-HUT', '110 E Broadway', 'New Franklin', '65274', 39.017, -92.7377),
  co('Fayette CO', 'Central Office', 'FAY-CO', '100 N Main St', 'Fayette', '65248', 39.1456, -92.6838),
  co('California CO', 'Central Office', 'CAL-CO', '300 N High St', 'California', '65018', 38.6275, -92.5666),
  co('Tipton Hut', 'Hut', 'TIP-HUT', '200 E Morgan St', 'Tipton', '65081', 38.6556, -92.7799),
  co('Russellville Cabinet', 'Cabinet', 'RSV-CAB', '100 W Main St', 'Russellville', '65074', 38.515, -92.4385),
  co('Westphalia Cabinet', 'Cabinet', 'WPH-CAB', '100 E Main St', 'Westphalia', '65085', 38.4406, -91.9985),
];
