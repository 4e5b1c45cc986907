/**
 * The staff home (issue 29 item 1): one count per tile of the caller's roles, each read through the service of the
 * module that owns it with one query, all at once (a fixed number of queries, whatever the data).
 */
import type { StaffHome, StaffTileId } from '@strand/domain';
import type { AppContext } from '../../context.js';
import type { AttentionCount } from '../../db/sql.js';
import type { Viewer } from '../../plugins/auth.js';
import { pendingAuthCodes } from '../auth-codes/staff-attention.service.js';
import { failedPayments } from '../billing/staff-attention.service.js';
import { failingFaxes } from '../fax-outbox/staff-attention.service.js';
import { addressesToConfirm } from '../ordering/staff-attention.service.js';
import { ordersToDispatch, stuckOrders } from '../staff-orders/staff-attention.service.js';
import { noticesSending } from '../subscribers/staff-attention.service.js';
import { ticketsToAnswer } from '../support-tickets/staff-attention.service.js';
import { tilesFor } from './staff-home.policy.js';

const COUNTS: Readonly<Record<StaffTileId, (ctx: AppContext) => Promise<AttentionCount>>> = {
  addresses: addressesToConfirm,
  dispatch: ordersToDispatch,
  stuckOrders,
  tickets: ticketsToAnswer,
  payments: failedPayments,
  authCodes: pendingAuthCodes,
  faxes: failingFaxes,
  notices: noticesSending,
};

export async function staffHome(ctx: AppContext, viewer: Viewer): Promise<StaffHome> {
  const countedAt = ctx.now().toISOString();
  const ids = tilesFor(viewer.staffRoles);
  const counts = await Promise.all(ids.map((id) => COUNTS[id](ctx)));
  return { tiles: ids.map((id, i) => ({ id, ...(counts[i] as AttentionCount) })), countedAt };
}
