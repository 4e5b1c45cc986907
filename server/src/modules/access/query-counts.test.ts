/**
 * How many SQL statements a request costs, counted by a Kysely plugin on the app's own connection (ctx.db). Access
 * checks must stay one small owner query each, not a whole work order loaded (sometimes twice) just to authorize.
 * The per-minute write limits count through the limit store's own handle and are not seen here; an upload's byte
 * budget goes through ctx.db and is (one statement).
 */
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../demo/file-formats.js';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';

/** Keeps every statement the app runs while `recording` is on. */
class StatementLog implements KyselyPlugin {
  recording = false;
  readonly nodes: RootOperationNode[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording) this.nodes.push(node);
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

let t: TestApp;
const tokens: Record<string, string> = {};
const log = new StatementLog();
const CW = DEMO.contractorWorkOrders;
const CONTRACTOR_WO = CW.company2OpenByType['Consumer Splicing'] ?? 0;
const INSTALLER_WO = DEMO.workOrders.fullInstall;
const png = makePng(40, 30, (x, y) => [x * 6, y * 8, 120]);
let ontId = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['contractor', 'installer']) tokens[u] = await t.login(u);
  ontId = (
    await t.db.db.selectFrom('assets').select('id').where('asset_tag', '=', DEMO.assets.ont).executeTakeFirstOrThrow()
  ).id;
  t.ctx.db = t.ctx.db.withPlugin(log);
});
afterAll(() => t.close());

let uploads = 0;
function upload(user: string, url: string) {
  uploads += 1;
  const body = multipart([{ name: 'file_0', filename: 'IMG.png', type: 'image/png', data: png }]);
  return t.request({
    method: 'POST',
    url,
    token: tokens[user],
    payload: body.payload,
    headers: { ...body.headers, 'idempotency-key': `query-count-${uploads}-0000` },
  });
}
const get = (user: string, url: string) => () => t.request({ method: 'GET', url, token: tokens[user] });
const put = (user: string, url: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url, token: tokens[user], payload });

/** The SQL of one request, after a warm-up request (so the session check is cached). */
async function statementsOf(send: () => Promise<{ statusCode: number; body: string }>, status: number) {
  const warmUp = await send();
  expect(warmUp.statusCode, warmUp.body).toBe(status);
  log.nodes.length = 0;
  log.recording = true;
  try {
    expect((await send()).statusCode).toBe(status);
  } finally {
    log.recording = false;
  }
  // PostgreSQL numbers its parameters ($1); SQLite writes ?.
  return log.nodes.map((node) =>
    t.ctx.db
      .getExecutor()
      .compileQuery(node, { queryId: 'count' } as never)
      .sql.replace(/\$\d+/g, '?'),
  );
}

const C = `/api/contractor/work-orders/${CONTRACTOR_WO}`;
const I = `/api/installer/work-orders/${INSTALLER_WO}`;
type Send = () => Promise<{ statusCode: number; body: string }>;
/**
 * [request, send, status, statements at most]. Measured before the access helpers (November 2026): read 2, upload 8,
 * attachment list 3, acknowledgement read 2, acknowledgement update 4, checklist history 3, PDF 7, foreign 1,
 * installer object 5, notes 2, service location 2, photo upload 6, asset actions 3.
 */
const cases: [string, Send, number, number][] = [
  ['contractor work-order read', get('contractor', C), 200, 3],
  // The upload's audit entry is its sixth statement (on the account the owner lookup read).
  ['contractor upload', () => upload('contractor', `${C}/attachments`), 201, 6],
  ['contractor attachment list', get('contractor', `${C}/attachments`), 200, 2],
  ['contractor acknowledgement read', get('contractor', `${C}/acknowledgement`), 200, 2],
  ['contractor acknowledgement update (a repeat)', () => put('contractor', `${C}/acknowledgement`, { ack: 1 }), 200, 3],
  ['contractor checklist history', get('contractor', `${C}/checklist/history`), 200, 2],
  ['contractor work-order PDF', get('contractor', `${C}/pdf`), 200, 7],
  ['contractor foreign work order (403)', get('contractor', `/api/contractor/work-orders/${CW.company1[0]}`), 403, 1],
  ['installer work-order object', get('installer', I), 200, 4],
  ['installer notes', get('installer', `${I}/notes`), 200, 2],
  ['installer service location', get('installer', `${I}/service-location`), 200, 3],
  // As the contractor's upload: the audit entry is its sixth statement.
  ['installer photo upload', () => upload('installer', `${I}/photos`), 201, 6],
  [
    'asset actions in a work order',
    () => get('installer', `/api/assets/${ontId}/actions?WOId=${INSTALLER_WO}`)(),
    200,
    3,
  ],
];

const OWNER_LOOKUP =
  'select "id", "contractor_id", "service_location_id", "customer_id" from "work_orders" where "id" = ?';

describe('statements per request', () => {
  const counts: string[] = [];
  afterAll(() => console.warn(`statements per request:\n${counts.join('\n')}`));

  it.each(cases)('%s: one owner lookup, nothing read twice', async (name, send, status, budget) => {
    const sql = await statementsOf(send, status);
    counts.push(`${String(sql.length).padStart(3)}  ${name}`);
    expect(sql.filter((s) => s === OWNER_LOOKUP)).toHaveLength(1);
    expect(sql.filter((s) => s.includes('from "work_orders"') && s.includes('"contractor_id"'))).toHaveLength(1);
    expect(new Set(sql).size, sql.join('\n')).toBe(sql.length);
    expect(sql.length, sql.join('\n')).toBeLessThanOrEqual(budget);
  });
});
