/**
 * The work drives the order (issue 12 step 5) and an order may be cancelled until its install (step 6):
 *
 * - `onWorkOrderComplete` runs inside the transaction that makes a work order of an order complete (the contractor's
 *   checklist save, the installer's completion): the order's status moves to the step's `reaches` (domain
 *   workPlanOf, mayMoveOrder), the timeline gets the step's event, and the work order waiting for this one opens.
 *   When the install is complete the order activates (`activateOrder`): its packages become active at the location,
 *   the ONT at the location is tied to it, and its first invoice is made (prorated, install fees, less what was paid
 *   with the order). Completing twice changes nothing (the step's event is there already; an activated order has
 *   its invoice).
 * - Mail goes out after the transaction commits (`sendOrderMail`), never for a rolled-back change.
 * - `installByOverride`: an administrator marks an order installed without its install work order, with a reason,
 *   audited; it runs the same `activateOrder` (packages, ONT, first invoice) as the install's completion (issue 25,
 *   finding 5). Sales never move an order to installed by hand (domain mayMoveOrderAs).
 * - The cancel (step 6) is in order-cancel.service.ts; while one is recorded the order's work does not complete here.
 */
import {
  formatCents,
  mayMoveOrderAs,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  OrderStatusSchema,
  plainWorkName,
  proratedCents,
  STEP_DONE_MESSAGES,
  type WorkStep,
  workPlanOf,
} from '@strand/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import type { MailMessage } from '../../integrations/mail/mailer.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { ontAtLocation } from '../assets/assets.service.js';
import {
  applyAccountCredit,
  applyOrderPayment,
  createInvoice,
  type InvoiceLineInput,
  mailingLocationFor,
} from '../billing/invoicing.service.js';
import { notify } from '../notifications/notifications.service.js';
import * as repo from './orders.repository.js';
import { recordOrderEvent } from './orders.service.js';

type Trx = Transaction<Database>;
/** What fulfilment needs of the app's context (the demo generator gives it its own clock). */
export type OrderCtx = Pick<AppContext, 'now' | 'dialect'>;
export interface Actor {
  userId: number | null;
  employeeId: number | null;
}

/** What a completion changed that the customer is told about once the transaction has committed. */
export interface OrderProgress {
  orderId: number;
  status: OrderStatus;
  mails: MailMessage[];
}

const STEPS: WorkStep[] = [true, false].flatMap((business) =>
  workPlanOf({ business, dropExists: false, kind: 'new', needsVisit: true }),
);
export const stepOf = (type: string) => STEPS.find((s) => s.type === type) ?? null;
export const statusOf = (s: string): OrderStatus => OrderStatusSchema.catch('placed').parse(s);

/** What a work completion answers (409) while the order's cancel is recorded (order-cancel.service.ts). */
export const CANCEL_IN_PROGRESS =
  'This order is being cancelled and its payment refunded, so its work cannot be completed now. Ask the office about it.';

/** "Mon, Mar 15, 2027" */
export function longDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const monthEnd = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * A work order became complete: moves its order (if it has one) inside the caller's transaction. Answers what the
 * customer is to be told (send it with `sendOrderMail` after the commit), or null for a work order of no order.
 */
