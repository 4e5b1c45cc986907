/** What the staff home counts of orders: those waiting for dispatch, and those stuck in a status too long. */
import { STUCK_ORDER_DAYS } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { type AttentionCount, attentionOf } from '../../db/sql.js';
import { ordersStuckSince, ordersWaitingForDispatch } from './staff-attention.repository.js';

export async function ordersToDispatch(ctx: AppContext): Promise<AttentionCount> {
  return attentionOf(await ordersWaitingForDispatch(ctx.db));
}

/** The moment before which an open order that has not moved is stuck. */
export function stuckCutoff(now: Date): string {
  return new Date(now.getTime() - STUCK_ORDER_DAYS * 86_400_000).toISOString();
}

export async function stuckOrders(ctx: AppContext): Promise<AttentionCount> {
  return attentionOf(await ordersStuckSince(ctx.db, stuckCutoff(ctx.now())));
}
