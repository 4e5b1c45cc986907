/** SNMP round trips between the network adapter and the simulated OLT over real UDP on loopback. */
import snmp from 'net-snmp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOltClient } from './olt-client.js';
import { adminActionOid, TONE_TEST_OID_BASE, toneTestOid } from './olt-mib.js';
import { type OltSimulator, startOltSimulator } from './olt-simulator.js';

const port = 30_000 + Math.floor(Math.random() * 20_000);
const communities = { readCommunity: 'strand-ro', writeCommunity: 'strand-rw' };
let sim: OltSimulator;
const client = createOltClient({ port, ...communities, timeoutMs: 1000, retries: 0 });
const target = { serverIp: '127.0.0.1', slot: 1, port: 1 };

beforeAll(async () => {
  sim = await startOltSimulator({ host: '127.0.0.1', port, ...communities });
});
afterAll(() => sim.close());

describe('OLT port stats over SNMP', () => {
  it('reads believable optical levels and counters for a lit port', async () => {
    const stats = await client.getPortStats(target);
    expect(stats.operStatus).toBe('up');
    expect(stats.rxPowerDbm).toBeLessThanOrEqual(-17);
    expect(stats.rxPowerDbm).toBeGreaterThanOrEqual(-26);
    expect(stats.ontSerial).toMatch(/^BVFN0101\d+$/);
    expect(stats.toneTest).toBe('idle');
    expect(stats.inOctets).toBeGreaterThan(0);
  });

  it('counts traffic up while the OLT runs', async () => {
    const first = await client.getPortStats(target);
    await new Promise((r) => setTimeout(r, 1100));
    const second = await client.getPortStats(target);
    expect(second.inOctets).toBeGreaterThan(first.inOctets);
  });

  it('reports a dark port as down with no optical levels', async () => {
    const stats = await client.getPortStats({ ...target, slot: 1, port: 5 }); // (1*16+5) % 7 === 0
    expect(stats.operStatus).toBe('down');
    expect(stats.rxPowerDbm).toBeNull();
  });

  it('says plainly when a port does not exist', async () => {
    await expect(client.getPortStats({ ...target, slot: 9, port: 99 })).rejects.toMatchObject({
      reason: 'no-such-port',
    });
  });

  it('times out against an address with no OLT', async () => {
    const lost = createOltClient({ port: port + 1, ...communities, timeoutMs: 300, retries: 0 });
    await expect(lost.getPortStats(target)).rejects.toMatchObject({ reason: 'timeout' });
  });
});

describe('tone tests over SNMP', () => {
  it('starts a loop test, then a network test, and stops it with 3', async () => {
    const t = { ...target, port: 4 };
    await client.setToneTest({ ...t, testType: 1, oid: `${TONE_TEST_OID_BASE}.1.4` });
    expect((await client.getPortStats(t)).toneTest).toBe('loop');
    await client.setToneTest({ ...t, testType: 2 });
    expect((await client.getPortStats(t)).toneTest).toBe('network');
    await client.setToneTest({ ...t, testType: 3, oid: toneTestOid(1, 4) });
    expect((await client.getPortStats(t)).toneTest).toBe('idle');
  });

  it('refuses a SET with the read-only community', async () => {
    const readOnly = createOltClient({
      port,
      readCommunity: 'strand-ro',
      writeCommunity: 'strand-ro',
      timeoutMs: 1000,
      retries: 0,
    });
    await expect(readOnly.setToneTest({ ...target, testType: 1 })).rejects.toMatchObject({ reason: 'refused' });
  });
});

describe('ONT actions over SNMP', () => {
  it('carries out an action id on the port and reads it back', async () => {
    await client.runOntAction({ ...target, port: 2, actionId: 1 });
    const s = snmp.createSession('127.0.0.1', communities.readCommunity, { port, version: snmp.Version2c });
    const value = await new Promise<unknown>((resolve, reject) =>
      s.get([adminActionOid(1, 2)], (err, vbs) => {
        s.close();
        if (err) reject(err);
        else resolve(vbs?.[0]?.value);
      }),
    );
    expect(value).toBe(1);
  });

  it('refuses an action with the read-only community', async () => {
    const readOnly = createOltClient({ port, readCommunity: 'strand-ro', writeCommunity: 'strand-ro', retries: 0 });
    await expect(readOnly.runOntAction({ ...target, actionId: 1 })).rejects.toMatchObject({ reason: 'refused' });
  });
});
