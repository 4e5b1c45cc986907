/**
 * The simulated phone switch: the embedded default, started with the server on loopback (PHONE_SWITCH_SIMULATOR,
 * PHONE_SWITCH_PORT), speaking the API of phone-switch.ts. A new code is pending for `confirmDelayMs`, then in
 * service (active, or suspended when sent disabled); a change to a code in service applies at once. It refuses a
 * code another record already holds, and a test can make it refuse (`refuseNext`) or fail (`failNext`: 503).
 * It keeps its table in memory: after a restart the portal's next push writes it again (PUT is an upsert).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SwitchAuthCode, SwitchState } from './phone-switch.js';

interface Entry extends SwitchAuthCode {
  confirmAt: number;
}

export interface SwitchSimulator {
  port: number;
  /** The switch's table, by reference (tests read it). */
  readonly entries: ReadonlyMap<string, SwitchAuthCode & { state: SwitchState }>;
  /** The next `n` requests answer 503. */
  failNext(n: number): void;
  /** The next PUT is refused with `reason`. */
  refuseNext(reason: string): void;
  close(): Promise<void>;
}

const CLASSES = ['local', 'long_distance', 'international', 'toll_free'];

export async function startSwitchSimulator(options: {
  host?: string;
  port: number;
  apiKey: string;
  confirmDelayMs?: number;
  now?: () => number;
}): Promise<SwitchSimulator> {
  const table = new Map<string, Entry>();
  const now = options.now ?? Date.now;
  const delay = options.confirmDelayMs ?? 2000;
  let failures = 0;
  let refusal: string | null = null;

  const stateOf = (e: Entry): SwitchState => (now() < e.confirmAt ? 'pending' : e.enabled ? 'active' : 'suspended');

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let size = 0;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > 16_384) reject(new Error('too large'));
        else chunks.push(c);
      });
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const server: Server = createServer((req, res) => {
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    void (async () => {
      if (req.headers.authorization !== `Bearer ${options.apiKey}`) return send(401, { reason: 'Wrong API key.' });
      const match = /^\/v1\/auth-codes\/([A-Za-z0-9_-]{1,100})$/.exec(req.url ?? '');
      if (!match?.[1]) return send(404, { reason: 'No such resource.' });
      const ref = match[1];
      if (failures > 0) {
        failures -= 1;
        return send(503, { reason: 'The switch is busy.' });
      }
      if (req.method === 'GET') {
        const entry = table.get(ref);
        return entry ? send(200, { state: stateOf(entry) }) : send(404, { reason: 'Unknown reference.' });
      }
      if (req.method === 'DELETE') {
        return table.delete(ref) ? send(204) : send(404, { reason: 'Unknown reference.' });
      }
      if (req.method !== 'PUT') return send(405, { reason: 'Method not allowed.' });
      let body: Partial<SwitchAuthCode>;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return send(400, { reason: 'The request is not JSON.' });
      }
      if (
        typeof body.code !== 'string' ||
        !/^\d{4,12}$/.test(body.code) ||
        typeof body.account !== 'string' ||
        typeof body.enabled !== 'boolean' ||
        !CLASSES.includes(String(body.classOfService))
      ) {
        return send(422, {
          reason: 'The switch needs a 4 to 12 digit code, an account, a class of service and enabled.',
        });
      }
      if (refusal) {
        const reason = refusal;
        refusal = null;
        return send(422, { reason });
      }
      for (const [other, e] of table) {
        if (other !== ref && e.code === body.code) {
          return send(409, { reason: 'The switch already has this code on another record.' });
        }
      }
      const earlier = table.get(ref);
      const entry: Entry = {
        code: body.code,
        account: body.account,
        classOfService: String(body.classOfService),
        enabled: body.enabled,
        confirmAt: earlier?.confirmAt ?? now() + delay,
      };
      table.set(ref, entry);
      return send(200, { state: stateOf(entry) });
    })().catch(() => send(500, { reason: 'The switch failed.' }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    port: (server.address() as AddressInfo).port,
    get entries() {
      return new Map([...table].map(([ref, e]) => [ref, { ...e, state: stateOf(e) }]));
    },
    failNext(n) {
      failures = n;
    },
    refuseNext(reason) {
      refusal = reason;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
