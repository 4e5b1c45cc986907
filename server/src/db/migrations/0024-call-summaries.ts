/**
 * Phone reports on a year of calls (issue 14 part 1): per-day summaries of call_records, kept by triggers on
 * call_records (insert, update, delete), so every writer — the demo loader, a test, a future switch feed — keeps them
 * true without knowing they exist. Identical on SQLite and PostgreSQL (the trigger body is the same statements).
 *
 * - call_hour_totals: per account, day, hour (UTC), direction, class of the number dialled and connected (0/1): calls,
 *   busy, no answer, seconds and billed minutes (each call rounded up to the minute). ~100 rows a day for a 200-line
 *   business instead of ~2,400 calls.
 * - call_line_totals: the same per day and the account's own line (the called number of an inbound call, the calling
 *   one of an outbound call), without the hour: the per-line tables of 1+ Billing, 800 Billing and Outbound Calls.
 * - call_day_peaks: a cache of each day's concurrency peak (the sweep of the calls that started that day and the day
 *   before). A written call marks its start day and the next one stale; the reports sweep the stale days once and
 *   store them. long_calls counts calls that reach two days past their start day (the cache would miss them, so a
 *   range with one is swept from the records).
 *
 * Also the indexes of the staff conversion report (availability checks to orders): leads and carts by their check.
 *
 * The class rules are those of the reports repository's `callClass` (domain callClassOf), written out here because a
 * migration must not change when the app's code does.
 */
import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

const TOLL_FREE = "('800', '833', '844', '855', '866', '877', '888')";
const classOf = (r: string) => `case
  when ${r}to_number like '011%' then 'international'
  when (length(${r}to_number) = 11 and substr(${r}to_number, 1, 1) = '1' and substr(${r}to_number, 2, 3) in ${TOLL_FREE})
    or (length(${r}to_number) = 10 and substr(${r}to_number, 1, 3) in ${TOLL_FREE}) then 'toll_free'
  when length(${r}to_number) = 11 and substr(${r}to_number, 1, 1) = '1' then 'long_distance'
  else 'local' end`;
const lineOf = (r: string) => `case when ${r}direction = 'inbound' then ${r}to_number else ${r}from_number end`;
const dayOf = (r: string) => `substr(${r}started_at, 1, 10)`;
const connectedOf = (r: string) => `case when ${r}duration_seconds > 0 then 1 else 0 end`;
const MEASURES = ['calls', 'busy', 'no_answer', 'seconds', 'minutes'] as const;
const measuresOf = (r: string) => [
  '1',
  `case when ${r}outcome = 'busy' then 1 else 0 end`,
  `case when ${r}outcome = 'no_answer' then 1 else 0 end`,
  `${r}duration_seconds`,
  `(${r}duration_seconds + 59) / 60`,
];
/** The seconds of the day a call starts at (as epochSeconds truncates: whole seconds). */
const secondOfDay = (r: string) =>
  `(cast(substr(${r}started_at, 12, 2) as integer) * 3600 + cast(substr(${r}started_at, 15, 2) as integer) * 60 + cast(substr(${r}started_at, 18, 2) as integer))`;

interface Summary {
  table: string;
  keys: [string, (r: string) => string][];
}
const SUMMARIES: Summary[] = [
  {
    table: 'call_hour_totals',
    keys: [
      ['customer_id', (r) => `${r}customer_id`],
      ['day', dayOf],
      ['hour', (r) => `substr(${r}started_at, 12, 2)`],
      ['direction', (r) => `${r}direction`],
      ['class', classOf],
      ['connected', connectedOf],
    ],
  },
  {
    table: 'call_line_totals',
    keys: [
      ['customer_id', (r) => `${r}customer_id`],
      ['day', dayOf],
      ['direction', (r) => `${r}direction`],
      ['class', classOf],
      ['line', lineOf],
      ['connected', connectedOf],
    ],
  },
];

/** The statements that add (`new.`) or take away (`old.`) one call from the summaries. */
function statements(dialect: 'sqlite' | 'postgres', r: 'new.' | 'old.'): string[] {
  const out: string[] = [];
  for (const s of SUMMARIES) {
    const keyNames = s.keys.map(([k]) => k);
    const keyValues = s.keys.map(([, v]) => v(r));
    if (r === 'new.') {
      out.push(`insert into ${s.table} (${[...keyNames, ...MEASURES].join(', ')})
        values (${[...keyValues, ...measuresOf(r)].join(', ')})
        on conflict (${keyNames.join(', ')}) do update set
        ${MEASURES.map((m) => `${m} = ${s.table}.${m} + excluded.${m}`).join(', ')}`);
    } else {
      const where = s.keys.map(([k], i) => `${k} = ${keyValues[i]}`).join(' and ');
      const values = measuresOf(r);
      out.push(
        `update ${s.table} set ${MEASURES.map((m, i) => `${m} = ${m} - (${values[i]})`).join(', ')} where ${where}`,
      );
      out.push(`delete from ${s.table} where ${where} and calls = 0`);
    }
  }
  // The concurrency cache: the start day and the next one are stale; a call reaching two days on counts as long.
  const nextDay =
    dialect === 'postgres' ? `to_char(cast(${dayOf(r)} as date) + 1, 'YYYY-MM-DD')` : `date(${dayOf(r)}, '+1 day')`;
  const long = `case when ${r}duration_seconds > 0 and ${secondOfDay(r)} + ${r}duration_seconds >= 172800 then ${r === 'new.' ? 1 : -1} else 0 end`;
  out.push(`insert into call_day_peaks (customer_id, day, stale, peak, first_at, long_calls)
    values (${r}customer_id, ${dayOf(r)}, 1, 0, 0, ${long})
    on conflict (customer_id, day) do update set stale = 1, long_calls = call_day_peaks.long_calls + excluded.long_calls`);
  out.push(`insert into call_day_peaks (customer_id, day, stale, peak, first_at, long_calls)
    values (${r}customer_id, ${nextDay}, 1, 0, 0, 0)
    on conflict (customer_id, day) do update set stale = 1`);
  return out;
}

