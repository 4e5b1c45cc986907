/**
 * A simulated fax carrier: a small HTTP service on loopback that takes calls like a carrier's API (fax-gateway.ts)
 * and answers after a delay, deterministically by the destination's last four digits, so tests and demos can reach
 * every outcome:
 *   …0111 is always busy; …0112 never answers; …0113 is busy on a round's first try and then takes the fax;
 *   …0114 is a voice line (the call fails); any other number takes the fax.
 * A call id it has seen is answered from its record (concurrent duplicates wait for the first), never transmitted
 * twice. The record lives in memory: the simulator forgets calls when the server restarts.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FaxCallResult, FaxOutcome } from './fax-gateway.js';

export interface FaxSimulatorOptions {
  host: string;
  port: number;
  /** How long a call takes before it is answered. */
  delayMs: number;
  /** Largest request body accepted (the portal's largest fax, base64). */
  maxBodyBytes?: number;
}

export interface FaxSimulator {
  port: number;
  /** How many times each call id was transmitted (reached the far end): never more than once. */
  transmissions(): Map<string, number>;
  /** Every call id received, duplicates included, in order. */
  received(): string[];
  close(): Promise<void>;
}

function outcomeFor(to: string, attempt: number): { outcome: FaxOutcome; detail: string | null } {
  switch (to.slice(-4)) {
    case '0111':
      return { outcome: 'busy', detail: 'The line was busy.' };
    case '0112':
      return { outcome: 'no-answer', detail: 'Nobody answered after 60 seconds.' };
    case '0113':
      return attempt <= 1 ? { outcome: 'busy', detail: 'The line was busy.' } : { outcome: 'sent', detail: null };
    case '0114':
      return { outcome: 'failed', detail: 'A voice answered: the number is not a fax machine.' };
    default:
      return { outcome: 'sent', detail: null };
  }
}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('request too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFaxSimulator(options: FaxSimulatorOptions): Promise<FaxSimulator> {
  const calls = new Map<string, Promise<Omit<FaxCallResult, 'duplicate'>>>();
  const transmissions = new Map<string, number>();
  const received: string[] = [];
  const limit = options.maxBodyBytes ?? 64 * 1_048_576;

  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/v1/calls') return answer(404, { error: 'not found' });
    readBody(req, limit)
      .then(async (raw) => {
        const body = JSON.parse(raw) as { callId?: unknown; to?: unknown; attempt?: unknown; documents?: unknown };
        if (typeof body.callId !== 'string' || typeof body.to !== 'string' || !Array.isArray(body.documents)) {
          return answer(400, { error: 'callId, to and documents are required' });
        }
        const callId = body.callId;
        const to = body.to;
        received.push(callId);
        const seen = calls.get(callId);
        if (seen) return answer(200, { ...(await seen), duplicate: true });
        const attempt = typeof body.attempt === 'number' ? body.attempt : 1;
        const call = new Promise<Omit<FaxCallResult, 'duplicate'>>((resolve) => {
          setTimeout(() => {
            const { outcome, detail } = outcomeFor(to, attempt);
            if (outcome === 'sent') transmissions.set(callId, (transmissions.get(callId) ?? 0) + 1);
            resolve({ callId, outcome, detail });
          }, options.delayMs);
        });
        calls.set(callId, call);
        return answer(200, { ...(await call), duplicate: false });
      })
      .catch(() => answer(400, { error: 'bad request' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    transmissions: () => new Map(transmissions),
    received: () => [...received],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
