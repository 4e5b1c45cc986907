import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger, OneLinePerRequest } from './request-log.js';
import { redactUrl } from './security.js';

/** An app logging as app.ts configures it, into `lines`. */
function appLogging(lines: string[]) {
  const stream = { write: (line: string) => lines.push(line) };
  return Fastify({
    logger: {
      level: 'info',
      redact: ['req.headers.authorization', '*.token'],
      serializers: { req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }) },
      stream,
    },
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyChildLogger,
  });
}

/** What pino itself wrote for the completed line before (a child of the root without redaction). */
const pinoLine = (request: FastifyRequest, reply: FastifyReply) =>
  request.server.log
    .child({}, { redact: [] })
    .info({ reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');

const sameTimes = (line: string) =>
  line.replace(/"time":\d+/, '"time":0').replace(/"responseTime":[\d.e-]+/, '"responseTime":0');

describe('request log', () => {
  it('writes the completed line byte for byte as pino did (escaping and URL redaction included)', async () => {
    const lines: string[] = [];
    const app = appLogging(lines);
    app.get('/api/x', (request, reply) => {
      reply.raw.once('finish', () => pinoLine(request, reply));
      return { ok: true };
    });
    const res = await app.inject({ url: '/api/x?token=secret&q=%22a%5Cb%22', remoteAddress: '10.1.2.3' });
    expect(res.statusCode).toBe(200);
    const completed = lines.filter((l) => l.includes('request completed')).map(sameTimes);
    expect(completed).toHaveLength(2);
    expect(completed[1]).toBe(completed[0]);
    expect(JSON.parse(completed[1] ?? '')).toMatchObject({
      level: 30,
      reqId: 'req-1',
      req: { method: 'GET', url: '/api/x?token=[redacted]&q=%22a%5Cb%22', remoteAddress: '10.1.2.3' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    expect(completed[1]).not.toContain('secret');
    await app.close();
  });

  it('logs /api/health successes at most once a second, its failures and every other request always', async () => {
    const lines: string[] = [];
    const app = appLogging(lines);
    let status = 200;
    app.get('/api/health', (_request, reply) => reply.status(status).send({ status }));
    app.get('/api/y', () => ({ ok: true }));
    for (let i = 0; i < 3; i++) await app.inject({ url: '/api/health' });
    for (let i = 0; i < 3; i++) await app.inject({ url: '/api/y' });
    status = 503;
    for (let i = 0; i < 2; i++) await app.inject({ url: '/api/health' });
    const completed = lines.filter((l) => l.includes('request completed')).map((l) => JSON.parse(l));
    expect(completed.map((l) => `${l.req.url} ${l.res.statusCode}`)).toEqual([
      '/api/health 200',
      '/api/y 200',
      '/api/y 200',
      '/api/y 200',
      '/api/health 503',
      '/api/health 503',
    ]);
    await app.close();
  });

  it("makes a request's child logger only when it logs, bound to the request id", async () => {
    const lines: string[] = [];
    const app = appLogging(lines);
    app.get('/api/z', (request) => {
      request.log.warn({ detail: 1 }, 'something to say');
      return { ok: true };
    });
    await app.inject({ url: '/api/z' });
    const warning = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'something to say');
    expect(warning).toMatchObject({ level: 40, reqId: 'req-1', detail: 1 });
    expect(pino.levels.values.warn).toBe(40);
    await app.close();
  });
});
