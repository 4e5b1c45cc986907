/**
 * The phone reports' extra calls for Acme Dental Group (`business`), so each of the nine report types of SPEC §9
 * has data: inbound calls to its toll-free number 1-800-555-0300 (800 Billing), international calls (1+ Billing),
 * busy signals in the late-morning rush (Busy Report), and on some days a burst of long overlapping calls (Concurrent
 * Calls). Over the same 60 days as billing.ts's calls, with its own PRNG seed so no other record changes.
 */
import type { NewRow } from '../db/database.js';
import type { SeedContext } from './context.js';
import { DEMO } from './demo-ids.js';
import { Random } from './random.js';

export const ACME_TOLL_FREE = '18005550300';
const MAIN_NUMBER = '5735550300';
const EXTENSIONS = ['5735550301', '5735550302', '5735550303', '5735550304', '5735550305', '5735550306'];
const CALLERS = ['5734420118', '5738746320', '6605550177', '8165550164', '4175550139', '3145550181'];
const INTERNATIONAL = ['011442079460123', '0115255501234'];

export async function seedPhoneCalls(ctx: SeedContext): Promise<void> {
  const rng = new Random(20_251_114);
  const rows: NewRow<'call_records'>[] = [];
  const customer_id = DEMO.customers.business;
  const at = (day: number, hour: number, minute: number, second = 0) =>
    ctx.clock.at(day, hour, minute).replace(/:00\.000Z$/, `:${String(second).padStart(2, '0')}.000Z`);
  for (let day = -60; day <= 0; day++) {
    const weekday = new Date(`${ctx.clock.date(day)}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    // 800 calls: patients calling the toll-free line.
    for (let n = rng.int(3, 8); n > 0; n--) {
      const answered = rng.chance(0.9);
      rows.push({
        customer_id,
        started_at: at(day, 13 + rng.int(0, 9), rng.int(0, 59), rng.int(0, 59)),
        direction: 'inbound',
        from_number: rng.pick(CALLERS),
        to_number: ACME_TOLL_FREE,
        duration_seconds: answered ? rng.int(30, 720) : 0,
        outcome: answered ? 'answered' : rng.chance(0.5) ? 'busy' : 'no_answer',
      });
    }
    // Busy signals in the rush between 14:00 and 16:59 UTC (every line in use).
    for (let n = rng.int(1, 5); n > 0; n--) {
      rows.push({
        customer_id,
        started_at: at(day, rng.pick([14, 15, 15, 16]), rng.int(0, 59), rng.int(0, 59)),
        direction: 'inbound',
        from_number: rng.pick(CALLERS),
        to_number: MAIN_NUMBER,
        duration_seconds: 0,
        outcome: 'busy',
      });
    }
    // Now and then an international call to a supplier.
    if (rng.chance(0.25)) {
      rows.push({
        customer_id,
        started_at: at(day, 15 + rng.int(0, 4), rng.int(0, 59)),
        direction: 'outbound',
        from_number: rng.pick(EXTENSIONS),
        to_number: rng.pick(INTERNATIONAL),
        duration_seconds: rng.int(120, 1500),
        outcome: 'answered',
      });
    }
    // Twice a week a burst: several long calls at once (up to 8 lines busy together).
    if (weekday === 2 || weekday === 4) {
      const hour = 15 + rng.int(0, 2);
      for (let n = rng.int(5, 8); n > 0; n--) {
        const inbound = rng.chance(0.5);
        rows.push({
          customer_id,
          started_at: at(day, hour, rng.int(0, 9), rng.int(0, 59)),
          direction: inbound ? 'inbound' : 'outbound',
          from_number: inbound ? rng.pick(CALLERS) : rng.pick(EXTENSIONS),
          to_number: inbound ? MAIN_NUMBER : rng.pick(CALLERS),
          duration_seconds: rng.int(900, 1800),
          outcome: 'answered',
        });
      }
    }
  }
  rows.sort((a, b) => a.started_at.localeCompare(b.started_at));
  await ctx.insert(
    'call_records',
    rows.filter((row) => ctx.clock.isPast(row.started_at)),
  );
}
