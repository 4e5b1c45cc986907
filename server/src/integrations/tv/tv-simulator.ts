/**
 * A simulated TV middleware: a small HTTP service on loopback that answers a subscriber's app credentials by customer
 * id and issues new ones on reset. The first credentials of a customer are derived from its id (the same on every
 * run); resets are kept in a JSON file (DATA_DIR/tv-middleware.json) so they survive a restart.
 *   GET  /v1/subscribers/{customerId}/credentials
 *   POST /v1/subscribers/{customerId}/credentials/reset
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TvAppCredentials } from './tv-middleware.js';

export interface TvSimulatorOptions {
  host: string;
  port: number;
  /** Where resets are kept; none keeps them in memory. */
  stateFile?: string | null;
}

export interface TvSimulator {
  port: number;
  close(): Promise<void>;
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function passwordFrom(bytes: Buffer): string {
  const chars = [...bytes.subarray(0, 12)].map((b) => ALPHABET[b % ALPHABET.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8, 12).join('')}`;
}

/** The credentials a customer starts with. */
export function initialTvCredentials(customerId: string): TvAppCredentials {
  return {
    username: `tv${customerId.replace(/\D/g, '')}`,
    password: passwordFrom(createHmac('sha256', 'strand-tv-simulator').update(customerId).digest()),
    issuedAt: '2025-01-01T00:00:00.000Z',
  };
}

export async function startTvSimulator(options: TvSimulatorOptions): Promise<TvSimulator> {
  const issued = new Map<string, TvAppCredentials>();
  if (options.stateFile && existsSync(options.stateFile)) {
    try {
      const saved = JSON.parse(readFileSync(options.stateFile, 'utf8')) as Record<string, TvAppCredentials>;
      for (const [id, c] of Object.entries(saved)) issued.set(id, c);
    } catch {
      // A damaged state file: start from the derived credentials.
    }
  }
  const save = () => {
    if (!options.stateFile) return;
    const temp = `${options.stateFile}.tmp`;
    writeFileSync(temp, JSON.stringify(Object.fromEntries(issued)), { mode: 0o600 });
    renameSync(temp, options.stateFile);
  };

  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    const match = /^\/v1\/subscribers\/([^/]+)\/credentials(\/reset)?$/.exec(req.url ?? '');
    const customerId = match?.[1] ? decodeURIComponent(match[1]) : null;
    if (!match || !customerId || !/^[\w-]{1,40}$/.test(customerId)) return answer(404, { error: 'not found' });
    if (match[2] && req.method === 'POST') {
      const fresh = {
        username: initialTvCredentials(customerId).username,
        password: passwordFrom(randomBytes(16)),
        issuedAt: new Date().toISOString(),
      };
      issued.set(customerId, fresh);
      save();
      return answer(200, fresh);
    }
    if (!match[2] && req.method === 'GET') {
      return answer(200, issued.get(customerId) ?? initialTvCredentials(customerId));
    }
    return answer(405, { error: 'method not allowed' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
