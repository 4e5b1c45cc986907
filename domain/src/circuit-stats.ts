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
  RxPower: 'Receive power',
  TxPower: 'Transmit power',
  InOctets: 'Data received',
  OutOctets: 'Data sent',
  InErrors: 'Errored frames',
  ONTSerial: 'ONT serial',
  DistanceMeters: 'Fiber distance',
  ToneTest: 'Tone test',
  Uptime: 'Up for',
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
  /** The value in plain words with its unit ('-18.50 dBm', '487 MB', '3 d 4 h'). */
  value: string;
  status?: SignalStatus;
}

/** The rows of the stats page, in the server's order. A dark port's 'n/a' power is bad (no light). */
export function circuitStatRows(stats: Readonly<Record<string, string>>): CircuitStatRow[] {
  return Object.entries(stats).map(([key, raw]) => {
    const label = circuitStatLabel(key);
    if (!OPTICAL_POWER_RANGES[key]) return { key, label, value: statValueText(key, raw) };
    const dbm = parseDbm(raw);
    return { key, label, value: raw, status: dbm === undefined ? 'bad' : opticalPowerStatus(key, dbm) };
  });
}

export const SIGNAL_STATUS_TEXT: Readonly<Record<SignalStatus, string>> = {
  good: 'Good',
  warn: 'Marginal',
  bad: 'Bad',
};

/** A count of bytes in B, KB, MB, GB or TB (1000s, as network counters are read): 510554779 → '511 MB'. */
export function formatByteCount(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'n/a';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** A duration in seconds as days, hours and minutes, the two largest parts: 273600 → '3 d 4 h'; 59 → 'under 1 min'. */
export function formatUptime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return 'n/a';
  const parts: [number, string][] = [
    [Math.floor(seconds / 86_400), 'd'],
    [Math.floor((seconds % 86_400) / 3_600), 'h'],
    [Math.floor((seconds % 3_600) / 60), 'min'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first === -1) return 'under 1 min';
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
}

const TONE_TEST_TEXT: Readonly<Record<string, string>> = {
  idle: 'Not running',
  loop: 'Loop test running',
  network: 'Network test running',
  unknown: 'Unknown',
};

/** A stat's value in plain words with its unit; values that are not numbers stay as the server sent them. */
export function statValueText(key: string, raw: string): string {
  const n = Number(raw);
  const numeric = raw.trim() !== '' && Number.isFinite(n);
  switch (key) {
    case 'InOctets':
    case 'OutOctets':
      return numeric ? formatByteCount(n) : raw;
    case 'InErrors':
      return numeric ? n.toLocaleString('en-US') : raw;
    case 'DistanceMeters':
      return numeric ? `${n.toLocaleString('en-US')} m` : raw;
    case 'Uptime':
      return numeric ? formatUptime(n) : raw;
    case 'ToneTest':
      return TONE_TEST_TEXT[raw] ?? raw;
    default:
      return raw;
  }
}
