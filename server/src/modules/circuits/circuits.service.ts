/**
 * Live circuit stats and tone tests (SPEC §2 "Circuits", §4 "Tone test"), read from and written to the OLT over SNMP
 * through the network adapter. A tone test is sent only to the circuit's own OLT, slot and port with the tone-test
 * OID of that port, so a client cannot SET arbitrary OIDs on arbitrary devices.
 */
import { type CircuitStats, toneTestOidFor } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { OltError } from '../../integrations/network/olt-client.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { assertFieldUserMayReach } from '../access/access.service.js';
import * as repo from './circuits.repository.js';

/** The circuit, once the user may reach the work order and the circuit is at its service location. */
async function loadCircuit(ctx: AppContext, user: Viewer, workOrderId: number, circuitId: number) {
  const wo = await assertFieldUserMayReach(ctx, user, workOrderId);
  const circuit = await repo.findCircuitAt(ctx.db, circuitId, wo.service_location_id ?? 0);
  if (!circuit) throw notFound(`Circuit #${circuitId} is not at the service location of work order #${wo.id}.`);
  return circuit;
}

function oltFailure(err: unknown): never {
  if (err instanceof OltError) {
    throw new HttpError(err.reason === 'timeout' ? 504 : 502, 'olt_unavailable', err.message);
  }
  throw err;
}

export async function getCircuitStats(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  circuitId: number,
): Promise<CircuitStats> {
  const c = await loadCircuit(ctx, user, workOrderId, circuitId);
  const target = { serverIp: c.server_ip, slot: c.slot, port: c.port };
  try {
    const s = await ctx.olt.getPortStats(target);
    const dbm = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(2)} dBm`);
    return {
      stats: {
        vcServerIP: c.server_ip,
        nSlot: String(c.slot),
        nPort: String(c.port),
        vcCircuitID: c.circuit_code,
        vcProduct: c.product,
        OperStatus: s.operStatus,
        RxPower: dbm(s.rxPowerDbm),
        TxPower: dbm(s.txPowerDbm),
        InOctets: String(s.inOctets),
        OutOctets: String(s.outOctets),
        InErrors: String(s.inErrors),
        ONTSerial: s.ontSerial,
        DistanceMeters: String(s.distanceMeters),
        ToneTest: s.toneTest,
      },
    };
  } catch (err) {
    // A port the OLT does not have answers no stats (the screen says 'No Circuit Stats Found').
    if (err instanceof OltError && err.reason === 'no-such-port') return { stats: {} };
    return oltFailure(err);
  }
}

export async function setToneTest(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  circuitId: number,
  body: { testType: '1' | '2' | '3'; serverIP: string; port: number; slot: number; oID: string },
): Promise<{ ok: true }> {
  const c = await loadCircuit(ctx, user, workOrderId, circuitId);
  const expectedOid = toneTestOidFor(c.slot, c.port);
  if (body.serverIP !== c.server_ip || body.port !== c.port || body.slot !== c.slot) {
    throw badRequest('The tone test must target the circuit’s own OLT, slot and port.', {
      serverIP: c.server_ip,
      slot: String(c.slot),
      port: String(c.port),
    });
  }
  if (body.oID !== expectedOid) throw badRequest('Wrong tone-test OID for this port.', { oID: expectedOid });
  try {
    await ctx.olt.setToneTest({
      serverIp: c.server_ip,
      slot: c.slot,
      port: c.port,
      testType: Number(body.testType) as 1 | 2 | 3,
      oid: expectedOid,
    });
  } catch (err) {
    oltFailure(err);
  }
  return { ok: true };
}
