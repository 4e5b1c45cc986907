/**
 * The installer completes an install work order (issue 12): the install checklist's rules of SPEC §4 (assets moved
 * confirmed; a complete checklist is read-only; the required fields of issue 27 item 8 filled in), the arrival and completion times, a history entry, status
 * 'Complete', and, for a work order of a customer's order, the order moves in the same transaction (the packages
 * activate, the ONT at the location is tied to the order, the first invoice is made; orders/fulfilment.service.ts).
 * A work order waiting for the step before it, or cancelled with its order, is refused.
 */
import {
  CANCELLED_WORK_MESSAGE,
  CHECKLIST_READ_ONLY,
  type CompleteInstallRequest,
  checkChecklistSave,
  checklistFormFor,
  diffChecklist,
  type InstallerChecklist,
  missingToComplete,
  missingToCompleteMessage,
  ONT_REQUIRED_MESSAGE,
  waitingWorkMessage,
  withDefaults,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { audit, labelledChanges } from '../../lib/audit.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { againOnConflict } from '../../lib/transactions.js';
import type { Viewer } from '../../plugins/auth.js';
import { assertInstallerMayReach } from '../access/access.service.js';
import { ontAtLocation } from '../assets/assets.service.js';
import { type OrderProgress, onWorkOrderComplete, sendOrderMail } from '../orders/fulfilment.service.js';
import { getInstallerChecklist, storedSide } from './installer-checklist.service.js';
import * as repo from './work-orders.repository.js';

export const ONLY_INSTALLS = 'Only installs are completed here; other work orders are completed on their checklist.';

function parseData(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function completeInstall(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  input: Required<Pick<CompleteInstallRequest, 'assetsMovedConfirmed'>> & { notes?: string | undefined },
  idempotencyKey: string | undefined,
): Promise<InstallerChecklist> {
  await assertInstallerMayReach(ctx, workOrderId);
  const now = ctx.now();
  const at = now.toISOString();
  let progress: OrderProgress | null = null;
  // A completion that moves an order can deadlock with a cancel of that order on PostgreSQL: run it again.
  await againOnConflict(() =>
    runIdempotent(
      ctx.db,
      { userId: user.userId, key: idempotencyKey, route: `installer.complete:${workOrderId}`, request: input, now },
      async (trx) => {
        progress = null;
        const wo = await repo.lockForCompletion(trx, ctx.dialect, workOrderId);
        if (!wo) throw badRequest(`There is no work order #${workOrderId}.`);
        if (wo.status === 'Waiting') throw conflict(waitingWorkMessage(wo.depends_on_work_order_id));
        if (wo.status === 'Cancelled') throw conflict(CANCELLED_WORK_MESSAGE);
        const form = checklistFormFor({
          viewFile: wo.view_file,
          isBusiness: wo.is_business === 1,
          templateType: wo.template_type,
        });
        if (!form || form.family !== 'install') throw badRequest(ONLY_INSTALLS);
        const stored = { status: wo.status, data: withDefaults(form, parseData(wo.data)) };
        const notes = input.notes?.trim() || (wo.notes ?? null);
        const arrival = wo.arrival_onsite ?? at;
        const check = checkChecklistSave(form, stored, {
          data: stored.data,
          tsArrivalOnsite: arrival,
          tsWorkComplete: at,
          txtNotes: notes,
          WOComplete: 'on',
          assetsMovedConfirmed: input.assetsMovedConfirmed,
        });
        if (!check.ok) {
          if (check.message === CHECKLIST_READ_ONLY) throw conflict(CHECKLIST_READ_ONLY);
          throw badRequest(check.message, check.fields);
        }
        // Issue 27 item 8: the install's required fields are filled in first (on the checklist, by the installer).
        const missing = missingToComplete(form, check.data);
        if (missing.length > 0) {
          throw badRequest(
            missingToCompleteMessage(missing),
            Object.fromEntries(missing.map((m) => [m.name, `${m.label} is required to complete the install.`])),
          );
        }
        if (wo.order_id !== null && wo.service_location_id !== null) {
          if (!(await ontAtLocation(trx, wo.service_location_id))) {
            throw badRequest(ONT_REQUIRED_MESSAGE, { ont: ONT_REQUIRED_MESSAGE });
          }
        }
        const changes = diffChecklist(form.family, storedSide(stored.data, wo), {
          data: check.data,
          tsArrivalOnsite: arrival,
          tsWorkComplete: at,
          txtNotes: notes,
          vcStatus: 'Complete',
        });
        await repo.saveCompletedChecklist(
          trx,
          wo.checklist_id,
          {
            work_order_id: workOrderId,
            template: form.templateType,
            data: JSON.stringify(check.data),
            arrival_onsite: arrival,
            work_complete: at,
            notes,
            updated_by: user.userId,
            updated_at: at,
          },
          JSON.stringify({ changes, oneTime: [], completed: true }),
        );
        await audit(trx, {
          at,
          userId: user.userId,
          employeeId: null,
          action: 'installer.checklist.complete',
          subject: `work_order:${workOrderId}`,
          changes: labelledChanges(changes),
        });
        progress = await onWorkOrderComplete(ctx, trx, workOrderId, { userId: user.userId, employeeId: null });
        return { statusCode: 200, body: { workOrderId } };
      },
    ),
  );
  await sendOrderMail(ctx, progress);
  return getInstallerChecklist(ctx, workOrderId, user.userId);
}
