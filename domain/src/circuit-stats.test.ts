import { describe, expect, it } from 'vitest';
import { circuitStatLabel, circuitStatRows, opticalPowerStatus, parseDbm } from './circuit-stats.js';

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
    expect(circuitStatLabel('RxPower')).toBe('Receive power (dBm)');
    expect(circuitStatLabel('TxPower')).toBe('Transmit power (dBm)');
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
      { key: 'RxPower', label: 'Receive power (dBm)', value: '-28.00 dBm', status: 'warn' },
      { key: 'TxPower', label: 'Transmit power (dBm)', value: 'n/a', status: 'bad' },
    ]);
  });
});
