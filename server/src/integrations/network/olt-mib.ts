/**
 * The OLT port MIB that the network adapter reads and writes (docs/olt-snmp.md documents it). It sits under the
 * private enterprise number 32473, which RFC 5612 reserves for documentation and examples; a real OLT vendor's MIB
 * is mapped onto the same operations in olt-client.ts.
 *
 *   1.3.6.1.4.1.32473.1.1       ontPortTable
 *   1.3.6.1.4.1.32473.1.1.1     ontPortEntry, indexed by slot and port
 *   1.3.6.1.4.1.32473.1.1.1.C.<slot>.<port>   column C of the port
 */

export const OLT_ENTERPRISE_OID = '1.3.6.1.4.1.32473';
export const ONT_PORT_TABLE_OID = `${OLT_ENTERPRISE_OID}.1.1`;
export const ONT_PORT_ENTRY_OID = `${ONT_PORT_TABLE_OID}.1`;

/** Columns of ontPortEntry. */
export const OltColumn = {
  slot: 1,
  port: 2,
  operStatus: 3,
  rxPowerCentiDbm: 4,
  txPowerCentiDbm: 5,
  inOctets: 6,
  outOctets: 7,
  inErrors: 8,
  ontSerial: 9,
  distanceMeters: 10,
  toneTest: 11,
  /** Write an application action id (Reboot ONT, Refresh Provisioning, ...) to have the OLT carry it out. */
  adminAction: 12,
} as const;

/** The tone-test OID base of SPEC §9: the port's toneTest column; the slot and port are appended. */
export const TONE_TEST_OID_BASE = `${ONT_PORT_ENTRY_OID}.${OltColumn.toneTest}`;

export function columnOid(column: number, slot: number, port: number): string {
  return `${ONT_PORT_ENTRY_OID}.${column}.${slot}.${port}`;
}

export function adminActionOid(slot: number, port: number): string {
  return columnOid(OltColumn.adminAction, slot, port);
}

export function toneTestOid(slot: number, port: number): string {
  return `${TONE_TEST_OID_BASE}.${slot}.${port}`;
}

/** Tone-test values of SPEC §7: 1 loop, 2 network, 3 stop. The agent reports 0 when no test runs. */
export const ToneTestType = { idle: 0, loop: 1, network: 2, stop: 3 } as const;
export type ToneTestRequest = 1 | 2 | 3;

export const OperStatus = { up: 1, down: 2 } as const;
