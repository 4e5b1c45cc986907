/** What the staff home counts of faxing: faxes that failed lately or are being retried. */
import { RECENT_TROUBLE_DAYS } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { type AttentionCount, attentionOf } from '../../db/sql.js';
import { failingFaxesSince } from './staff-attention.repository.js';

export async function failingFaxes(ctx: AppContext): Promise<AttentionCount> {
  const since = new Date(ctx.now().getTime() - RECENT_TROUBLE_DAYS * 86_400_000).toISOString();
  return attentionOf(await failingFaxesSince(ctx.db, since));
}
