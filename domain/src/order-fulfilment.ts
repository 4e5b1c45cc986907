/**
 * Order fulfilment (issue 12 steps 5 and 6): what the timeline says when the work moves an order, how the customer
 * reads each work order's progress, and the equipment rule of a package change. Pure functions; the server enforces
 * them and the browser shows them.
 */
import type { OrderStatus } from './orders.js';

/** The timeline's words when a step's work order is complete (the step's `reaches`). */
export const STEP_DONE_MESSAGES: Readonly<Record<Exclude<OrderStatus, 'placed' | 'cancelled'>, string>> = {
  survey_done: 'Site survey done',
  drop_built: 'Drop buried',
  spliced: 'Spliced',
  installed: 'Installed',
};

/** A work-order type in the customer's words ("Consumer Drop Construction" -> "Drop construction"). */
export function plainWorkName(type: string): string {
  if (/survey/i.test(type)) return 'Site survey';
  if (/construction|drop/i.test(type)) return 'Drop construction';
  if (/splic/i.test(type)) return 'Splicing';
  if (/install/i.test(type)) return 'Install';
  return type;
}

export interface WorkProgressInput {
  type: string;
  status: string;
  isComplete: boolean;
  dueDate: string | null;
  scheduledAt: string | null;
}

/** One work order's progress as a sentence the customer follows ("Drop construction: due Mar 1, 2027"). */
export function workProgressText(w: WorkProgressInput, formatDay: (day: string) => string): string {
  const name = plainWorkName(w.type);
  if (w.isComplete) return `${name}: done`;
  if (w.status === 'Cancelled') return `${name}: cancelled`;
  if (w.status === 'Waiting') return `${name}: waits for the step before it`;
  if (w.scheduledAt) return `${name}: scheduled for ${formatDay(w.scheduledAt.slice(0, 10))}`;
  if (w.dueDate) return `${name}: planned by ${formatDay(w.dueDate)}`;
  return `${name}: planned`;
}

/**
 * The equipment rule of a package change: the fastest internet speed an ONT carries. An ONT whose model or
 * description names 10G (an XGS-PON ONT) carries 10,000 Mbps; every other ONT 1,000 Mbps (GPON).
 */
export const GPON_MAX_MBPS = 1_000;
export const XGS_MAX_MBPS = 10_000;

export function ontMaxMbps(ont: { model: string; description: string }): number {
  return /10G|XGS/i.test(`${ont.model} ${ont.description}`) ? XGS_MAX_MBPS : GPON_MAX_MBPS;
}

/**
 * Whether a change needs a visit: an added package faster than the location's ONT carries (or a location with no
 * ONT at all and an internet package added) needs an ONT upgrade by an installer. Anything else activates at once.
 */
export function changeNeedsVisit(addedSpeedsMbps: readonly (number | null)[], ontMax: number | null): boolean {
  const fastest = Math.max(0, ...addedSpeedsMbps.map((s) => s ?? 0));
  if (fastest === 0) return false;
  return ontMax === null || fastest > ontMax;
}

/** A checklist of a work order that waits for the one before it is refused with this. */
export function waitingWorkMessage(dependsOn: number | null): string {
  return dependsOn === null
    ? 'This work order is waiting for the step before it; its checklist opens when that is complete.'
    : `This work order is waiting for work order #${dependsOn} to be complete; its checklist opens then.`;
}
export const CANCELLED_WORK_MESSAGE = 'This work order was cancelled with its order; there is nothing to do.';
