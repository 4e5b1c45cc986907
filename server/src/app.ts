/** Builds the Fastify instance (no listen): external plugins, then app plugins, then the modules' routes. */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCodes } from '@strand/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Db } from './db/connect.js';
import { listen } from './db/notifications.js';
import { createHttpFaxGateway, type FaxGateway } from './integrations/fax/fax-gateway.js';
import { createMailer, type Mailer } from './integrations/mail/mailer.js';
import { createOltClient, type OltClient } from './integrations/network/olt-client.js';
import type { PaymentGateway } from './integrations/payments/payment-gateway.js';
import { createSandboxGateway } from './integrations/payments/sandbox-gateway.js';
import { createPhoneSwitchClient, type PhoneSwitch } from './integrations/phone-switch/phone-switch.js';
import { createFileStore } from './integrations/storage/select-store.js';
import { createHttpTvMiddleware, type TvMiddleware } from './integrations/tv/tv-middleware.js';
import { audit } from './lib/audit.js';
import { shortUserAgent, withOrigin } from './lib/request-context.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { applicantsRoutes } from './modules/applicants/applicants.routes.js';
import { assetsRoutes } from './modules/assets/assets.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { forgetRevoked, SESSIONS_CHANNEL, sessionProblem } from './modules/auth/sessions.service.js';
import { authCodesRoutes } from './modules/auth-codes/auth-codes.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { circuitsRoutes } from './modules/circuits/circuits.routes.js';
import { contractorRoutes } from './modules/contractor/contractor.routes.js';
import { customerAccountRoutes } from './modules/customer-account/customer-account.routes.js';
import { customerHomeRoutes } from './modules/customer-home/customer-home.routes.js';
import { dispatchRoutes } from './modules/dispatch/dispatch.routes.js';
import { faxOutboxRoutes } from './modules/fax-outbox/fax-outbox.routes.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { mapsRoutes } from './modules/maps/maps.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { orderingRoutes } from './modules/ordering/ordering.routes.js';
import { staffReviewRoutes } from './modules/ordering/staff-review.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { photosRoutes } from './modules/photos/photos.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { servicesRoutes } from './modules/services/services.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { staffHomeRoutes } from './modules/staff-home/staff-home.routes.js';
import { staffOrdersRoutes } from './modules/staff-orders/staff-orders.routes.js';
import { subscribersRoutes } from './modules/subscribers/subscribers.routes.js';
import { supportTicketsRoutes } from './modules/support-tickets/tickets.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { tvRoutes } from './modules/tv/tv.routes.js';
import { wholesaleRoutes } from './modules/wholesale/wholesale.routes.js';
import { workOrdersRoutes } from './modules/work-orders/work-orders.routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorPages } from './plugins/error-pages.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerJsonBody } from './plugins/json-body.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { lazyChildLogger, OneLinePerRequest } from './plugins/request-log.js';
import { redactUrl, registerSecurity } from './plugins/security.js';

export interface BuildOptions {
  config: Config;
  database: Db;
  mailer?: Mailer;
  /** The network adapter; defaults to an SNMP client for the OLT_SNMP_* settings. */
  olt?: OltClient;
  /** The phone switch adapter; defaults to a client of PHONE_SWITCH_URL. */
  phoneSwitch?: PhoneSwitch;
  /** The payment gateway; defaults to the one PAYMENT_GATEWAY names. */
  payments?: PaymentGateway;
  /** The fax carrier; defaults to the HTTP API at FAX_GATEWAY_URL (or the simulated carrier's port). */
  fax?: FaxGateway;
  /** The TV middleware; defaults to the HTTP service at TV_MIDDLEWARE_URL (or the simulated one's port). */
  tv?: TvMiddleware;
  now?: () => Date;
  /** Folder of the built web app; null serves the API only. */
  webDist?: string | null;
  logger?: boolean;
}

const MODULES = [
  systemRoutes,
  authRoutes,
  settingsRoutes,
  accountsRoutes,
  customerAccountRoutes,
  customerHomeRoutes,
  billingRoutes,
  supportTicketsRoutes,
  contractorRoutes,
  workOrdersRoutes,
  mapsRoutes,
  photosRoutes,
  assetsRoutes,
  circuitsRoutes,
  applicantsRoutes,
  servicesRoutes,
  orderingRoutes,
  staffReviewRoutes,
  faxOutboxRoutes,
  tvRoutes,
  wholesaleRoutes,
  reportsRoutes,
  dispatchRoutes,
  staffOrdersRoutes,
  staffHomeRoutes,
  historyRoutes,
  authCodesRoutes,
  subscribersRoutes,
  ordersRoutes,
  notificationsRoutes,
];

