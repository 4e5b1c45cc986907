/**
 * Rules of the contractor portal. A contractor session acts for its company (the Viewer's contractorId) and reaches
 * only that company's work orders, calendar, map, restoration tickets and contracts: `companyOf` and
 * `assertOwnedByCompany` live in access/access.policy.ts with the other reach rules. The route's declared access has
 * already refused installers, customers and staff.
 */
import { CANCELLED_WORK_MESSAGE, waitingWorkMessage } from '@strand/domain';
import { conflict } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';

/** The provider's own crew: its 'assigned to you' filter is always on (SPEC §5, §6). */
export const PROVIDER_CREW_COMPANY = 1;

/** A work order of an order that waits for the step before it, or was cancelled with its order, is not worked on. */
export function assertWorkable(wo: { status: string; depends_on_work_order_id: number | null }): void {
  if (wo.status === 'Waiting') throw conflict(waitingWorkMessage(wo.depends_on_work_order_id));
  if (wo.status === 'Cancelled') throw conflict(CANCELLED_WORK_MESSAGE);
}

export const userNameOf = (viewer: Viewer) => `${viewer.firstName} ${viewer.lastName}`.trim();
