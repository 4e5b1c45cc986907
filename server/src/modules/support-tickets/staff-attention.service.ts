/** What the staff home counts of support: the trouble tickets open and waiting for an answer. */
import type { AppContext } from '../../context.js';
import { type AttentionCount, attentionOf } from '../../db/sql.js';
import { openTickets } from './staff-attention.repository.js';

export async function ticketsToAnswer(ctx: AppContext): Promise<AttentionCount> {
  return attentionOf(await openTickets(ctx.db));
}
