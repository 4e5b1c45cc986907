/**
 * A customer's next appointment: the soonest scheduled install, repair or survey visit at one of the account's
 * locations (construction and splicing happen without the customer and are not appointments).
 */
import { fullAddress, type HomeAppointment } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { scheduledVisitsOf } from './customer-visits.repository.js';

const PURPOSE_BY_CLASS: Readonly<Record<string, HomeAppointment['purpose']>> = {
  WO_FiberInstall: 'install',
  WO_TVInstall: 'install',
  WO_ColoInstall: 'install',
  WO_Dispatch: 'repair',
  WO_SpecialRequest: 'repair',
  WO_SiteSurvey: 'visit',
  WO_HPBXSiteSurvey: 'visit',
};

/** The caller passes the signed-in customer's own account; visits from the start of today on count. */
export async function nextAppointmentOf(ctx: AppContext, customerId: string): Promise<HomeAppointment | null> {
  const today = ctx.now().toISOString().slice(0, 10);
  const [row] = await scheduledVisitsOf(ctx.db, customerId, today, Object.keys(PURPOSE_BY_CLASS));
  if (!row?.next_scheduled_at) return null;
  return {
    workOrderId: row.id,
    kind: row.description,
    purpose: PURPOSE_BY_CLASS[row.class] ?? 'visit',
    scheduledAt: row.next_scheduled_at,
    fullAddress: fullAddress(row),
  };
}
