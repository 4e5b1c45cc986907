/**
 * A simulated OLT: a real SNMP v2c agent (net-snmp) on a loopback UDP port, answering the port table of olt-mib.ts
 * for every slot and port of a small chassis, with believable optical levels and traffic counters that grow while
 * it runs, and accepting tone-test SETs. The embedded default starts it; configuration points the server at real
 * OLTs instead.
 */
import snmp from 'net-snmp';
import { OltColumn, ONT_PORT_ENTRY_OID, OperStatus, ToneTestType } from './olt-mib.js';

export interface OltSimulatorOptions {
  host: string;
  port: number;
  readCommunity: string;
  writeCommunity: string;
  slots?: number;
  portsPerSlot?: number;
  /** Told of every asset action the OLT carries out (the simulators process logs them, so a test can count them). */
  onAction?: (action: { slot: number; port: number; actionId: number }) => void;
}

export interface OltSimulator {
  port: number;
  close(): Promise<void>;
}

const PROVIDER = 'ontPortTable';

/** A stable pseudo-random number in [0, 1) for a port, so every run of the simulator reads the same levels. */
function portNoise(slot: number, port: number, salt: number): number {
  let h = (slot * 73_856_093) ^ (port * 19_349_663) ^ (salt * 83_492_791);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}

function rowFor(slot: number, port: number): (number | string)[] {
  // Every seventh port is dark (no ONT answering), as on a real, partly built PON.
  const up = (slot * 16 + port) % 7 !== 0;
  return [
    slot,
    port,
    up ? OperStatus.up : OperStatus.down,
    up ? -1700 - Math.round(portNoise(slot, port, 1) * 900) : -4000,
    up ? 150 + Math.round(portNoise(slot, port, 2) * 250) : 0,
    0,
    0,
    up ? Math.round(portNoise(slot, port, 3) * 12) : 0,
    up
      ? `BVFN${String(slot).padStart(2, '0')}${String(port).padStart(2, '0')}${Math.round(portNoise(slot, port, 4) * 1e4)}`
      : '',
    up ? 300 + Math.round(portNoise(slot, port, 5) * 4700) : 0,
    ToneTestType.idle,
    0,
  ];
}

const COLUMNS = [
  { number: OltColumn.slot, name: 'ontSlot', type: snmp.ObjectType.Integer, maxAccess: snmp.MaxAccess['read-only'] },
  { number: OltColumn.port, name: 'ontPort', type: snmp.ObjectType.Integer, maxAccess: snmp.MaxAccess['read-only'] },
  {
    number: OltColumn.operStatus,
    name: 'ontOperStatus',
    type: snmp.ObjectType.Integer,
    maxAccess: snmp.MaxAccess['read-only'],
  },
  {
    number: OltColumn.rxPowerCentiDbm,
    name: 'ontRxPower',
    type: snmp.ObjectType.Integer,
    maxAccess: snmp.MaxAccess['read-only'],
  },
  {
    number: OltColumn.txPowerCentiDbm,
    name: 'ontTxPower',
    type: snmp.ObjectType.Integer,
    maxAccess: snmp.MaxAccess['read-only'],
  },
  {
    number: OltColumn.inOctets,
    name: 'ontInOctets',
    type: snmp.ObjectType.Counter32,
    maxAccess: snmp.MaxAccess['read-only'],
  },
  {
    number: OltColumn.outOctets,
    name: 'ontOutOctets',
    type: snmp.ObjectType.Counter32,
    maxAccess: snmp.MaxAccess['read-only'],
  },
  {
    number: OltColumn.inErrors,
    name: 'ontInErrors',
    type: snmp.ObjectType.Counter32,
    maxAccess: snmp.MaxAccess['read-only'],
  },
  {
    number: OltColumn.ontSerial,
    name: 'ontSerial',
    type: snmp.ObjectType.OctetString,
    maxAccess: snmp.MaxAccess['read-only'],
  },
  {
    number: OltColumn.distanceMeters,
    name: 'ontDistance',
    type: snmp.ObjectType.Integer,
    maxAccess: snmp.MaxAccess['read-only'],
  },
  {
    number: OltColumn.toneTest,
    name: 'ontToneTest',
    type: snmp.ObjectType.Integer,
    maxAccess: snmp.MaxAccess['read-write'],
    constraints: { enumeration: { 0: 'idle', 1: 'loop', 2: 'network', 3: 'stop' } },
  },
  {
    // The last asset action the OLT carried out on the port's ONT (0 none).
    number: OltColumn.adminAction,
    name: 'ontAdminAction',
    type: snmp.ObjectType.Integer,
    maxAccess: snmp.MaxAccess['read-write'],
  },
];

