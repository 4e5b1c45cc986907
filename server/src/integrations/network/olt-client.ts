/**
 * The network adapter: reads a port's live stats from an OLT and starts or stops tone tests, over SNMP v2c.
 * Used against the simulated OLT by default and against real OLTs when configured (OLT_SNMP_* settings).
 */
import snmp from 'net-snmp';
import { adminActionOid, columnOid, OltColumn, type ToneTestRequest, toneTestOid } from './olt-mib.js';

export interface OltTarget {
  serverIp: string;
  slot: number;
  port: number;
}

export interface PortStats {
  operStatus: 'up' | 'down' | 'unknown';
  rxPowerDbm: number | null;
  txPowerDbm: number | null;
  inOctets: number;
  outOctets: number;
  inErrors: number;
  ontSerial: string;
  distanceMeters: number;
  toneTest: 'idle' | 'loop' | 'network' | 'unknown';
}

export interface OltClientOptions {
  /** When set, every request goes to this host instead of the target's `serverIp` (a simulated OLT elsewhere). */
  host?: string | null;
  port: number;
  readCommunity: string;
  writeCommunity: string;
  timeoutMs?: number;
  retries?: number;
}

export interface OltClient {
  getPortStats(target: OltTarget): Promise<PortStats>;
  /** Starts (1 loop, 2 network) or stops (3) a tone test; `oid` defaults to the port's tone-test OID. */
  setToneTest(target: OltTarget & { testType: ToneTestRequest; oid?: string }): Promise<void>;
  /** Has the OLT carry out an asset action (its application action id) on the ONT behind the port. */
  runOntAction(target: OltTarget & { actionId: number }): Promise<void>;
}

export class OltError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'unreachable' | 'refused' | 'no-such-port',
  ) {
    super(message);
    this.name = 'OltError';
  }
}

const STAT_COLUMNS = [
  OltColumn.operStatus,
  OltColumn.rxPowerCentiDbm,
  OltColumn.txPowerCentiDbm,
  OltColumn.inOctets,
  OltColumn.outOctets,
  OltColumn.inErrors,
  OltColumn.ontSerial,
  OltColumn.distanceMeters,
  OltColumn.toneTest,
] as const;

const TONE = ['idle', 'loop', 'network'] as const;

function explain(err: unknown, target: OltTarget): OltError {
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message : String(err);
  if (name === 'RequestTimedOutError' || /timed out/i.test(message)) {
    return new OltError(`The OLT at ${target.serverIp} did not answer in time.`, 'timeout');
  }
  if (/noSuchName|noSuchInstance|noSuchObject/i.test(message)) {
    return new OltError(
      `The OLT at ${target.serverIp} has no slot ${target.slot} port ${target.port}.`,
      'no-such-port',
    );
  }
  if (/notWritable|noAccess|authorization|wrongValue|noCreation/i.test(message)) {
    return new OltError(`The OLT at ${target.serverIp} refused the request (${message}).`, 'refused');
  }
  return new OltError(`The OLT at ${target.serverIp} could not be reached (${message}).`, 'unreachable');
}

export function createOltClient(options: OltClientOptions): OltClient {
  const session = (host: string, community: string) =>
    snmp.createSession(options.host ?? host, community, {
      port: options.port,
      version: snmp.Version2c,
      timeout: options.timeoutMs ?? 2000,
      retries: options.retries ?? 1,
    });

  const setInteger = (target: OltTarget, oid: string, value: number) => {
    const s = session(target.serverIp, options.writeCommunity);
    return new Promise<void>((resolve, reject) => {
      s.set([{ oid, type: snmp.ObjectType.Integer, value }], (error: unknown) => {
        s.close();
        if (error) return reject(explain(error, target));
        resolve();
      });
    });
  };

  return {
    getPortStats(target) {
      const oids = STAT_COLUMNS.map((c) => columnOid(c, target.slot, target.port));
      const s = session(target.serverIp, options.readCommunity);
      return new Promise<PortStats>((resolve, reject) => {
        s.get(oids, (error, received) => {
          const varbinds = received ?? [];
          s.close();
          if (error) return reject(explain(error, target));
          if (varbinds.some((v) => snmp.isVarbindError(v))) {
            return reject(explain(new Error('noSuchInstance'), target));
          }
          const [oper, rx, tx, inOctets, outOctets, inErrors, serial, distance, tone] = varbinds.map((v) => v.value);
          const down = Number(oper) !== 1;
          resolve({
            operStatus: Number(oper) === 1 ? 'up' : Number(oper) === 2 ? 'down' : 'unknown',
            rxPowerDbm: down ? null : Number(rx) / 100,
            txPowerDbm: down ? null : Number(tx) / 100,
            inOctets: Number(inOctets),
            outOctets: Number(outOctets),
            inErrors: Number(inErrors),
            ontSerial: Buffer.isBuffer(serial) ? serial.toString('utf8') : String(serial ?? ''),
            distanceMeters: Number(distance),
            toneTest: TONE[Number(tone)] ?? 'unknown',
          });
        });
      });
    },

    setToneTest(target) {
      return setInteger(target, target.oid ?? toneTestOid(target.slot, target.port), target.testType);
    },

    runOntAction(target) {
      return setInteger(target, adminActionOid(target.slot, target.port), target.actionId);
    },
  };
}
