/** Every setting, read from the environment and validated. README lists each with its default. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SUBSCRIBER_EXPORT_MAX_ROWS } from '@strand/domain';
import { z } from 'zod';
import { SQLITE_SYNCHRONOUS_LEVELS } from './db/connect.js';

/** OpenStreetMap's standard tiles and the credit their licence asks for (https://osmfoundation.org/wiki/Licence). */
const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_MAP_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  // Where uploaded and generated files live: postgres (the database file store, the default with DATABASE_URL) or
  // disk (DATA_DIR/files, the default on SQLite).
  STORAGE: z
    .enum(['postgres', 'disk', ''], { message: 'STORAGE must be postgres or disk' })
    .optional()
    .transform((v) => v || undefined),
  // How SQLite waits for the disk at each commit (SQLite only): full (the default) keeps every committed write
  // through a power cut; normal keeps the file sound but may lose the last commits; off hands the writes to the
  // operating system. For data thrown away after a run (the test suites), never for real data.
  SQLITE_SYNCHRONOUS: z
    .enum(SQLITE_SYNCHRONOUS_LEVELS, { message: 'SQLITE_SYNCHRONOUS must be full, normal or off' })
    .default('full'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // Behind a load balancer: how long an instance keeps serving after SIGTERM with /api/health/ready at 503, so the
  // balancer takes it out before it closes (its health checks' interval × fall, and a margin). 0: close at once.
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 3600),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Boone Valley Fiber <no-reply@boonevalleyfiber.example>'),
  PROVIDER_NAME: z.string().default('Boone Valley Fiber'),
  SUPPORT_PHONE: z.string().default('(573)555-0100'),
  WEBMAIL_URL: z.string().default('https://webmail.boonevalleyfiber.example'),
  REPORT_ISSUE_EMAIL: z.string().default('portal-issues@boonevalleyfiber.example'),
  PROVIDER_LINKS: z
    .string()
    .default(
      'Home|https://www.boonevalleyfiber.example;Support|https://www.boonevalleyfiber.example/support;Privacy|https://www.boonevalleyfiber.example/privacy',
    ),
  LOGIN_MAX_FAILURES_PER_USER: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_MAX_FAILURES_PER_DEVICE: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  REGISTER_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  REGISTER_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  SESSION_CHECK_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  SUPER_LINK_WINDOW_SECONDS: z.coerce.number().int().min(30).default(600),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  ORDERING_CHECK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  // Rate limits (plugins/rate-limits.ts); 0 turns a limit off.
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  RATE_LIMIT_IP_WRITES_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  RATE_LIMIT_MAIL_PER_HOUR: z.coerce.number().int().min(0).default(10),
  RATE_LIMIT_UPLOAD_BYTES_PER_HOUR: z.coerce.number().int().min(0).default(268_435_456),
  // What one client address may create on the public ordering routes an hour (issue 25 finding 3; 0: no cap).
  ORDERING_CHECKS_PER_HOUR: z.coerce.number().int().min(0).default(100),
  ORDERING_TEMP_LOCATIONS_PER_HOUR: z.coerce.number().int().min(0).default(10),
  ORDERING_CARTS_PER_HOUR: z.coerce.number().int().min(0).default(30),
  ORDERING_LEADS_PER_HOUR: z.coerce.number().int().min(0).default(10),
  APPLICANT_UPLOAD_BYTES_PER_HOUR: z.coerce.number().int().min(0).default(20_000_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  PUBLIC_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(16_384),
  JSON_MAX_DEPTH: z.coerce.number().int().min(2).max(1000).default(64),
  // Checkout guards (modules/ordering/checkout-guards.service.ts).
  ORDER_MAX_OPEN_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  ORDER_MAX_OPEN_PER_CARD: z.coerce.number().int().min(1).default(5),
  CHECKOUT_DECLINE_WINDOW_SECONDS: z.coerce.number().int().min(60).default(3600),
  CHECKOUT_MAX_DECLINES_PER_CHECKOUT: z.coerce.number().int().min(1).default(3),
  CHECKOUT_MAX_DECLINES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  CHECKOUT_MAX_DECLINES_PER_CARD: z.coerce.number().int().min(1).default(3),
  CHECKOUT_MAX_DECLINES_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  SALES_ALERT_EMAIL: z.string().default('sales@boonevalleyfiber.example'),
  TRUST_PROXY: bool,
  UPLOAD_IMAGE_MAX_SIDE_PIXELS: z.coerce.number().int().min(1).default(12_000),
  UPLOAD_IMAGE_MAX_MEGAPIXELS: z.coerce.number().positive().default(50),
  ZIP_MAX_UNCOMPRESSED_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(50 * 1_048_576),
  ZIP_MAX_ENTRIES: z.coerce.number().int().min(1).default(2000),
  ZIP_MAX_COMPRESSION_RATIO: z.coerce.number().positive().default(100),
  ZIP_RATIO_MIN_BYTES: z.coerce.number().int().min(0).default(1_048_576),
  STORAGE_MIN_FREE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(100 * 1_048_576),
  /** Base tiles, on by default (OpenStreetMap's standard tiles); '' or 'none' turns the base map off (issue 27). */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'MAP_TILE_URL must be an http(s) URL with {z}, {x} and {y}')
    .or(z.enum(['', 'none']).transform(() => null))
    .default(DEFAULT_MAP_TILE_URL),
  /** The tile source's credit line, shown on every map that draws its tiles. */
  MAP_TILE_ATTRIBUTION: z.string().max(200).default(DEFAULT_MAP_TILE_ATTRIBUTION),
  MAP_SERVICE_URL: z
    .string()
    .regex(/^https?:\/\/.*FeatureServer\/?$/, 'MAP_SERVICE_URL must be an http(s) ArcGIS .../FeatureServer URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAP_SERVICE_TOKEN: z.string().optional(),
  PAYMENT_GATEWAY: z.enum(['sandbox'], { message: 'PAYMENT_GATEWAY must be sandbox' }).default('sandbox'),
  CARD_FEE_BASIS_POINTS: z.coerce.number().int().min(0).max(1000).default(295),
  BILLING_REQUIRE_AUTOPAY: bool,
  BILLING_KEEP_LAST_PAYMENT_METHOD: bool,
  AUTOPAY_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  OLT_SNMP_PORT: z.coerce.number().int().min(1).max(65535).default(16161),
  // Every OLT request goes to this host instead of the circuit's OLT address: a simulated OLT run elsewhere (the
  // simulators process of a cluster). Set, no simulated OLT starts inside the server.
  OLT_SNMP_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:-]+$/, 'OLT_SNMP_HOST must be a host name or IP address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OLT_SNMP_READ_COMMUNITY: z.string().min(1).default('strand-read'),
  OLT_SNMP_WRITE_COMMUNITY: z.string().min(1).default('strand-write'),
  OLT_SIMULATOR: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === undefined || v === '' || v === 'true' || v === '1'),
  PHONE_SWITCH_PORT: z.coerce.number().int().min(1).max(65535).default(16262),
  PHONE_SWITCH_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'PHONE_SWITCH_URL must be an http(s) URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PHONE_SWITCH_API_KEY: z
    .string()
    .min(8, 'PHONE_SWITCH_API_KEY must be at least 8 characters')
    .default('strand-switch-key'),
  PHONE_SWITCH_SIMULATOR: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === undefined || v === '' || v === 'true' || v === '1'),
  PHONE_SWITCH_CONFIRM_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  AUTH_CODE_PUSH_INTERVAL_MS: z.coerce.number().int().min(200).max(600_000).default(1000),
  // Fax sending (integrations/fax): the carrier's HTTP API, or the simulated carrier started with the server.
  FAX_GATEWAY_URL: z
    .string()
    .regex(/^https?:\/\//, 'FAX_GATEWAY_URL must be an http(s) URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  FAX_SIMULATOR: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === undefined || v === '' || v === 'true' || v === '1'),
  FAX_SIMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(16650),
  FAX_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  FAX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  FAX_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  FAX_CLAIM_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  FAX_QUEUE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  // Toll fraud (issue 25): the pages one account may queue in any 24 hours (sends and retries of failed faxes).
  FAX_MAX_PAGES_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(300),
  // Notifications (issue 30, modules/notifications): delivery of the outbox, the SMS carrier, the local SMTP sink.
  NOTIFY_SMTP_SINK_PORT: z.coerce.number().int().min(0).max(65535).default(16625),
  SMS_GATEWAY_URL: z
    .string()
    .regex(/^https?:\/\//, 'SMS_GATEWAY_URL must be an http(s) URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMS_ACCOUNT_SID: z.string().min(1).default('ACstrand0000000000000000000000000'),
  SMS_AUTH_TOKEN: z.string().min(8, 'SMS_AUTH_TOKEN must be at least 8 characters').default('strand-sms-token'),
  SMS_FROM: z
    .string()
    .regex(/^\+\d{10,15}$/, 'SMS_FROM must be a number like +15735550100')
    .default('+15735550100'),
  SMS_SIMULATOR: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === undefined || v === '' || v === 'true' || v === '1'),
  SMS_SIMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(16660),
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  NOTIFY_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  NOTIFY_CLAIM_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  NOTIFY_EMAIL_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(50),
  NOTIFY_SMS_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(10),
  NOTIFY_REMINDERS_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  NOTIFY_TIME_ZONE: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'NOTIFY_TIME_ZONE must be an IANA time zone like America/Chicago')
    .default('America/Chicago'),
  // TV credentials (integrations/tv): the internal TV middleware host, or the simulated one started with the server.
  TV_MIDDLEWARE_URL: z
    .string()
    .regex(/^https?:\/\//, 'TV_MIDDLEWARE_URL must be an http(s) URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TV_SIMULATOR: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === undefined || v === '' || v === 'true' || v === '1'),
  TV_SIMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(16700),
  TV_APP_NAME: z.string().min(1).default('Boone Valley Fiber TV'),
  // Phone reports read the per-day call summaries (0024) or, as the baseline, the call records themselves.
  PHONE_REPORTS_SOURCE: z.enum(['summaries', 'records']).default('summaries'),
  // The most rows one subscriber-list CSV export may hold (larger lists are refused, to be narrowed first).
  SUBSCRIBER_EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(SUBSCRIBER_EXPORT_MAX_ROWS),
  // SPEC §6: user ids (nUserID) that keep their theme in the browser instead of loading it from the server.
  LOCAL_THEME_USER_IDS: z
    .string()
    .regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/, 'LOCAL_THEME_USER_IDS must be user ids separated by commas, like 12,40')
    .default(''),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems = clusterProblems(e);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: e.DATABASE_URL
      ? ({ dialect: 'postgres', url: e.DATABASE_URL } as const)
      : ({ dialect: 'sqlite', file: path.join(dataDir, 'portal.db'), synchronous: e.SQLITE_SYNCHRONOUS } as const),
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    /** The file store: the database's (stored_files) or DATA_DIR/files. */
    storage: {
      kind: e.STORAGE ?? (e.DATABASE_URL ? 'postgres' : 'disk'),
      minFreeBytes: e.STORAGE_MIN_FREE_BYTES,
    },
    /** SIGTERM: how long in-flight requests and the job round in progress may take before the process exits. */
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainDelayMs: e.SHUTDOWN_DRAIN_DELAY_MS,
    /** A job round's lease (renewed while it runs): how soon another instance takes over a dead one's job. */
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    sessionCheckCacheSeconds: e.SESSION_CHECK_CACHE_SECONDS,
    publicUrl: e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    shell: {
      providerName: e.PROVIDER_NAME,
      supportPhone: e.SUPPORT_PHONE,
      webmailUrl: e.WEBMAIL_URL,
      reportIssueEmail: e.REPORT_ISSUE_EMAIL,
      providerLinks: e.PROVIDER_LINKS.split(';')
        .map((pair) => pair.split('|'))
        .filter((p): p is [string, string] => p.length === 2 && Boolean(p[0]) && Boolean(p[1]))
        .map(([label, url]) => ({ label, url })),
    },
    loginLimits: {
      perUser: e.LOGIN_MAX_FAILURES_PER_USER,
      perIp: e.LOGIN_MAX_FAILURES_PER_IP,
      perDevice: e.LOGIN_MAX_FAILURES_PER_DEVICE,
      windowSeconds: e.LOGIN_FAILURE_WINDOW_SECONDS,
      maxDelaySeconds: e.LOGIN_MAX_DELAY_SECONDS,
    },
    registrationLimits: {
      perAccount: e.REGISTER_MAX_FAILURES_PER_ACCOUNT,
      perIp: e.REGISTER_MAX_FAILURES_PER_IP,
    },
    resetTokenTtlSeconds: e.RESET_TOKEN_TTL_SECONDS,
    superLinkWindowSeconds: e.SUPER_LINK_WINDOW_SECONDS,
    /** How long failed sign-ins, stored idempotent answers, reset links, e-mail changes and mail requests are kept. */
    retentionDays: e.RETENTION_DAYS,
    /** How long availability checks and carts that led nowhere are kept (the staff conversion report counts them). */
    orderingCheckRetentionDays: e.ORDERING_CHECK_RETENTION_DAYS,
    /** Creations one client address may make an hour on the public ordering routes (0: no cap). */
    orderingCaps: {
      checks: e.ORDERING_CHECKS_PER_HOUR,
      tempLocations: e.ORDERING_TEMP_LOCATIONS_PER_HOUR,
      carts: e.ORDERING_CARTS_PER_HOUR,
      leads: e.ORDERING_LEADS_PER_HOUR,
    },
    rateLimits: {
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
      writesPerAddressPerMinute: e.RATE_LIMIT_IP_WRITES_PER_MINUTE,
      mailPerHour: e.RATE_LIMIT_MAIL_PER_HOUR,
      uploadBytesPerHour: e.RATE_LIMIT_UPLOAD_BYTES_PER_HOUR,
      applicantUploadBytesPerHour: e.APPLICANT_UPLOAD_BYTES_PER_HOUR,
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    /** Bytes a public route's JSON body may have (plugins/json-body.ts); signed-in routes take bodyLimitBytes. */
    publicBodyLimitBytes: e.PUBLIC_BODY_LIMIT_BYTES,
    /** Nesting of arrays and objects a JSON body may have; deeper is refused before parsing. */
    jsonMaxDepth: e.JSON_MAX_DEPTH,
    /** Open orders a checkout may add to, and the declined cards after which it stops taking cards for a while. */
    checkoutGuards: {
      maxOpenOrdersPerAccount: e.ORDER_MAX_OPEN_PER_ACCOUNT,
      maxOpenOrdersPerCard: e.ORDER_MAX_OPEN_PER_CARD,
      declineWindowSeconds: e.CHECKOUT_DECLINE_WINDOW_SECONDS,
      maxDeclines: {
        checkout: e.CHECKOUT_MAX_DECLINES_PER_CHECKOUT,
        account: e.CHECKOUT_MAX_DECLINES_PER_ACCOUNT,
        card: e.CHECKOUT_MAX_DECLINES_PER_CARD,
        address: e.CHECKOUT_MAX_DECLINES_PER_ADDRESS,
      },
      /** Where sales staff are told when checkout stops taking cards somewhere. */
      salesAlertEmail: e.SALES_ALERT_EMAIL,
    },
    trustProxy: e.TRUST_PROXY,
    uploads: {
      image: {
        maxSidePixels: e.UPLOAD_IMAGE_MAX_SIDE_PIXELS,
        maxPixels: Math.round(e.UPLOAD_IMAGE_MAX_MEGAPIXELS * 1_000_000),
      },
      zip: {
        maxUncompressedBytes: e.ZIP_MAX_UNCOMPRESSED_BYTES,
        maxEntries: e.ZIP_MAX_ENTRIES,
        maxCompressionRatio: e.ZIP_MAX_COMPRESSION_RATIO,
        ratioMinBytes: e.ZIP_RATIO_MIN_BYTES,
      },
    },
    maps: {
      tileUrl: e.MAP_TILE_URL,
      tileAttribution: e.MAP_TILE_URL ? e.MAP_TILE_ATTRIBUTION.trim() || null : null,
      serviceUrl: e.MAP_SERVICE_URL?.replace(/\/$/, '') ?? null,
      serviceToken: e.MAP_SERVICE_TOKEN || null,
    },
    billing: {
      gateway: e.PAYMENT_GATEWAY,
      cardFeeBasisPoints: e.CARD_FEE_BASIS_POINTS,
      requireAutopay: e.BILLING_REQUIRE_AUTOPAY,
      keepLastPaymentMethod: e.BILLING_KEEP_LAST_PAYMENT_METHOD,
      autopayIntervalMinutes: e.AUTOPAY_INTERVAL_MINUTES,
    },
    olt: {
      snmpPort: e.OLT_SNMP_PORT,
      /** When set, the one address every OLT request goes to (a simulated OLT in another process). */
      host: e.OLT_SNMP_HOST ?? null,
      readCommunity: e.OLT_SNMP_READ_COMMUNITY,
      writeCommunity: e.OLT_SNMP_WRITE_COMMUNITY,
      /** Start the embedded simulated OLT (only when no OLT_SNMP_HOST names one elsewhere). */
      simulator: e.OLT_SIMULATOR && !e.OLT_SNMP_HOST,
    },
    phoneSwitch: {
      /** The switch's API; without PHONE_SWITCH_URL the simulated switch on PHONE_SWITCH_PORT. */
      url: e.PHONE_SWITCH_URL ?? `http://127.0.0.1:${e.PHONE_SWITCH_PORT}`,
      port: e.PHONE_SWITCH_PORT,
      apiKey: e.PHONE_SWITCH_API_KEY,
      /** Start the simulated switch (only when no PHONE_SWITCH_URL names a real one). */
      simulator: e.PHONE_SWITCH_SIMULATOR && !e.PHONE_SWITCH_URL,
      confirmDelayMs: e.PHONE_SWITCH_CONFIRM_MS,
      pushIntervalMs: e.AUTH_CODE_PUSH_INTERVAL_MS,
    },
    notifications: {
      /** Where mail goes: SMTP_URL, or the local SMTP sink (DATA_DIR/mail-sink) started with the server. */
      smtpUrl: e.SMTP_URL ?? `smtp://127.0.0.1:${e.NOTIFY_SMTP_SINK_PORT}`,
      smtpSink: !e.SMTP_URL,
      smtpSinkPort: e.NOTIFY_SMTP_SINK_PORT,
      sms: {
        url: e.SMS_GATEWAY_URL ?? `http://127.0.0.1:${e.SMS_SIMULATOR_PORT}`,
        accountSid: e.SMS_ACCOUNT_SID,
        authToken: e.SMS_AUTH_TOKEN,
        from: e.SMS_FROM,
        simulator: e.SMS_SIMULATOR && !e.SMS_GATEWAY_URL,
        simulatorPort: e.SMS_SIMULATOR_PORT,
      },
      maxAttempts: e.NOTIFY_MAX_ATTEMPTS,
      retryBaseSeconds: e.NOTIFY_RETRY_BASE_SECONDS,
      claimTimeoutSeconds: e.NOTIFY_CLAIM_TIMEOUT_SECONDS,
      /** Per-channel throttle: at most this many sends a second (one round a second). */
      perSecond: { email: e.NOTIFY_EMAIL_PER_SECOND, sms: e.NOTIFY_SMS_PER_SECOND },
      /** How often the day-before visit and card-expiry reminders look for what is due (0: never). */
      remindersIntervalMinutes: e.NOTIFY_REMINDERS_INTERVAL_MINUTES,
      timeZone: e.NOTIFY_TIME_ZONE,
    },
    fax: {
      gatewayUrl: e.FAX_GATEWAY_URL ?? `http://127.0.0.1:${e.FAX_SIMULATOR_PORT}`,
      simulator: e.FAX_SIMULATOR && !e.FAX_GATEWAY_URL,
      simulatorPort: e.FAX_SIMULATOR_PORT,
      simulatorDelayMs: e.FAX_SIMULATOR_DELAY_MS,
      maxAttempts: e.FAX_MAX_ATTEMPTS,
      retryBaseSeconds: e.FAX_RETRY_BASE_SECONDS,
      claimTimeoutSeconds: e.FAX_CLAIM_TIMEOUT_SECONDS,
      queueIntervalSeconds: e.FAX_QUEUE_INTERVAL_SECONDS,
      /** Pages one account may fax in any 24 hours (counted in fax_page_charges); past it a 429. */
      maxPagesPerDay: e.FAX_MAX_PAGES_PER_DAY,
    },
    tv: {
      middlewareUrl: e.TV_MIDDLEWARE_URL ?? `http://127.0.0.1:${e.TV_SIMULATOR_PORT}`,
      simulator: e.TV_SIMULATOR && !e.TV_MIDDLEWARE_URL,
      simulatorPort: e.TV_SIMULATOR_PORT,
      appName: e.TV_APP_NAME,
    },
    /** Where the phone reports read the calls: the per-day summaries, or the records (the benchmark's baseline). */
    phoneReports: { source: e.PHONE_REPORTS_SOURCE },
    /** The largest subscriber list one CSV export holds. */
    subscribers: { exportMaxRows: e.SUBSCRIBER_EXPORT_MAX_ROWS },
    /** SPEC §6: these users keep their theme in the browser (GET /api/config hands the list to the browser). */
    localThemeUserIds: [
      ...new Set(
        e.LOCAL_THEME_USER_IDS.split(',')
          .map((v) => v.trim())
          .filter((v) => v !== '')
          .map(Number),
      ),
    ],
  };
}

/**
 * Settings that several instances on one database must agree on. A secret generated per instance would make every
 * session valid on one instance only (and the file store on one disk would hold each upload on one instance only).
 */
function clusterProblems(e: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (e.DATABASE_URL && !e.JWT_SECRET) {
    problems.push(
      'JWT_SECRET: required when DATABASE_URL is set. Every instance sharing the database must sign and check ' +
        'sessions with the same secret (at least 32 characters, e.g. from `openssl rand -base64 48`); a secret ' +
        'generated per instance would sign users out whenever the load balancer sends them to another one.',
    );
  }
  if (e.STORAGE === 'postgres' && !e.DATABASE_URL) {
    problems.push('STORAGE: postgres needs DATABASE_URL (on SQLite files are kept on disk, STORAGE=disk).');
  }
  return problems;
}

/** Without JWT_SECRET, a random secret is made once and kept in DATA_DIR so restarts keep sessions valid. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