export async function startOltSimulator(options: OltSimulatorOptions): Promise<OltSimulator> {
  const slots = options.slots ?? 4;
  const portsPerSlot = options.portsPerSlot ?? 16;
  const started = Date.now();
  const mib = snmp.createMib();

  mib.registerProvider({
    name: PROVIDER,
    type: snmp.MibProviderType.Table,
    oid: ONT_PORT_ENTRY_OID,
    maxAccess: snmp.MaxAccess['not-accessible'],
    tableColumns: COLUMNS,
    tableIndex: [{ columnName: 'ontSlot' }, { columnName: 'ontPort' }],
    handler: (request: SnmpMibRequest) => {
      const [column, slot, port] = request.oid
        .slice(ONT_PORT_ENTRY_OID.length + 1)
        .split('.')
        .map(Number);
      if (request.operation === snmp.PduType.SetRequest) {
        // A stop (3) ends the test: the port reads idle again.
        if (column === OltColumn.toneTest && request.setValue === ToneTestType.stop)
          request.setValue = ToneTestType.idle;
        // net-snmp calls the handler twice for a SET: a test pass, then the commit; the action runs at the commit.
        if (request.commitSet && column === OltColumn.adminAction && slot !== undefined && port !== undefined)
          options.onAction?.({ slot, port, actionId: Number(request.setValue) });
        return request.done();
      }
      if (request.instanceNode && slot !== undefined && port !== undefined) {
        // Counters grow with the time the OLT has been up, at a per-port rate.
        const seconds = (Date.now() - started) / 1000 + 86_400;
        const up = (slot * 16 + port) % 7 !== 0;
        const rate = up ? 50_000 + portNoise(slot, port, 6) * 900_000 : 0;
        if (column === OltColumn.inOctets) request.instanceNode.value = Math.floor(seconds * rate) % 4_294_967_296;
        if (column === OltColumn.outOctets)
          request.instanceNode.value = Math.floor(seconds * rate * 0.18) % 4_294_967_296;
      }
      return request.done();
    },
  });
  for (let slot = 1; slot <= slots; slot++) {
    for (let port = 1; port <= portsPerSlot; port++) mib.addTableRow(PROVIDER, rowFor(slot, port));
  }

  const agent = snmp.createAgent(
    {
      port: options.port,
      address: options.host,
      transport: 'udp4',
      accessControlModelType: snmp.AccessControlModelType.Simple,
    },
    () => undefined,
    mib,
  );
  const authorizer = agent.getAuthorizer();
  authorizer.addCommunity(options.readCommunity);
  authorizer.addCommunity(options.writeCommunity);
  const acm = authorizer.getAccessControlModel();
  acm.setCommunityAccess(options.readCommunity, snmp.AccessLevel.ReadOnly);
  acm.setCommunityAccess(options.writeCommunity, snmp.AccessLevel.ReadWrite);

  await waitForListening(agent);
  return {
    port: options.port,
    close: () => new Promise<void>((resolve) => agent.close(() => resolve())),
  };
}

interface SnmpMibRequest {
  oid: string;
  operation: number;
  setValue?: unknown;
  /** Set on the second (commit) call of a SET. */
  commitSet?: boolean;
  instanceNode?: { value: unknown };
  done(error?: { errorStatus: number }): void;
}

/** The agent binds asynchronously; give its socket a moment and surface a bind error (port in use). */
function waitForListening(agent: {
  listener?: { sockets?: Record<string, { once(e: string, f: (err?: Error) => void): void }> };
}) {
  return new Promise<void>((resolve, reject) => {
    const sockets = Object.values(agent.listener?.sockets ?? {});
    if (sockets.length === 0) return resolve();
    let pending = sockets.length;
    for (const socket of sockets) {
      socket.once('listening', () => {
        pending -= 1;
        if (pending === 0) resolve();
      });
      socket.once('error', (err) => reject(err));
    }
  });
}
