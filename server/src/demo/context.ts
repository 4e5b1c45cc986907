/** State shared by the generator's steps: the transaction, the PRNG, the clock, id counters and row counts. */
import type { Kysely } from 'kysely';
import type { Database, NewRow } from '../db/database.js';
import { type DialectName, insertRows } from './batch.js';
import type { DemoClock } from './clock.js';
import { Random } from './random.js';

export class IdCounters {
  private readonly last = new Map<string, number>();

  /** The next id of `table`: one past the largest id handed out or claimed so far. */
  next(table: string): number {
    const id = (this.last.get(table) ?? 0) + 1;
    this.last.set(table, id);
    return id;
  }

  /** Records an explicit id so later `next` calls stay above it. */
  claim(table: string, id: number): number {
    this.last.set(table, Math.max(this.last.get(table) ?? 0, id));
    return id;
  }

  /** Makes the next id of `table` at least `floor`. */
  startAt(table: string, floor: number): void {
    this.claim(table, floor - 1);
  }
}

export class SeedContext {
  readonly ids = new IdCounters();
  readonly counts: Record<string, number> = {};

  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: DialectName,
    readonly seed: number,
    readonly clock: DemoClock,
    readonly passwordHash: string,
  ) {}

  /** An independent PRNG stream per step, so changing one step leaves the data of the others as it was. */
  random(stream: string): Random {
    let hash = 0x811c9dc5;
    for (const ch of stream) hash = Math.imul(hash ^ (ch.codePointAt(0) ?? 0), 0x01000193) >>> 0;
    return new Random((hash ^ this.seed) >>> 0);
  }

  async insert<T extends keyof Database & string>(table: T, rows: readonly NewRow<T>[]): Promise<void> {
    const n = await insertRows(this.db, this.dialect, table, rows);
    this.counts[table] = (this.counts[table] ?? 0) + n;
  }
}
