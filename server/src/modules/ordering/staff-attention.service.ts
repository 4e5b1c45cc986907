/** What the staff home counts of ordering: addresses to confirm (sales' review of temporary locations). */
import type { AppContext } from '../../context.js';
import { type AttentionCount, attentionOf } from '../../db/sql.js';
import { unconfirmedLocations } from './staff-attention.repository.js';

export async function addressesToConfirm(ctx: AppContext): Promise<AttentionCount> {
  return attentionOf(await unconfirmedLocations(ctx.db));
}
