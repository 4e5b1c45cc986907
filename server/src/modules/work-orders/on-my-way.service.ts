/**
 * "On my way" (issue 27): the installer assigned to a work order tells its customer they are coming. The notice goes
 * through the notifications service in the same transaction as its audit entry, so both exist or neither. A retried
 * or repeated tap within ON_MY_WAY_WINDOW_HOURS sends nothing again: it answers when it was sent (the audit entry),
 * and the notice's own key (work order, installer, day) keeps even two taps racing each other to one notice.
 */
import { fullAddress, type OnMyWay } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { assertInstallerMayReach } from '../access/access.service.js';
import { notify } from '../notifications/notifications.service.js';
import * as repo from './on-my-way.repository.js';
import { isAssigned } from './work-orders.repository.js';

/** One visit's "On my way" counts for this long: a tap within it is the same message. */
export const ON_MY_WAY_WINDOW_HOURS = 12;
const NOT_ASSIGNED = 'Only an installer assigned to this work order can tell the customer they are on the way.';

const windowStart = (now: Date) => new Date(now.getTime() - ON_MY_WAY_WINDOW_HOURS * 3_600_000).toISOString();

async function assertAssigned(ctx: AppContext, user: Viewer, workOrderId: number) {
  await assertInstallerMayReach(ctx, workOrderId);
  if (!(await isAssigned(ctx.db, workOrderId, user.userId))) throw forbidden(NOT_ASSIGNED);
}

/** When this installer last sent it for this visit (null: not yet). */
export async function onMyWayState(ctx: AppContext, user: Viewer, workOrderId: number): Promise<OnMyWay> {
  await assertAssigned(ctx, user, workOrderId);
  const sentAt = await repo.lastSentSince(ctx.db, workOrderId, user.userId, windowStart(ctx.now()));
  return { sentAt, alreadySent: sentAt !== null };
}

export async function sendOnMyWay(ctx: AppContext, user: Viewer, workOrderId: number): Promise<OnMyWay> {
  await assertAssigned(ctx, user, workOrderId);
  const now = ctx.now();
  const at = now.toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const earlier = await repo.lastSentSince(trx, workOrderId, user.userId, windowStart(now));
    if (earlier) return { sentAt: earlier, alreadySent: true };
    const visit = await repo.findVisit(trx, workOrderId);
    if (!visit) throw notFound(`There is no work order #${workOrderId}.`);
    if (['Complete', 'Closed', 'Cancelled'].includes(visit.status)) {
      throw conflict(`This work order is ${visit.status.toLowerCase()}; there is no visit to be on the way to.`);
    }
    const address = fullAddress(visit) ?? 'your address';
    const sent = await notify(trx, now, {
      type: 'appointment.on_the_way',
      key: `work-order:${workOrderId}:${user.userId}:${at.slice(0, 10)}`,
      customerId: visit.customer_id,
      data: { address },
    });
    await audit(trx, {
      at,
      userId: user.userId,
      employeeId: null,
      action: repo.ON_MY_WAY_ACTION,
      subject: `work_order:${workOrderId}`,
      customerId: visit.customer_id,
      detail: { notices: sent },
    });
    return { sentAt: at, alreadySent: false };
  });
}
