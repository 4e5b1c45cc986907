/**
 * The receipt of a payment (issue 28 item 4): a PDF drawn like the invoice (pdf-document.ts), and a mail to whoever
 * paid. Both carry the confirmation number made when the payment was recorded. `sendPaymentReceipt` is the one place
 * a receipt mail leaves, so the mail can later go through an outbox by changing this function only.
 */
import { formatCents } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { startPdf } from '../../integrations/pdf/pdf-document.js';
import { longDate, PDF_COLORS } from '../../integrations/pdf/pdf-style.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { methodLabel } from './billing-rows.js';
import * as repo from './payments.repository.js';

interface Receipt {
  paymentId: number;
  confirmationNumber: string;
  accountId: string;
  accountName: string;
  paidAt: string;
  paidBy: string | null;
  method: string;
  amountCents: number;
  feeCents: number;
  refundedCents: number;
  reference: string;
  invoices: { id: number; amountCents: number }[];
  email: string | null;
}

/** Payments that took money have a receipt (a refunded one too: it says so). */
const PAID = new Set(['Completed', 'Refunded']);

async function loadReceipt(ctx: AppContext, paymentId: number): Promise<Receipt | null> {
  const row = await repo.receiptRow(ctx.db, paymentId);
  if (!row) return null;
  const invoices = await repo.allocationsOfPayment(ctx.db, paymentId);
  return {
    paymentId: row.id,
    confirmationNumber: row.confirmation_number ?? String(row.id),
    accountId: row.customer_id,
    accountName: row.customer_name,
    paidAt: row.status === 'Completed' && row.source !== 'order' ? (row.updated_at ?? row.created_at) : row.created_at,
    paidBy: row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : null,
    method: methodLabel(row),
    amountCents: row.amount_cents,
    feeCents: row.fee_cents,
    refundedCents: row.refunded_cents,
    reference: row.gateway_reference ?? '',
    invoices: invoices.map((a) => ({ id: a.invoice_id, amountCents: a.amount_cents })),
    email: row.email,
  };
}

/** The receipt PDF of one of the account's payments; 404 for none or one that took no money, 403 for another account's. */
export async function receiptPdf(ctx: AppContext, actor: CustomerActor, paymentId: number) {
  const row = await repo.findPayment(ctx.db, paymentId);
  if (!row) throw notFound('No payment with that id.');
  if (row.customer_id !== actor.customerId) throw forbidden('That payment belongs to another account.');
  const receipt = PAID.has(row.status) ? await loadReceipt(ctx, paymentId) : null;
  if (!receipt) throw notFound('This payment did not go through, so it has no receipt.');
  const pdf = await renderReceiptPdf(ctx, receipt);
  return { fileName: `receipt-${receipt.confirmationNumber}.pdf`, pdf };
}

/** Mails the receipt of a payment just completed to the person who paid; a mail failure is logged, the payment stands. */
export async function sendPaymentReceipt(ctx: AppContext, paymentId: number): Promise<void> {
  const send = async () => {
    const r = await loadReceipt(ctx, paymentId);
    if (!r?.email) return;
    const provider = ctx.config.shell.providerName;
    await ctx.mailer.send({
      to: r.email,
      subject: `${provider}: payment received, confirmation ${r.confirmationNumber}`,
      text: [
        `Thank you${r.paidBy ? `, ${r.paidBy}` : ''}. We received your payment.`,
        '',
        `Confirmation number: ${r.confirmationNumber}`,
        `Account: ${r.accountName} (${r.accountId})`,
        `Paid on: ${longDate(r.paidAt)}`,
        `Paid with: ${r.method}`,
        '',
        ...r.invoices.map((i) => `  Invoice #${i.id}: ${formatCents(i.amountCents)}`),
        r.feeCents > 0 ? `  Card fee: ${formatCents(r.feeCents)}` : '',
        `  Total charged: ${formatCents(r.amountCents + r.feeCents)}`,
        '',
        `The receipt is in the Billing Center's history: ${ctx.config.publicUrl}/billingCenter?section=history`,
        `Questions? Call ${ctx.config.shell.supportPhone}.`,
      ]
        .filter((line, i, all) => line !== '' || all[i - 1] !== '')
        .join('\n'),
    });
  };
  await send().catch((err) => ctx.log.error({ err, paymentId }, 'payment receipt mail failed'));
}

const { ink: INK, muted: MUTED, brand: BRAND } = PDF_COLORS;

function renderReceiptPdf(ctx: AppContext, r: Receipt): Promise<Buffer> {
  const provider = ctx.config.shell.providerName;
  const { doc, bytes } = startPdf({
    size: 'LETTER',
    margin: 54,
    info: {
      Title: `Payment receipt ${r.confirmationNumber}`,
      Author: provider,
      Subject: `Payment ${r.confirmationNumber} for account ${r.accountId}`,
      CreationDate: ctx.now(),
    },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc
    .fillColor(BRAND)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(provider, left, 54, { width: width / 2 });
  doc
    .fillColor(INK)
    .fontSize(22)
    .text('RECEIPT', left + width / 2, 54, { width: width / 2, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(`Customer service ${ctx.config.shell.supportPhone}`, left, 82, { width: width / 2 });

  let y = 120;
  const pair = (label: string, value: string, bold = false) => {
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(MUTED)
      .text(label, left, y, { width: width / 2 });
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fillColor(INK)
      .text(value, left + width / 2, y, { width: width / 2, align: 'right' });
    y += 20;
  };
  pair('Confirmation number', r.confirmationNumber, true);
  pair('Account', `${r.accountName} (${r.accountId})`);
  pair('Paid on', longDate(r.paidAt));
  if (r.paidBy) pair('Paid by', r.paidBy);
  pair('Paid with', r.method);
  if (r.reference) pair('Payment reference', r.reference);
  y += 10;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.75)
    .strokeColor('#cbd2d9')
    .stroke();
  y += 12;
  for (const invoice of r.invoices) pair(`Invoice #${invoice.id}`, formatCents(invoice.amountCents));
  if (r.invoices.length === 0) pair('New service order', formatCents(r.amountCents));
  if (r.feeCents > 0) pair('Card fee', formatCents(r.feeCents));
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.75)
    .strokeColor(BRAND)
    .stroke();
  y += 12;
  pair('Total paid', formatCents(r.amountCents + r.feeCents), true);
  if (r.refundedCents > 0) pair('Refunded', formatCents(r.refundedCents), true);
  doc.end();
  return bytes;
}
