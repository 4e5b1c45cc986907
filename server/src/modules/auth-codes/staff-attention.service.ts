/** What the staff home counts of auth codes: those pending at the phone switch. */
import type { AppContext } from '../../context.js';
import { type AttentionCount, attentionOf } from '../../db/sql.js';
import { pendingCodes } from './staff-attention.repository.js';

export async function pendingAuthCodes(ctx: AppContext): Promise<AttentionCount> {
  return attentionOf(await pendingCodes(ctx.db));
}