export async function onWorkOrderComplete(
  ctx: OrderCtx,
  trx: Trx,
  workOrderId: number,
  by: Actor,
): Promise<OrderProgress | null> {
  const wo = await repo.workOrderForOrder(trx, workOrderId);
  if (!wo || wo.order_id === null) return null;
  const order = await repo.lockOrder(trx, ctx.dialect, wo.order_id);
  const step = stepOf(wo.type);
  if (!order || !step || order.status === 'cancelled') return null;
  const progress: OrderProgress = { orderId: order.id, status: statusOf(order.status), mails: [] };
  // Completed before (a second save of a complete checklist, a retried completion): nothing moves twice.
  if (await repo.hasEvent(trx, order.id, step.reaches, workOrderId)) return progress;
  // A cancel is recorded and its refund under way: the work does not complete (the caller's transaction rolls back),
  // so an install never activates and bills an order that is being refunded.
  if (order.cancel_started_at !== null) throw conflict(CANCEL_IN_PROGRESS);

  const now = ctx.now().toISOString();
  const actor = { ...by, workOrderId };
  if (step.reaches !== 'installed' && mayMoveOrderAs('work', progress.status, step.reaches)) {
    await repo.setOrderStatus(trx, order.id, { status: step.reaches, updated_at: now });
    progress.status = step.reaches;
  }
  await recordOrderEvent(
    trx,
    order.id,
    step.reaches,
    `${STEP_DONE_MESSAGES[step.reaches as keyof typeof STEP_DONE_MESSAGES] ?? plainWorkName(wo.type)}.`,
    actor,
    now,
  );
  await notify(trx, ctx.now(), {
    type: 'work.completed',
    key: `work-order:${workOrderId}`,
    customerId: order.customer_id,
    data: { work: plainWorkName(wo.type).toLowerCase(), address: order.address ?? 'your address' },
  });

  for (const next of await repo.waitingOn(trx, workOrderId)) {
    await repo.setWorkOrdersStatus(trx, [next.id], 'Open', now);
    const nextStep = stepOf(next.type);
    const when = next.due_date ? longDay(next.due_date) : 'a day we will confirm';
    if (nextStep?.reaches === 'installed') {
      const window = order.install_window ? `, ${order.install_window}` : '';
      await recordOrderEvent(
        trx,
        order.id,
        'install_scheduled',
        `Install scheduled for ${when}${window}.`,
        {
          ...by,
          workOrderId: next.id,
        },
        now,
      );
    } else {
      await recordOrderEvent(
        trx,
        order.id,
        'work_scheduled',
        `${plainWorkName(next.type)} is next, planned by ${when}.`,
        { ...by, workOrderId: next.id },
        now,
      );
    }
  }

  if (step.reaches === 'installed') {
    const activated = await activateOrder(ctx, trx, order, now.slice(0, 10), actor);
    progress.status = 'installed';
    progress.mails = activated.mails;
  }
  return progress;
}

/**
 * Activates an order at its location from `day`: its added packages active (StartDate `day`, the order's id), its
 * removed ones stopped, the ONT at the location tied to it (named in the timeline), its first invoice made
 * (prorated from `day`, install fees; what was paid with the order applied to it, the rest a credit), status 'installed'. Does nothing for an
 * order already activated.
 */
