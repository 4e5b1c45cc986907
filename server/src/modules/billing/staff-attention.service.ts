/** What the staff home counts of billing: payments that failed or were declined lately. */
import { RECENT_TROUBLE_DAYS } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { type AttentionCount, attentionOf } from '../../db/sql.js';
import { troubledPaymentsSince } from './staff-attention.repository.js';

export async function failedPayments(ctx: AppContext): Promise<AttentionCount> {
  const since = new Date(ctx.now().getTime() - RECENT_TROUBLE_DAYS * 86_400_000).toISOString();
  return attentionOf(await troubledPaymentsSince(ctx.db, since));
}
