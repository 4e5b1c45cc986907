/**
 * The contractor's work that is due (issue 27 item 7): "due today" and "overdue" by the provider's calendar day
 * (DISPATCH_TIME_ZONE), so a crew's phone in another zone and the server agree on what is late. The server counts
 * with the same rule in SQL (contractor-work-orders.repository.ts): open statuses, due date against today.
 */
import { dispatchLocalDate } from './dispatch.js';

/** Statuses in which a contractor's work order is not open work: done, or not workable yet (waiting, cancelled). */
export const CONTRACTOR_NOT_OPEN_STATUSES = ['Complete', 'Closed', 'Waiting', 'Cancelled'] as const;

export function isContractorOpenStatus(status: string): boolean {
  return !(CONTRACTOR_NOT_OPEN_STATUSES as readonly string[]).includes(status);
}

/** Today's date (YYYY-MM-DD) on the provider's calendar. */
export const providerToday = (now: Date): string => dispatchLocalDate(now);

/** Where an open work order stands against its due date; null when it has none, is not open, or is due later. */
export type DueState = 'overdue' | 'dueToday' | null;

export function dueStateOf(dueDate: string | null, status: string, today: string): DueState {
  if (dueDate === null || !isContractorOpenStatus(status)) return null;
  const day = dueDate.slice(0, 10);
  if (day < today) return 'overdue';
  return day === today ? 'dueToday' : null;
}
