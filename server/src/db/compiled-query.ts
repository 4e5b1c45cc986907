/**
 * Queries built and compiled once, then run with each call's values (issue 16). Building a Kysely query and compiling
 * it to SQL costs more CPU than SQLite spends running a primary-key lookup, and the hot paths (the session check of
 * every signed-in request, the owner query of every work-order access check) ask the same query every time.
 *
 *   const ownerOf = compiledQuery((db, id: number) => db.selectFrom('work_orders').select('id').where('id', '=', id));
 *   const rows = await ownerOf(ctx.db, 100001);
 *
 * The builder runs once per database (its transactions share the plan: same dialect, same compiler) with stand-ins
 * for the arguments; each stand-in must reach the query unchanged as one parameter (a `where x = arg`), so a builder whose shape depends on its arguments (an `if`,
 * an IN list, a computed value) cannot be compiled this way and says so the first time it runs. A database with
 * plugins gets the query built each time instead (plugins see every statement, as the statement-count tests need).
 * On SQLite, when no query or transaction holds the connection, the statement is read at once (connect.ts readIfIdle).
 */
import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import { readIfIdle } from './connect.js';
import type { Database } from './database.js';

type Db = Kysely<Database> | Transaction<Database>;
type Slot = { arg: number } | { value: unknown };
interface Plan<O> {
  compiled: CompiledQuery<O>;
  slots: Slot[];
}

/** A value no caller passes: a per-process random marker and the argument's position. */
const MARK = `compiled-query-argument-${Math.random().toString(36).slice(2)}-`;
const standIn = (i: number) => `${MARK}${i}`;
const argumentOf = (value: unknown) =>
  typeof value === 'string' && value.startsWith(MARK) ? Number(value.slice(MARK.length)) : null;

export function compiledQuery<A extends unknown[], O>(
  build: (db: Db, ...args: A) => { compile(): CompiledQuery<O> },
): (db: Db, ...args: A) => Promise<O[]> {
  // By the database's dialect adapter, which its transactions share, so a query run in a transaction is not built
  // again for each one.
  const plans = new WeakMap<object, Plan<O>>();
  const plan = (db: Db, arity: number): Plan<O> => {
    const standIns = Array.from({ length: arity }, (_, i) => standIn(i)) as A;
    const compiled = build(db, ...standIns).compile();
    const slots: Slot[] = compiled.parameters.map((value) => {
      const arg = argumentOf(value);
      return arg === null ? { value } : { arg };
    });
    const used = new Set(slots.flatMap((s) => ('arg' in s ? [s.arg] : [])));
    if (used.size !== arity || compiled.sql.includes(MARK)) {
      throw new Error(`compiledQuery: every argument must be one parameter of the query, as it is: ${compiled.sql}`);
    }
    return { compiled, slots };
  };
  return async (db, ...args) => {
    // With plugins (a test's statement log), build every time, so each run passes through them as any query does.
    if (db.getExecutor().plugins.length > 0) return (await db.executeQuery(build(db, ...args))).rows;
    const key = db.getExecutor().adapter;
    let p = plans.get(key);
    if (!p) {
      p = plan(db, args.length);
      plans.set(key, p);
    }
    const parameters = p.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    const query = { ...p.compiled, parameters };
    // SQLite with its connection free: read now (db/connect.ts readIfIdle); else through Kysely's queue.
    const rows = readIfIdle(db, query);
    if (rows) return rows as O[];
    return (await db.executeQuery<O>(query)).rows;
  };
}
