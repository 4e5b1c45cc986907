/** The timelines' requests (modules/history): the customer's recent activity and a subject's history for staff. */
import { CustomerActivitySchema, type HistoryEntry, HistoryPageSchema, type HistorySubjectType } from '@strand/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import type { TimelineItem } from './ui/timeline';

export function useCustomerActivity() {
  return useQuery({
    queryKey: ['customer', 'activity'],
    queryFn: ({ signal }) => apiRequest('/api/customer/activity', { schema: CustomerActivitySchema, signal }),
  });
}

export interface HistoryFilters {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
  page?: number;
}

export function useStaffHistory(type: HistorySubjectType, id: string, filters: HistoryFilters = {}) {
  const params = new URLSearchParams({ type, id });
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, String(v));
  return useQuery({
    queryKey: ['staff', 'history', type, id, filters],
    queryFn: ({ signal }) => apiRequest(`/api/staff/history?${params}`, { schema: HistoryPageSchema, signal }),
  });
}

const SUBJECT: Partial<Record<string, string>> = { payment: 'Payment', work_order: 'Work order', ticket: 'Ticket' };

/**
 * A staff history entry as a timeline item: who, through a super-user session when so ("by Dana Diaz (staff: Sam
 * Staff, through a super-user session)"), and from where; an entry about a payment or work order names it.
 */
export function staffItem(e: HistoryEntry): TimelineItem {
  const who = e.who ?? 'The system';
  const via = e.viaSuperUser ? ` (staff: ${e.viaSuperUser}, through a super-user session)` : '';
  const from = [e.device, e.ip].filter(Boolean).join(', ');
  const named = SUBJECT[e.subject.type];
  return {
    id: e.id,
    at: e.at,
    title: named && e.subject.id ? `${named} #${e.subject.id}: ${e.summary}` : e.summary,
    meta: `by ${who}${via}${from ? ` · ${from}` : ''}`,
    changes: e.changes,
  };
}
