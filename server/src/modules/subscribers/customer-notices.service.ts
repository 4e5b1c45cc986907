/** Notices as their recipients see them: what an account was told lately (the customer home's "Recent notices"). */
import type { HomeNotice } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { noticesSentTo } from './customer-notices.repository.js';

const RECENT_DAYS = 60;
const RECENT_LIMIT = 5;

/** The caller passes the signed-in customer's own account; nothing here takes an id from a request. */
export async function recentNoticesFor(ctx: AppContext, customerId: string): Promise<HomeNotice[]> {
  const since = new Date(ctx.now().getTime() - RECENT_DAYS * 86_400_000).toISOString();
  const rows = await noticesSentTo(ctx.db, customerId, since, RECENT_LIMIT);
  return rows.map((r) => ({
    noticeId: r.id,
    subject: r.subject,
    body: r.body,
    windowStart: r.window_start,
    windowEnd: r.window_end,
    sentAt: String(r.sent_at),
  }));
}
