/**
 * PostgreSQL LISTEN/NOTIFY between the instances sharing a database: `notify` sends on a channel through the caller's
 * connection or transaction (PostgreSQL delivers it when that transaction commits, never before), `listen` keeps one
 * dedicated connection listening and reconnects after a failure (1 s, then up to 30 s apart). A message missed while
 * the listener is reconnecting is not replayed: listeners use messages only to drop caches early, never as the truth.
 */
import { sql } from 'kysely';
import type pg from 'pg';
import { postgresDriver } from './connect.js';
import type { Queryable } from './database.js';

export async function notify(db: Queryable, channel: string, payload: string) {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

export interface Listener {
  close(): Promise<void>;
}

export function listen(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  log: { warn(obj: object, msg: string): void },
): Listener {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 1_000;
  let timer: NodeJS.Timeout | null = null;

  const connect = async () => {
    if (closed) return;
    const c = new (postgresDriver().Client)({ connectionString: url });
    c.on('notification', (m) => {
      if (m.channel === channel) onMessage(m.payload ?? '');
    });
    c.on('error', (err) => {
      log.warn({ err, channel }, 'database listener lost its connection; reconnecting');
      c.end().catch(() => undefined);
      if (client === c) client = null;
      schedule();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (closed) {
        await c.end();
        return;
      }
      client = c;
      retryMs = 1_000;
    } catch (err) {
      log.warn({ err, channel }, 'database listener could not connect; retrying');
      c.end().catch(() => undefined);
      schedule();
    }
  };
  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };
  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
