/**
 * Dates relative to the seeding day. Day 0 is the calendar date of `today` in the seeding machine's time zone;
 * timestamps are UTC ISO-8601 text and dates YYYY-MM-DD text, as the schema stores them. `today` is also the load
 * moment: records of things that already happened (calls, notes) must be stamped before it (`isPast`, `notAfter`).
 */

const DAY_MS = 86_400_000;

export class DemoClock {
  /** Midnight UTC of day 0. */
  private readonly base: number;
  /** The load moment (epoch ms). */
  readonly now: number;

  constructor(today: Date) {
    this.base = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
    this.now = today.getTime();
  }

  /** Whether a timestamp is strictly before the load moment. */
  isPast(timestamp: string): boolean {
    return Date.parse(timestamp) < this.now;
  }

  /** The timestamp, or `minutesBefore` minutes before the load moment when it is not already earlier than that. */
  notAfter(timestamp: string, minutesBefore: number): string {
    const latest = this.now - minutesBefore * 60_000;
    return Date.parse(timestamp) <= latest ? timestamp : new Date(latest).toISOString();
  }

  /** YYYY-MM-DD of the day `days` from today. */
  date(days: number): string {
    return new Date(this.base + days * DAY_MS).toISOString().slice(0, 10);
  }

  /** UTC timestamp of `days` from today at hour:minute UTC. */
  at(days: number, hour = 0, minute = 0): string {
    return new Date(this.base + days * DAY_MS + (hour * 60 + minute) * 60_000).toISOString();
  }

  /** The first day of the month `monthsAgo` months before today's month. */
  monthStart(monthsAgo: number): string {
    const d = new Date(this.base);
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsAgo, 1)).toISOString().slice(0, 10);
  }

  /** Adds days to a YYYY-MM-DD date. */
  static addDays(date: string, days: number): string {
    return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  }
}
