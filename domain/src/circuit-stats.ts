/**
 * Readable circuit stats: a label for each raw key of GET …/circuitStats (server/src/modules/circuits), and the
 * good/warn/bad ranges of the optical levels. Pure: the page shows the label, the raw key (small, for support calls)
 * and, for optical power, the status.
 */

export type SignalStatus = 'good' | 'warn' | 'bad';

/** A label for every key the server sends (keys not listed show as they are). */
export const CIRCUIT_STAT_LABELS: Readonly<Record<string, string>> = {
  vcServerIP: 'OLT address',
  nSlot: 'Slot',
  nPort: 'Port',
  vcCircuitID: 'Circuit ID',
  vcProduct: 'Product',
  OperStatus: 'Port status',
  RxPower: 'Receive power (dBm)',
  TxPower: 'Transmit power (dBm)',
  InOctets: 'Bytes received',
  OutOctets: 'Bytes sent',
  InErrors: 'Errored frames',
  ONTSerial: 'ONT serial',
  DistanceMeters: 'Fiber distance (m)',
  ToneTest: 'Tone test',
};

export function circuitStatLabel(key: string): string {
  return CIRCUIT_STAT_LABELS[key] ?? key;
}

/**
 * A range in dBm: `good` from `good[0]` (the weaker end) to `good[1]`; `warn` from `warn[0]` up to the good range;
 * anything else is bad (too weak, or too strong: overload).
 */
interface PowerRange {
  good: readonly [number, number];
  warn: readonly [number, number];
}

/** Typical GPON levels: ONT receive power −8 to −27 dBm good, −27 to −30 marginal; ONT transmit +0.5 to +5 dBm. */
export const OPTICAL_POWER_RANGES: Readonly<Record<string, PowerRange>> = {
  RxPower: { good: [-27, -8], warn: [-30, -27] },
  TxPower: { good: [0.5, 5], warn: [-1, 0.5] },
};

/** The status of a power reading in dBm by its key's range (undefined for keys without a range). */
export function opticalPowerStatus(key: string, dbm: number): SignalStatus | undefined {
  const range = OPTICAL_POWER_RANGES[key];
  if (!range || !Number.isFinite(dbm)) return undefined;
  if (dbm >= range.good[0] && dbm <= range.good[1]) return 'good';
  if (dbm >= range.warn[0] && dbm < range.good[0]) return 'warn';
  return 'bad';
}

/** The number of a stat value such as '-18.50 dBm' (undefined for 'n/a' and other text). */
export function parseDbm(value: string): number | undefined {
  const match = /^\s*([-+]?\d+(?:\.\d+)?)\s*(?:dBm)?\s*$/i.exec(value);
  return match ? Number(match[1]) : undefined;
}

export interface CircuitStatRow {
  key: string;
  label: string;
  /** The value as the server sent it ('-18.50 dBm'). */
  value: string;
  status?: SignalStatus;
}

/** The rows of the stats page, in the server's order. A dark port's 'n/a' power is bad (no light). */
export function circuitStatRows(stats: Readonly<Record<string, string>>): CircuitStatRow[] {
  return Object.entries(stats).map(([key, raw]) => {
    const label = circuitStatLabel(key);
    if (!OPTICAL_POWER_RANGES[key]) return { key, label, value: raw };
    const dbm = parseDbm(raw);
    return { key, label, value: raw, status: dbm === undefined ? 'bad' : opticalPowerStatus(key, dbm) };
  });
}

export const SIGNAL_STATUS_TEXT: Readonly<Record<SignalStatus, string>> = {
  good: 'Good',
  warn: 'Marginal',
  bad: 'Bad',
};
