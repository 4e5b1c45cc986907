/**
 * Limits on resource use, counted in the database (lib/rate-limit-store.ts) so they hold across app servers:
 * - every write (POST/PUT/PATCH/DELETE under /api) per address (RATE_LIMIT_IP_WRITES_PER_MINUTE), checked in
 *   an `onRequest` hook registered before the auth hook: it needs no session, and garbage tokens are counted too;
 * - every write of a signed-in user or applicant per identity (RATE_LIMIT_WRITES_PER_MINUTE), by @fastify/rate-limit's
 *   route-level `onRequest` hook, which runs after the app-level auth hook, so `keyGenerator` sees the verified
 *   session (request.viewer / request.applicant) and never a claim the client merely sent; reads are not limited;
 * - routes that send mail (`config.limit: 'mail'`) per address and per identity (RATE_LIMIT_MAIL_PER_HOUR);
 * - uploads (`config.limit: 'upload'`) by a byte budget per identity (RATE_LIMIT_UPLOAD_BYTES_PER_HOUR, applicants
 *   APPLICANT_UPLOAD_BYTES_PER_HOUR), charged from Content-Length before the body is read.
 * All are refused before the body is parsed, with 429, our error shape and Retry-After.
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.js';
import { tooManyRequests } from '../lib/errors.js';
import { databaseStore, hit } from '../lib/rate-limit-store.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A stricter limit besides the write limits: 'mail' (the route sends mail) or 'upload' (a heavy body). */
    limit?: 'mail' | 'upload';
  }
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A write to the API: by the matched route's path (the raw URL only when no route matched). */
const isApiWrite = (req: FastifyRequest) => {
  const path = req.routeOptions.url ?? req.url;
  return WRITE_METHODS.has(req.method) && (path === '/api' || path.startsWith('/api/'));
};

/** The verified session user or applicant (the auth hook has run), or null for an anonymous request. */
export function identityOf(req: FastifyRequest): string | null {
  if (req.applicant) return `applicant:${req.applicant.applicantId}`;
  return req.viewer ? `user:${req.viewer.userId}` : null;
}

/** The client address; an IPv6 client by its /64, as one household or phone holds a whole prefix. */
const addressOf = (req: FastifyRequest) => normalizeIP(req.ip);

const seconds = (n: number) => (n === 1 ? '1 second' : `${n} seconds`);
export const tooMany = (retryAfterSeconds: number, what = 'requests') =>
  tooManyRequests(`Too many ${what}. Try again in ${seconds(retryAfterSeconds)}.`, retryAfterSeconds);

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

async function enforce(limiter: Limiter, req: FastifyRequest, what?: string): Promise<void> {
  const result = await limiter(req);
  if (!result.isAllowed && result.isExceeded) throw tooMany(Math.max(1, result.ttlInSeconds), what);
}

export async function registerRateLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limits = ctx.config.rateLimits;
  const now = () => ctx.now();

  // Reads are never limited (the allowList below passes them), so a read route gets no limit hook at all: one hook
  // less on every read (issue 16). Runs before the plugin's own onRoute hook, which honours `rateLimit: false`.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITE_METHODS.has(m))) route.config = { ...route.config, rateLimit: false };
  });

  await app.register(rateLimit, {
    // The per-identity write limit on every route (reads and anonymous requests pass through allowList).
    global: limits.writesPerMinute > 0,
    hook: 'onRequest',
    store: databaseStore(ctx.db, now),
    max: Math.max(1, limits.writesPerMinute),
    timeWindow: MINUTE_MS,
    keyGenerator: (req) => `writes:${identityOf(req) ?? 'anonymous'}`,
    allowList: (req) => !isApiWrite(req) || identityOf(req) === null,
    errorResponseBuilder: (_req, context) => tooMany(Math.max(1, Math.ceil(context.ttl / 1000))),
  });

  if (limits.writesPerAddressPerMinute > 0) {
    const perAddress = app.createRateLimit({
      max: limits.writesPerAddressPerMinute,
      timeWindow: MINUTE_MS,
      keyGenerator: (req) => `writes:ip:${addressOf(req)}`,
      allowList: [],
    });
    // App-level and registered before registerAuth: runs before the auth hook. A callback hook, so a read (nearly
    // every request) passes without a promise (issue 16).
    app.addHook('onRequest', (req, _reply, done) => {
      if (!isApiWrite(req)) return done();
      enforce(perAddress, req).then(() => done(), done);
    });
  }

  const mailPerAddress = app.createRateLimit({
    max: limits.mailPerHour,
    timeWindow: HOUR_MS,
    keyGenerator: (req) => `mail:ip:${addressOf(req)}`,
    allowList: [],
  });
  const mailPerIdentity = app.createRateLimit({
    max: limits.mailPerHour,
    timeWindow: HOUR_MS,
    keyGenerator: (req) => `mail:${identityOf(req)}`,
    allowList: (req) => identityOf(req) === null,
  });
  const mailLimit: onRequestAsyncHookHandler = async (req) => {
    if (limits.mailPerHour === 0) return;
    await enforce(mailPerAddress, req);
    await enforce(mailPerIdentity, req);
  };

  const uploadLimit: onRequestAsyncHookHandler = async (req) => {
    const budget = req.applicant ? limits.applicantUploadBytesPerHour : limits.uploadBytesPerHour;
    if (budget === 0) return;
    // Bytes as sent; a body without Content-Length (chunked) is charged the route's whole body limit.
    const declared = Number(req.headers['content-length']);
    const bytes =
      Number.isSafeInteger(declared) && declared > 0
        ? declared
        : (req.routeOptions.bodyLimit ?? ctx.config.bodyLimitBytes);
    const key = `upload-bytes:${identityOf(req) ?? `ip:${addressOf(req)}`}`;
    const at = now();
    const result = await hit(ctx.db, key, bytes, HOUR_MS, at);
    if (result.count > budget) {
      // A refused upload is given back: it stored nothing, and a smaller one may still fit.
      await hit(ctx.db, key, -bytes, HOUR_MS, at);
      throw tooMany(Math.max(1, Math.ceil(result.ttlMs / 1000)), 'uploads');
    }
  };

  // Route-level hooks run after the app-level auth hook, so the identity is the verified one.
  app.addHook('onRoute', (route) => {
    const kind = route.config?.limit;
    if (kind === undefined) return;
    const hook = kind === 'mail' ? mailLimit : uploadLimit;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, hook];
  });
}
