/** Circuit stats and tone tests: SNMP round trips between the API and a simulated OLT on a random loopback port. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createOltClient } from '../../integrations/network/olt-client.js';
import type { OltSimulator } from '../../integrations/network/olt-simulator.js';
import { createTestApp, startTestOlt, TEST_OLT_COMMUNITIES, type TestApp } from '../../test/harness.js';

const communities = TEST_OLT_COMMUNITIES;
let snmpPort: number;
let sim: OltSimulator;
let t: TestApp;
let installer: string;
let dataCircuit: { id: number; slot: number; port: number };
const WO = `/api/installer/work-orders/${DEMO.workOrders.fullInstall}`;
const oid = (slot: number, port: number) => `1.3.6.1.4.1.32473.1.1.1.11.${slot}.${port}`;

beforeAll(async () => {
  const started = await startTestOlt();
  sim = started.olt;
  snmpPort = started.port;
  t = await createTestApp(started.env);
  installer = await t.login('installer');
  dataCircuit = await t.db.db
    .selectFrom('circuits')
    .select(['id', 'slot', 'port'])
    .where('circuit_code', '=', 'DATA-100001')
    .executeTakeFirstOrThrow();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const tone = (testType: string, over: Record<string, unknown> = {}, token = installer) =>
  t.request({
    method: 'POST',
    url: `${WO}/circuits/${dataCircuit.id}/tone-test`,
    token,
    payload: { testType, serverIP: '127.0.0.1', slot: 1, port: 1, oID: oid(1, 1), ...over },
  });

describe('GET /api/installer/work-orders/:WOId/circuits/:socketRecordID/stats', () => {
  it('reads live stats of the circuit from the OLT as key/value pairs', async () => {
    const res = await t.request({ method: 'GET', url: `${WO}/circuits/${dataCircuit.id}/stats`, token: installer });
    expect(res.statusCode, res.body).toBe(200);
    const { stats } = res.json();
    expect(stats).toMatchObject({
      vcServerIP: '127.0.0.1',
      nSlot: '1',
      nPort: '1',
      OperStatus: 'up',
      ToneTest: 'idle',
    });
    expect(stats.RxPower).toMatch(/^-\d+\.\d{2} dBm$/);
    expect(stats.ONTSerial).toMatch(/^BVFN0101/);
  });
  it('refuses a circuit of another work order and a contractor', async () => {
    const other = await t.request({
      method: 'GET',
      url: `/api/installer/work-orders/${DEMO.workOrders.businessInstall}/circuits/${dataCircuit.id}/stats`,
      token: installer,
    });
    expect(other.statusCode).toBe(404);
    const contractor = await t.login('contractor');
    expect(
      (await t.request({ method: 'GET', url: `${WO}/circuits/${dataCircuit.id}/stats`, token: contractor })).statusCode,
    ).toBe(403);
  });
  it('answers 502/504 with the reason when the OLT does not answer', async () => {
    const dead = await createTestApp({ OLT_SNMP_PORT: String(snmpPort + 1) });
    try {
      const token = await dead.login('installer');
      const res = await dead.request({ method: 'GET', url: `${WO}/circuits/${dataCircuit.id}/stats`, token });
      expect([502, 504]).toContain(res.statusCode);
      expect(res.json().error.message).toContain('127.0.0.1');
    } finally {
      await dead.close();
    }
  }, 15_000);
});

describe('POST /api/installer/work-orders/:WOId/circuits/:socketRecordID/tone-test', () => {
  // Made when first used: the OLT's port is known only once beforeAll has started it.
  let reader: ReturnType<typeof createOltClient> | undefined;
  const toneState = async () => {
    reader ??= createOltClient({ port: snmpPort, ...communities });
    return (await reader.getPortStats({ serverIp: '127.0.0.1', slot: 1, port: 1 })).toneTest;
  };

  it('starts a loop test, then a network test, and stops it on the OLT', async () => {
    expect((await tone('1')).statusCode).toBe(200);
    expect(await toneState()).toBe('loop');
    expect((await tone('2')).statusCode).toBe(200);
    expect(await toneState()).toBe('network');
    expect((await tone('3')).statusCode).toBe(200);
    expect(await toneState()).toBe('idle');
  });
  it('refuses another port, another OLT, a wrong OID and an unknown testType', async () => {
    expect((await tone('1', { port: 2, oID: oid(1, 2) })).json().error.fields).toHaveProperty('port');
    expect((await tone('1', { serverIP: '10.0.0.9' })).statusCode).toBe(400);
    expect((await tone('1', { oID: '1.3.6.1.2.1.1.5.0' })).json().error.fields).toHaveProperty('oID');
    expect((await tone('4')).statusCode).toBe(400);
    expect(await toneState()).toBe('idle');
  });
  it('refuses a customer', async () => {
    expect((await tone('1', {}, await t.login('residential'))).statusCode).toBe(403);
  });
});
