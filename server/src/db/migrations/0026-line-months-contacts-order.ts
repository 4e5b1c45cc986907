/**
 * Phone reports on a year of calls (issue 14 part 1), the per-line tables: call_line_month_totals holds what
 * call_line_totals (0024-call-summaries) holds, per month (YYYY-MM) instead of per day: per account, month, direction,
 * class of the number dialled, the account's own line and connected (0/1): calls, busy, no answer, seconds and billed
 * minutes. A 200-line business has ~600 per-line rows a day, ~1,600 a month: a per-line table over a year reads the
 * whole months here and only the days at the ends of the range from call_line_totals.
 *
 * Kept by triggers of its own on call_records (insert, update, delete), beside 0024's, so every writer keeps it true.
 * The class rules are those of 0024 (domain callClassOf), written out again because a migration must not change when
 * the app's code (or another migration) does.
 *
 * Also the work-order home's contacts in their order (issue 16): contact_method_locations by (service_location_id,
 * contact_method_id), which holds the contacts of a location already sorted (the old index on service_location_id
 * alone left a sort to do on every work-order open); it replaces that index.
 */
import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

const TABLE = 'call_line_month_totals';
const TOLL_FREE = "('800', '833', '844', '855', '866', '877', '888')";
const KEYS: [string, (r: string) => string][] = [
  ['customer_id', (r) => `${r}customer_id`],
  ['month', (r) => `substr(${r}started_at, 1, 7)`],
  ['direction', (r) => `${r}direction`],
  [
    'class',
    (r) => `case
  when ${r}to_number like '011%' then 'international'
  when (length(${r}to_number) = 11 and substr(${r}to_number, 1, 1) = '1' and substr(${r}to_number, 2, 3) in ${TOLL_FREE})
    or (length(${r}to_number) = 10 and substr(${r}to_number, 1, 3) in ${TOLL_FREE}) then 'toll_free'
  when length(${r}to_number) = 11 and substr(${r}to_number, 1, 1) = '1' then 'long_distance'
  else 'local' end`,
  ],
  ['line', (r) => `case when ${r}direction = 'inbound' then ${r}to_number else ${r}from_number end`],
  ['connected', (r) => `case when ${r}duration_seconds > 0 then 1 else 0 end`],
];
const MEASURES = ['calls', 'busy', 'no_answer', 'seconds', 'minutes'] as const;
const measuresOf = (r: string) => [
  '1',
  `case when ${r}outcome = 'busy' then 1 else 0 end`,
  `case when ${r}outcome = 'no_answer' then 1 else 0 end`,
  `${r}duration_seconds`,
  `(${r}duration_seconds + 59) / 60`,
];

/** The statements that add (`new.`) or take away (`old.`) one call from the month totals. */
function statements(r: 'new.' | 'old.'): string[] {
  const keyNames = KEYS.map(([k]) => k);
  const keyValues = KEYS.map(([, v]) => v(r));
  if (r === 'new.') {
    return [
      `insert into ${TABLE} (${[...keyNames, ...MEASURES].join(', ')})
        values (${[...keyValues, ...measuresOf(r)].join(', ')})
        on conflict (${keyNames.join(', ')}) do update set
        ${MEASURES.map((m) => `${m} = ${TABLE}.${m} + excluded.${m}`).join(', ')}`,
    ];
  }
  const where = KEYS.map(([k], i) => `${k} = ${keyValues[i]}`).join(' and ');
  const values = measuresOf(r);
  return [
    `update ${TABLE} set ${MEASURES.map((m, i) => `${m} = ${m} - (${values[i]})`).join(', ')} where ${where}`,
    `delete from ${TABLE} where ${where} and calls = 0`,
  ];
}

const run = (db: AnyDb, text: string) => sql.raw(text).execute(db);

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  await kit.table(TABLE, (t) => {
    let b = t;
    for (const [k] of KEYS) b = b.addColumn(k, k === 'connected' ? 'integer' : 'text', kit.nn);
    for (const m of MEASURES) b = b.addColumn(m, 'integer', kit.nn);
    b = b.addPrimaryKeyConstraint(`${TABLE}_pk`, KEYS.map(([k]) => k) as never);
    return kit.dialect === 'sqlite' ? b.modifyEnd(sql`without rowid`) : b;
  });
  await kit.index('contact_method_locations_loc_contact_idx', 'contact_method_locations', [
    'service_location_id',
    'contact_method_id',
  ]);
  await db.schema.dropIndex('contact_method_locations_loc_idx').execute();
  const keys = KEYS.map(([, v]) => v(''));
  await run(
    db,
    `insert into ${TABLE} (${[...KEYS.map(([k]) => k), ...MEASURES].join(', ')})
     select ${keys.join(', ')}, ${measuresOf('')
       .map((m) => `sum(${m})`)
       .join(', ')}
     from call_records group by ${keys.join(', ')}`,
  );
  if (kit.dialect === 'postgres') {
    await run(
      db,
      `create function call_records_line_months() returns trigger language plpgsql as $$
       begin
         if tg_op in ('UPDATE', 'DELETE') then ${statements('old.').join(';\n')}; end if;
         if tg_op in ('INSERT', 'UPDATE') then ${statements('new.').join(';\n')}; end if;
         return null;
       end $$`,
    );
    await run(
      db,
      'create trigger call_records_line_months after insert or update or delete on call_records for each row execute function call_records_line_months()',
    );
  } else {
    const body = (r: 'new.' | 'old.') => statements(r).join(';\n');
    await run(
      db,
      `create trigger call_records_line_months_insert after insert on call_records begin ${body('new.')}; end`,
    );
    await run(
      db,
      `create trigger call_records_line_months_delete after delete on call_records begin ${body('old.')}; end`,
    );
    await run(
      db,
      `create trigger call_records_line_months_update after update on call_records begin ${body('old.')}; ${body('new.')}; end`,
    );
  }
}

export async function down(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect === 'postgres') {
    await run(db, 'drop trigger if exists call_records_line_months on call_records');
    await run(db, 'drop function if exists call_records_line_months()');
  } else {
    for (const t of ['insert', 'delete', 'update'])
      await run(db, `drop trigger if exists call_records_line_months_${t}`);
  }
  await db.schema.dropTable(TABLE).ifExists().execute();
  await kit.index('contact_method_locations_loc_idx', 'contact_method_locations', ['service_location_id']);
  await db.schema.dropIndex('contact_method_locations_loc_contact_idx').ifExists().execute();
}