export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
            },
            // Asynchronous stdout: lines written while a write is under way go out together in the next one, instead
            // of one blocking write per line (issue 16: a sixth of a hot read's CPU). Flushed on exit.
            stream: pino.destination({ dest: 1, sync: false }),
          },
    // One line per request, written as precomputed JSON; a request's child logger made only when used (request-log.ts).
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerErrorPages(app, { supportPhone: config.shell.supportPhone });

  const now = options.now ?? (() => new Date());
  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    config,
    mailer: options.mailer ?? createMailer(config.mail, app.log),
    files: createFileStore(config.storage.kind, { db: database.db, dataDir: config.dataDir, log: app.log, now }),
    payments: options.payments ?? createPaymentGateway(config, database, now),
    olt:
      options.olt ??
      createOltClient({
        host: config.olt.host,
        port: config.olt.snmpPort,
        readCommunity: config.olt.readCommunity,
        writeCommunity: config.olt.writeCommunity,
      }),
    phoneSwitch:
      options.phoneSwitch ??
      createPhoneSwitchClient({ url: config.phoneSwitch.url, apiKey: config.phoneSwitch.apiKey }),
    fax: options.fax ?? createHttpFaxGateway({ url: config.fax.gatewayUrl, timeoutMs: 120_000 }),
    tv: options.tv ?? createHttpTvMiddleware({ url: config.tv.middlewareUrl, timeoutMs: 5_000 }),
    issueToken: (claims) => app.jwt.sign(claims),
    now,
    log: app.log,
    lifecycle: { instanceId: instanceId(), draining: false },
  };

  // While draining (SIGTERM), each answer closes its connection: a client's kept-alive connection would otherwise hold
  // the closing server until Node's keep-alive timeout (5 s), and its next request belongs to another instance.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (ctx.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  // Each audit entry knows where its request came from (lib/request-context.ts, lib/audit.ts).
  app.addHook('onRequest', (req, _reply, done) =>
    withOrigin(
      {
        ip: req.ip ?? null,
        userAgent: shortUserAgent(req.headers['user-agent']),
        superUser: () => req.viewer?.superUser ?? false,
      },
      done,
    ),
  );
  registerJsonBody(app, { maxDepth: config.jsonMaxDepth, publicBodyLimit: config.publicBodyLimitBytes });
  await registerCompression(app);
  await registerSecurity(app);
  // Before the auth hook: the per-address write limit runs first; per-user limits are route hooks, after auth.
  await registerRateLimits(app, ctx);
  await registerAuth(app, {
    secret: config.jwtSecret,
    ttlSeconds: config.tokenTtlSeconds,
    sessionProblem: (sid) => sessionProblem(ctx, sid),
    audit: (entry) => audit(ctx.db, entry),
    now: () => ctx.now(),
  });
  if (config.database.dialect === 'postgres') {
    // Sessions revoked on another instance are dropped from this one's cache at once (sessions.service.ts).
    const listener = listen(config.database.url, SESSIONS_CHANNEL, (m) => forgetRevoked(ctx, m), app.log);
    app.addHook('onClose', () => listener.close());
  }
  await registerOpenApi(app);
  for (const module of MODULES) await app.register(module, { ctx });

  const webDist = options.webDist === undefined ? defaultWebDist() : options.webDist;
  registerWebApp(app, webDist);
  return { app, ctx };
}

/** The gateway PAYMENT_GATEWAY names. */
function createPaymentGateway(config: Config, database: Db, now: () => Date): PaymentGateway {
  switch (config.billing.gateway) {
    case 'sandbox':
      return createSandboxGateway(database.db, config.jwtSecret, now);
  }
}

/** Names this process among the instances sharing a database (job leases, GET /api/health/jobs). */
function instanceId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

function defaultWebDist(): string {
  return path.resolve(import.meta.dirname, '../../web/dist');
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html for every app route. A missing file
 * (a path with an extension) is a 404, so a stale page's chunk request fails cleanly instead of getting HTML.
 * `preCompressed`: a client accepting br (or gzip) gets the file's .br (.gz) twin that the build wrote, with
 * Content-Encoding set and `Vary: Accept-Encoding` so a shared cache keeps one copy per encoding.
 */
function registerWebApp(app: FastifyInstance, webDist: string | null) {
  const hasWeb = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // "/" is a folder to the static plugin; it is the app's sign-in page.
    app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html'));
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if (!isApi && !isFile && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: { code: ErrorCodes.notFound, message: `No route ${req.method} ${pathname}.` } });
  });
}