export async function activateOrder(
  ctx: OrderCtx,
  trx: Trx,
  order: repo.LockedOrder,
  day: string,
  by: Actor & { workOrderId?: number | null },
): Promise<{ invoiceId: number | null; mails: MailMessage[] }> {
  if (order.status === 'installed' || order.first_invoice_id !== null) return { invoiceId: null, mails: [] };
  const locationId = order.service_location_id;
  if (locationId === null) throw new Error(`order ${order.id} has no service location`);
  const now = ctx.now().toISOString();
  const lines = await repo.linesOf(trx, order.id);
  const invoiceLines: InvoiceLineInput[] = [];
  const added: string[] = [];
  const removed: string[] = [];
  const through = monthEnd(day);
  for (const line of lines) {
    if (line.action === 'add') {
      const id = await repo.insertLocationPackage(trx, {
        service_location_id: locationId,
        package_id: line.package_id,
        order_id: order.id,
        start_date: day,
        last_invoiced: day,
        active: 1,
      });
      await repo.setLineLocationPackage(trx, line.id, id);
      added.push(line.description);
      invoiceLines.push({
        description: `${line.description}, ${day} to ${through} (prorated)`,
        amountCents: proratedCents(line.monthly_cents, day),
        serviceLocationId: locationId,
      });
      if (line.install_fee_cents > 0) {
        invoiceLines.push({
          description: `Install fee: ${line.description}`,
          amountCents: line.install_fee_cents,
          serviceLocationId: locationId,
        });
      }
    } else {
      const stopped = await repo.deactivateLocationPackage(trx, locationId, line.package_id);
      if (stopped.length > 0) {
        removed.push(line.description);
        invoiceLines.push({
          description: `${line.description} removed ${day}: credit to ${through}`,
          amountCents: -proratedCents(line.monthly_cents, day),
          serviceLocationId: locationId,
        });
      }
    }
  }
  const paid = order.paid_cents - order.refunded_cents;
  let creditCents = 0;

  const ont = await ontAtLocation(trx, locationId);
  const parts = [
    added.length > 0 ? `Active since ${longDay(day)}: ${added.join(', ')}.` : '',
    removed.length > 0 ? `Stopped: ${removed.join(', ')}.` : '',
    ont ? `ONT ${ont.assetTag} (${ont.model}) tied to the order.` : '',
  ].filter(Boolean);
  await recordOrderEvent(trx, order.id, 'activated', parts.join(' ') || 'Nothing to activate.', by, now);
  const address = order.address ?? 'your address';
  await notify(trx, ctx.now(), {
    type: 'service.activated',
    key: `order:${order.id}`,
    customerId: order.customer_id,
    data: { address, packages: added.join(', ') || 'your changes are done' },
  });

  let invoice: Awaited<ReturnType<typeof createInvoice>> | null = null;
  if (invoiceLines.length > 0) {
    const mailingLocationId = await mailingLocationFor(trx, order.customer_id, order.mailing_location_id, {
      address: order.address ?? '',
      address2: order.address2,
      city: order.city ?? '',
      state: order.state ?? '',
      zip: order.zip ?? '',
    });
    invoice = await createInvoice(trx, {
      customerId: order.customer_id,
      mailingLocationId,
      invoiceDate: day,
      lines: invoiceLines,
    });
    // What was paid with the order pays the invoice (History lists that payment); the rest stays as a credit.
    const applied = await applyOrderPayment(trx, {
      customerId: order.customer_id,
      gatewayChargeId: order.gateway_charge_id,
      invoiceId: invoice.invoiceId,
      maxCents: paid,
      today: day,
    });
    // Then the account's credit (what earlier orders' payments left over) pays what is still due.
    const fromCredit = await applyAccountCredit(trx, ctx.dialect, {
      customerId: order.customer_id,
      invoiceId: invoice.invoiceId,
      today: day,
    });
    invoice = { ...invoice, balanceCents: invoice.balanceCents - applied.appliedCents - fromCredit.appliedCents };
    creditCents = applied.creditCents;
    const usedCredit =
      fromCredit.appliedCents > 0 ? `; ${formatCents(fromCredit.appliedCents)} of the account's credit applied` : '';
    const credit = `${usedCredit}${creditCents > 0 ? `; ${formatCents(creditCents)} of the order's payment stays as a credit` : ''}`;
    const due = `${invoice.balanceCents > 0 ? `; ${formatCents(invoice.balanceCents)} due` : '; nothing due'}${credit}`;
    await recordOrderEvent(
      trx,
      order.id,
      'invoiced',
      `First invoice #${invoice.invoiceId}: ${formatCents(invoice.amountCents)}, prorated from ${longDay(day)}${due}.`,
      by,
      now,
    );
    await notify(trx, ctx.now(), {
      type: 'invoice.ready',
      key: `invoice:${invoice.invoiceId}`,
      customerId: order.customer_id,
      data: { amount: formatCents(invoice.amountCents), due: longDay(invoice.dueDate) },
    });
  }
  await repo.setOrderStatus(trx, order.id, {
    status: 'installed',
    updated_at: now,
    installed_at: now,
    ...(invoice ? { first_invoice_id: invoice.invoiceId } : {}),
  });
  await audit(trx, {
    at: now,
    userId: by.userId,
    employeeId: by.employeeId,
    action: 'order.activate',
    subject: `${order.customer_id}:${order.id}`,
    detail: {
      day,
      added,
      removed,
      ontAssetId: ont?.assetId ?? null,
      ontAssetTag: ont?.assetTag ?? null,
      invoiceId: invoice?.invoiceId ?? null,
      workOrderId: by.workOrderId ?? null,
    },
  });

  const recipients = await repo.orderRecipients(trx, order.customer_id, order.placed_by_user_id);
  const text = [
    ...parts.filter((p) => !p.startsWith('ONT')),
    invoice
      ? `Your first invoice (#${invoice.invoiceId}) is ${formatCents(invoice.amountCents)}, prorated from ${longDay(day)}; ${
          invoice.balanceCents > 0
            ? `${formatCents(invoice.balanceCents)} is due.`
            : 'paid with your order, nothing is due.'
        }${creditCents > 0 ? ` The rest of what you paid, ${formatCents(creditCents)}, is a credit on your account.` : ''} See it in the Billing Center.`
      : '',
    `Follow the order at /orders/${order.id}.`,
  ].filter(Boolean);
  const mails = recipients.map((r) => ({
    to: r.email,
    subject: `Your service is active (order ${order.id})`,
    text: `Hello ${r.first_name},\n\n${text.join('\n')}\n`,
  }));
  return { invoiceId: invoice?.invoiceId ?? null, mails };
}

