/**
 * A simulated SMS carrier with the Twilio-style API of sms-gateway.ts, on loopback, started by `npm start` like the
 * fax carrier. It keeps a log: every message it takes is appended as a JSON line to `logFile` (DATA_DIR/sms-log.jsonl)
 * and kept in memory (`messages()`, `GET /messages`). Answers by the number's last four digits: …0000 is not a mobile
 * number (400, final); …0503 is a carrier outage (503, tried again); any other is delivered. A message reference it
 * has seen is answered from its record, never sent twice.
 */
import { appendFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SimulatedSms {
  sid: string;
  ref: string;
  to: string;
  from: string;
  body: string;
  at: string;
}

export interface SmsSimulator {
  port: number;
  messages(): SimulatedSms[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64_000) throw new Error('request too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startSmsSimulator(options: {
  host: string;
  port: number;
  authToken: string;
  logFile?: string;
}): Promise<SmsSimulator> {
  const sent: SimulatedSms[] = [];
  const byRef = new Map<string, SimulatedSms>();
  const server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.method === 'GET' && req.url === '/messages') return reply(200, sent);
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return reply(404, { code: 20404, message: 'Not found.' });
      const expected = `Basic ${Buffer.from(`${decodeURIComponent(match[1] ?? '')}:${options.authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return reply(401, { code: 20003, message: 'Authenticate.' });
      const form = new URLSearchParams(await readBody(req));
      const to = form.get('To') ?? '';
      const body = form.get('Body') ?? '';
      const ref = String(req.headers['x-message-ref'] ?? '');
      if (!/^\+?\d{10,15}$/.test(to.replace(/\D/g, '')) || body === '') {
        return reply(400, { code: 21604, message: 'A To number and a Body are required.' });
      }
      const seen = ref ? byRef.get(ref) : undefined;
      if (seen) return reply(201, { sid: seen.sid, status: 'delivered' });
      const digits = to.replace(/\D/g, '');
      if (digits.endsWith('0000')) return reply(400, { code: 21614, message: 'The number is not a mobile number.' });
      if (digits.endsWith('0503')) return reply(503, { code: 30001, message: 'The carrier is not answering.' });
      const sms: SimulatedSms = {
        sid: `SM${String(sent.length + 1).padStart(32, '0')}`,
        ref,
        to,
        from: form.get('From') ?? '',
        body,
        at: new Date().toISOString(),
      };
      sent.push(sms);
      if (ref) byRef.set(ref, sms);
      if (options.logFile) await appendFile(options.logFile, `${JSON.stringify(sms)}\n`, { mode: 0o600 });
      return reply(201, { sid: sms.sid, status: 'delivered' });
    } catch {
      return reply(400, { code: 21600, message: 'The request could not be read.' });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    messages: () => [...sent],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
