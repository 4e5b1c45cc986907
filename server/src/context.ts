/** What every service receives: the database, the configuration, and the adapters to the outside world. */
import type { SessionClaims } from '@strand/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { DialectName } from './db/connect.js';
import type { Database } from './db/database.js';
import type { FaxGateway } from './integrations/fax/fax-gateway.js';
import type { Mailer } from './integrations/mail/mailer.js';
import type { OltClient } from './integrations/network/olt-client.js';
import type { PaymentGateway } from './integrations/payments/payment-gateway.js';
import type { PhoneSwitch } from './integrations/phone-switch/phone-switch.js';
import type { FileStore } from './integrations/storage/file-store.js';
import type { TvMiddleware } from './integrations/tv/tv-middleware.js';

export interface AppContext {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
  mailer: Mailer;
  /** Uploaded and generated files (attachments, photos, fax pages): the database's store or DATA_DIR/files. */
  files: FileStore;
  /** The payment gateway (PAYMENT_GATEWAY): tokenizes cards and bank accounts, charges them. */
  payments: PaymentGateway;
  /** The network adapter to the OLTs (SNMP): port stats, tone tests, ONT actions. */
  olt: OltClient;
  /** The phone switch adapter (PHONE_SWITCH_URL): where auth codes are pushed. */
  phoneSwitch: PhoneSwitch;
  /** The fax carrier (FAX_GATEWAY_URL, or the simulated carrier): sends the faxes of the queue. */
  fax: FaxGateway;
  /** The TV middleware (TV_MIDDLEWARE_URL, or the simulated one): TV app credentials by customer id. */
  tv: TvMiddleware;
  /** Signs a session token; `exp` is set from TOKEN_TTL_SECONDS. Only sessions.service calls it (the token's `sid`
   * must name an open session row). */
  issueToken(claims: Omit<SessionClaims, 'exp'> & { sid: string }): string;
  now(): Date;
  /** The server's logger (pino): for work that runs after the answer has gone out. */
  log: FastifyBaseLogger;
  /** This process among the instances sharing the database: its id, and whether it is draining (SIGTERM). */
  lifecycle: { instanceId: string; draining: boolean };
}
