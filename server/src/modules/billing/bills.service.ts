/**
 * Bills (getBills), invoice details, history per mailing location (viewHistory) and invoice downloads
 * (downloadInvoicePDF per invoice, downloadInvoiceCSV per invoice group), all of the actor's account only.
 */

import type { BillingHistory, Bills, InvoiceDetail, PaymentRecord } from '@strand/domain';
import { fullAddress } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { assertOwned, type CustomerActor } from '../customer-account/customer-access.policy.js';
import * as repo from './billing.repository.js';
import { dayOf, invoiceStatus, methodLabel, toInvoice } from './billing-rows.js';
import { invoiceGroupCsv } from './invoice-csv.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { creditBalanceCents } from './invoicing.service.js';
import { resolveStalePayments } from './payment-recovery.js';

export async function getBills(ctx: AppContext, actor: CustomerActor): Promise<Bills> {
  // A payment whose request never came back is settled first, so the balance shown is the true one.
  await resolveStalePayments(ctx, actor.customerId);
  const today = dayOf(ctx.now());
  const [unpaid, locations, creditCents] = await Promise.all([
    repo.unpaidInvoicesOf(ctx.db, actor.customerId),
    repo.mailingLocationsOf(ctx.db, actor.customerId),
    creditBalanceCents(ctx.db, actor.customerId),
  ]);
  const openInvoices = unpaid.map((r) => toInvoice(r, today));
  const upcoming = openInvoices.filter((i) => i.status === 'Open');
  const nextDueDate = upcoming[0]?.dueDate ?? null;
  const sum = (list: typeof openInvoices) => list.reduce((total, i) => total + i.balanceCents, 0);
  return {
    balanceCents: sum(openInvoices),
    creditCents,
    pastDueCents: sum(openInvoices.filter((i) => i.status === 'Past Due')),
    nextDueDate,
    nextDueCents: sum(upcoming.filter((i) => i.dueDate === nextDueDate)),
    openInvoices,
    mailingLocations: locations.map((l) => ({
      MailingLocationID: l.id,
      fullAddress: fullAddress(l),
      autopayPaymentMethodID: l.autopay_payment_method_id,
    })),
    cardFeeBasisPoints: ctx.config.billing.cardFeeBasisPoints,
    requireAutopay: ctx.config.billing.requireAutopay,
    keepLastPaymentMethod: ctx.config.billing.keepLastPaymentMethod,
    paymentGateway: ctx.payments.name,
  };
}

async function ownInvoice(ctx: AppContext, actor: CustomerActor, invoiceId: number) {
  const row = await repo.findInvoice(ctx.db, invoiceId);
  assertOwned(actor, row, 'invoice');
  return row;
}

export async function invoiceDetail(ctx: AppContext, actor: CustomerActor, invoiceId: number): Promise<InvoiceDetail> {
  const row = await ownInvoice(ctx, actor, invoiceId);
  const [lines, payments] = await Promise.all([repo.linesOf(ctx.db, [row.id]), repo.appliedPayments(ctx.db, [row.id])]);
  return {
    ...toInvoice(row, dayOf(ctx.now())),
    lines: lines.map((l) => ({ description: l.description, amountCents: l.amount_cents })),
    payments: payments.map((p) => ({ PaymentID: p.payment_id, paidAt: p.created_at, amountCents: p.amount_cents })),
  };
}

export async function history(
  ctx: AppContext,
  actor: CustomerActor,
  mailingLocationId: number,
): Promise<BillingHistory> {
  const location = await repo.findMailingLocation(ctx.db, mailingLocationId);
  assertOwned(actor, location, 'mailing location');
  const today = dayOf(ctx.now());
  const [invoices, payments] = await Promise.all([
    repo.invoicesOfMailingLocation(ctx.db, mailingLocationId),
    repo.paymentsOfMailingLocation(ctx.db, mailingLocationId),
  ]);
  const allocations = await repo.allocationsOf(
    ctx.db,
    payments.map((p) => p.id),
  );
  const invoicesOf = new Map<number, number[]>();
  for (const a of allocations) invoicesOf.set(a.payment_id, [...(invoicesOf.get(a.payment_id) ?? []), a.invoice_id]);
  return {
    MailingLocationID: location.id,
    fullAddress: fullAddress(location),
    invoices: invoices.map((r) => toInvoice(r, today)),
    payments: payments.map(
      (p): PaymentRecord => ({
        PaymentID: p.id,
        paidAt: p.created_at,
        amountCents: p.amount_cents,
        feeCents: p.fee_cents,
        status: p.status,
        source: p.source,
        method: methodLabel(p),
        failureReason: p.failure_reason,
        refundedCents: p.refunded_cents,
        refundedAt: p.refunded_at,
        confirmationNumber: p.confirmation_number,
        invoiceIDs: invoicesOf.get(p.id) ?? [],
        creditInvoiceIDs:
          p.source === 'order' && p.order_invoice_id !== null
            ? (invoicesOf.get(p.id) ?? []).filter((id) => id !== p.order_invoice_id)
            : [],
      }),
    ),
  };
}

export async function invoicePdf(ctx: AppContext, actor: CustomerActor, invoiceId: number) {
  const row = await ownInvoice(ctx, actor, invoiceId);
  const [lines, payments, location] = await Promise.all([
    repo.linesOf(ctx.db, [row.id]),
    repo.appliedPayments(ctx.db, [row.id]),
    repo.findMailingLocation(ctx.db, row.mailing_location_id),
  ]);
  const billTo = location
    ? [location.address, location.address2, `${location.city}, ${location.state} ${location.zip}`].filter(
        (line): line is string => Boolean(line),
      )
    : [];
  const pdf = await renderInvoicePdf({
    provider: { name: ctx.config.shell.providerName, supportPhone: ctx.config.shell.supportPhone },
    account: { id: actor.customerId, name: actor.customerName },
    billTo,
    invoice: {
      id: row.id,
      groupId: row.invoice_group_id,
      invoiceDate: row.invoice_date,
      dueDate: row.due_date,
      status: invoiceStatus(row.balance_cents, row.due_date, dayOf(ctx.now())),
      amountCents: row.amount_cents,
      balanceCents: row.balance_cents,
    },
    lines: lines.map((l) => ({ description: l.description, amountCents: l.amount_cents })),
    payments: payments.map((p) => ({ paidAt: p.created_at, amountCents: p.amount_cents })),
    generatedAt: ctx.now(),
  });
  return { fileName: `invoice-${row.id}.pdf`, pdf };
}

export async function invoiceCsv(ctx: AppContext, actor: CustomerActor, invoiceGroupId: number) {
  const rows = await repo.invoicesOfGroup(ctx.db, invoiceGroupId);
  if (rows.length === 0) throw notFound('No invoice group with that number.');
  if (rows.some((r) => r.customer_id !== actor.customerId))
    throw forbidden('That invoice group belongs to another account.');
  const lines = await repo.linesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const today = dayOf(ctx.now());
  const csv = invoiceGroupCsv(
    { id: actor.customerId, name: actor.customerName },
    invoiceGroupId,
    rows.map((r) => ({
      id: r.id,
      invoiceDate: r.invoice_date,
      dueDate: r.due_date,
      status: invoiceStatus(r.balance_cents, r.due_date, today),
      amountCents: r.amount_cents,
      balanceCents: r.balance_cents,
      lines: lines
        .filter((l) => l.invoice_id === r.id)
        .map((l) => ({ description: l.description, amountCents: l.amount_cents })),
    })),
  );
  return { fileName: `invoice-group-${invoiceGroupId}.csv`, csv };
}