const run = (db: AnyDb, text: string) => sql.raw(text).execute(db);

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const rowid = (t: Parameters<Parameters<MigrationKit['table']>[1]>[0]) =>
    kit.dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t;
  for (const s of SUMMARIES) {
    await kit.table(s.table, (t) => {
      let b = t;
      for (const [k] of s.keys) b = b.addColumn(k, k === 'connected' ? 'integer' : 'text', kit.nn);
      for (const m of MEASURES) b = b.addColumn(m, 'integer', kit.nn);
      return rowid(b.addPrimaryKeyConstraint(`${s.table}_pk`, s.keys.map(([k]) => k) as never));
    });
    const keys = s.keys.map(([, v]) => v(''));
    await run(
      db,
      `insert into ${s.table} (${[...s.keys.map(([k]) => k), ...MEASURES].join(', ')})
       select ${keys.join(', ')}, ${measuresOf('')
         .map((m) => `sum(${m})`)
         .join(', ')}
       from call_records group by ${keys.join(', ')}`,
    );
  }
  await kit.table('call_day_peaks', (t) =>
    rowid(
      t
        .addColumn('customer_id', 'text', kit.nn)
        .addColumn('day', 'text', kit.nn)
        .addColumn('stale', 'integer', kit.nn)
        .addColumn('peak', 'integer', kit.nn)
        .addColumn('first_at', 'integer', kit.nn)
        .addColumn('long_calls', 'integer', kit.nn)
        .addPrimaryKeyConstraint('call_day_peaks_pk', ['customer_id', 'day'] as never),
    ),
  );
  // Every day that has calls, and the day after, starts stale (swept by the first report that needs it).
  const long = `sum(case when duration_seconds > 0 and ${secondOfDay('')} + duration_seconds >= 172800 then 1 else 0 end)`;
  await run(
    db,
    `insert into call_day_peaks (customer_id, day, stale, peak, first_at, long_calls)
     select customer_id, ${dayOf('')}, 1, 0, 0, ${long} from call_records group by customer_id, ${dayOf('')}`,
  );
  const nextDay = kit.dialect === 'postgres' ? `to_char(cast(day as date) + 1, 'YYYY-MM-DD')` : `date(day, '+1 day')`;
  await run(
    db,
    `insert into call_day_peaks (customer_id, day, stale, peak, first_at, long_calls)
     select customer_id, ${nextDay}, 1, 0, 0, 0 from call_day_peaks where true
     on conflict (customer_id, day) do nothing`,
  );

  await kit.index('availability_leads_check_idx', 'availability_leads', ['check_id']);
  await kit.index('carts_check_idx', 'carts', ['check_id', 'order_id']);

  if (kit.dialect === 'postgres') {
    const body = (r: 'new.' | 'old.') => statements('postgres', r).join(';\n');
    await run(
      db,
      `create function call_records_summaries() returns trigger language plpgsql as $$
       begin
         if tg_op in ('UPDATE', 'DELETE') then ${body('old.')}; end if;
         if tg_op in ('INSERT', 'UPDATE') then ${body('new.')}; end if;
         return null;
       end $$`,
    );
    await run(
      db,
      'create trigger call_records_summaries after insert or update or delete on call_records for each row execute function call_records_summaries()',
    );
  } else {
    const body = (r: 'new.' | 'old.') => statements('sqlite', r).join(';\n');
    await run(
      db,
      `create trigger call_records_summaries_insert after insert on call_records begin ${body('new.')}; end`,
    );
    await run(
      db,
      `create trigger call_records_summaries_delete after delete on call_records begin ${body('old.')}; end`,
    );
    await run(
      db,
      `create trigger call_records_summaries_update after update on call_records begin ${body('old.')}; ${body('new.')}; end`,
    );
  }
}

export async function down(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect === 'postgres') {
    await run(db, 'drop trigger if exists call_records_summaries on call_records');
    await run(db, 'drop function if exists call_records_summaries()');
  } else {
    for (const t of ['insert', 'delete', 'update']) await run(db, `drop trigger if exists call_records_summaries_${t}`);
  }
  await db.schema.dropIndex('carts_check_idx').ifExists().execute();
  await db.schema.dropIndex('availability_leads_check_idx').ifExists().execute();
  for (const t of ['call_day_peaks', 'call_line_totals', 'call_hour_totals']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
