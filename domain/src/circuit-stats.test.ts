import { describe, expect, it } from 'vitest';
import {
  circuitStatLabel,
  circuitStatRows,
  formatByteCount,
  formatUptime,
  opticalPowerStatus,
  parseDbm,
  statValueText,
} from './circuit-stats.js';

describe('optical power ranges (typical GPON)', () => {
  it.each([
    [-8, 'good'],
    [-18.5, 'good'],
    [-27, 'good'],
    [-27.01, 'warn'],
    [-30, 'warn'],
    [-30.01, 'bad'],
    [-40, 'bad'],
    [-7.99, 'bad'],
    [0, 'bad'],
  ])('receive power %s dBm is %s', (dbm, status) => {
    expect(opticalPowerStatus('RxPower', dbm)).toBe(status);
  });

  it.each([
    [0.5, 'good'],
    [2.5, 'good'],
    [5, 'good'],
    [0, 'warn'],
    [-1, 'warn'],
    [-1.5, 'bad'],
    [6, 'bad'],
  ])('transmit power %s dBm is %s', (dbm, status) => {
    expect(opticalPowerStatus('TxPower', dbm)).toBe(status);
  });

  it('has no status for keys without a range', () => {
    expect(opticalPowerStatus('nPort', 3)).toBeUndefined();
  });
});

describe('labels and rows', () => {
  it('labels the raw keys and leaves unknown keys as they are', () => {
    expect(circuitStatLabel('vcServerIP')).toBe('OLT address');
    expect(circuitStatLabel('nPort')).toBe('Port');
    expect(circuitStatLabel('nSlot')).toBe('Slot');
    expect(circuitStatLabel('RxPower')).toBe('Receive power');
    expect(circuitStatLabel('TxPower')).toBe('Transmit power');
    expect(circuitStatLabel('somethingNew')).toBe('somethingNew');
  });

  it('parses the server’s dBm text', () => {
    expect(parseDbm('-18.50 dBm')).toBe(-18.5);
    expect(parseDbm('2.10 dBm')).toBe(2.1);
    expect(parseDbm('n/a')).toBeUndefined();
  });

  it('builds rows with the server’s value and a status for optical power', () => {
    expect(circuitStatRows({ nPort: '3', RxPower: '-28.00 dBm', TxPower: 'n/a' })).toEqual([
      { key: 'nPort', label: 'Port', value: '3' },
      { key: 'RxPower', label: 'Receive power', value: '-28.00 dBm', status: 'warn' },
      { key: 'TxPower', label: 'Transmit power', value: 'n/a', status: 'bad' },
    ]);
  });
});

describe('plain values with units (issue 27)', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1_500, '1.5 KB'],
    [510_554_779, '511 MB'],
    [2_340_000_000, '2.3 GB'],
  ])('%s bytes read %s', (bytes, text) => {
    expect(formatByteCount(bytes)).toBe(text);
  });

  it.each([
    [273_600, '3 d 4 h'],
    [86_400, '1 d'],
    [3_720, '1 h 2 min'],
    [59, 'under 1 min'],
    [-1, 'n/a'],
  ])('%s seconds up read %s', (seconds, text) => {
    expect(formatUptime(seconds)).toBe(text);
  });

  it('gives each stat its unit and keeps text as sent', () => {
    expect(statValueText('InOctets', '510554779')).toBe('511 MB');
    expect(statValueText('DistanceMeters', '1234')).toBe('1,234 m');
    expect(statValueText('ToneTest', 'idle')).toBe('Not running');
    expect(statValueText('OperStatus', 'up')).toBe('up');
    expect(statValueText('InOctets', 'n/a')).toBe('n/a');
    expect(circuitStatRows({ OutOctets: '2340000000' })).toEqual([
      { key: 'OutOctets', label: 'Data sent', value: '2.3 GB' },
    ]);
  });
});