/**
 * An administrator's override (issue 25, finding 5): the order is installed without its install work order, for the
 * reason given, in the caller's transaction. The same `activateOrder` as the install's completion activates the
 * packages, ties the ONT and makes the first invoice; the 'changed' and 'installed' events and the audit row
 * (`staff.order.override`) name the administrator and the reason. Answers the mail to send after the commit.
 */
export async function installByOverride(
  ctx: OrderCtx,
  trx: Trx,
  orderId: number,
  by: Actor,
  reason: string,
): Promise<OrderProgress> {
  const order = await repo.lockOrder(trx, ctx.dialect, orderId);
  if (!order) throw notFound('There is no such order.');
  if (order.cancel_started_at !== null) {
    throw conflict('This order is being cancelled, so it cannot be marked installed.', {
      status: 'The order is being cancelled.',
    });
  }
  const from = statusOf(order.status);
  if (!mayMoveOrderAs('admin', from, 'installed')) {
    throw conflict(`An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot be marked installed.`, {
      status: `From ${ORDER_STATUS_LABELS[from]} an order does not move to Installed.`,
    });
  }
  if (order.service_location_id === null) {
    throw conflict('This order has no service location, so there is nothing to activate.', {
      status: 'The order has no service location.',
    });
  }
  const now = ctx.now().toISOString();
  await recordOrderEvent(
    trx,
    order.id,
    'changed',
    `Status changed from ${ORDER_STATUS_LABELS[from]} to Installed by an administrator, without the install work order (${reason}).`,
    by,
    now,
  );
  await recordOrderEvent(trx, order.id, 'installed', `${STEP_DONE_MESSAGES.installed}.`, by, now);
  const activated = await activateOrder(ctx, trx, order, now.slice(0, 10), by);
  await audit(trx, {
    at: now,
    userId: by.userId,
    employeeId: by.employeeId,
    action: 'staff.order.override',
    subject: `sales_order:${order.id}`,
    detail: { from, to: 'installed', reason, invoiceId: activated.invoiceId },
  });
  return { orderId: order.id, status: 'installed', mails: activated.mails };
}

/** Sends what a completion told the customer, after the commit; a mail failure is logged, never undoes the work. */
export async function sendOrderMail(ctx: AppContext, progress: OrderProgress | null | undefined): Promise<void> {
  for (const mail of progress?.mails ?? []) {
    try {
      await ctx.mailer.send(mail);
    } catch (err) {
      ctx.log.error({ err, orderId: progress?.orderId }, 'order mail failed');
    }
  }
}
