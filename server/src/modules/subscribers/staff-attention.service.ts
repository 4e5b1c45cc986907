/** What the staff home counts of notices: those queued or still sending. */
import type { AppContext } from '../../context.js';
import { type AttentionCount, attentionOf } from '../../db/sql.js';
import { noticesInProgress } from './staff-attention.repository.js';

export async function noticesSending(ctx: AppContext): Promise<AttentionCount> {
  return attentionOf(await noticesInProgress(ctx.db));
}
