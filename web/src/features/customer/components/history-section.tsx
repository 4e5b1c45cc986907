import { billedVsPaidChart, type CustomerAccount, formatCents, type PaymentRecord } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDay, formatMoment } from '../../../lib/format';
import { Button } from '../../../lib/ui/button';
import { Chart } from '../../../lib/ui/chart';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { SelectField } from '../../../lib/ui/parts';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { TextField } from '../../../lib/ui/text-field';
import { useDownload } from '../../../lib/use-download';
import { downloadInvoiceCsv, downloadInvoicePdf, downloadReceiptPdf, useBillingHistory } from '../api/bills';

/** viewHistory per mailing location: invoices with their PDF and CSV downloads, and payments. */
export function HistorySection({ account }: { account: CustomerAccount }) {
  const [mailingId, setMailingId] = useState<number | null>(account.mailingLocations[0]?.MailingLocationID ?? null);
  const history = useBillingHistory(mailingId);
  const download = useDownload();

  if (mailingId === null) return <EmptyState>No Location Found</EmptyState>;

  return (
    <section className="stack" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      {account.mailingLocations.length > 1 && (
        <SelectField
          label="Mailing location"
          value={String(mailingId)}
          onValueChange={(value) => setMailingId(Number(value))}
          options={account.mailingLocations.map((l) => ({ value: String(l.MailingLocationID), label: l.fullAddress }))}
        />
      )}
      {history.isError && <FormAlert message={errorMessage(history.error)} />}
      <FormAlert message={download.error} />
      {history.data && (
        <>
          {history.data.invoices.length > 0 && (
            <Chart
              chart={billedVsPaidChart(
                history.data.invoices.map((i) => ({ date: i.invoiceDate, cents: i.amountCents })),
                history.data.payments
                  .filter((p) => p.status === 'Completed')
                  .map((p) => ({ date: p.paidAt, cents: p.amountCents - p.refundedCents })),
              )}
              note="Billed: the invoices dated in the month. Paid: completed payments made in the month (card fees not included)."
            />
          )}
          <h3>Invoices</h3>
          {history.data.invoices.length === 0 ? (
            <EmptyState>No invoices yet.</EmptyState>
          ) : (
            <ul className="row-list" aria-label="Invoices">
              {history.data.invoices.map((invoice) => (
                <li key={invoice.InvoiceID} className="row-item">
                  <span className="row-item__main">
                    <strong>Invoice #{invoice.InvoiceID}</strong> of {formatDay(invoice.invoiceDate)}
                    <span className="muted">
                      {' '}
                      · due {formatDay(invoice.dueDate)} · group {invoice.InvoiceGroupID}
                    </span>
                  </span>
                  <StatusBadge status={invoice.status} />
                  <span className="row-item__money">
                    {formatCents(invoice.amountCents)}
                    {invoice.balanceCents > 0 && invoice.balanceCents !== invoice.amountCents && (
                      <span className="muted"> ({formatCents(invoice.balanceCents)} left)</span>
                    )}
                  </span>
                  <span className="row-item__actions">
                    <Button
                      type="button"
                      variant="secondary"
                      small
                      busy={download.isBusy(`pdf-${invoice.InvoiceID}`)}
                      disabled={download.busy}
                      onClick={() =>
                        download.run(() => downloadInvoicePdf(invoice.InvoiceID), `pdf-${invoice.InvoiceID}`)
                      }
                    >
                      PDF<span className="visually-hidden"> of invoice {invoice.InvoiceID}</span>
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      small
                      busy={download.isBusy(`csv-${invoice.InvoiceID}`)}
                      disabled={download.busy}
                      onClick={() =>
                        download.run(() => downloadInvoiceCsv(invoice.InvoiceGroupID), `csv-${invoice.InvoiceID}`)
                      }
                    >
                      CSV<span className="visually-hidden"> of invoice group {invoice.InvoiceGroupID}</span>
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <h3>Payments</h3>
          {history.data.payments.length === 0 ? (
            <EmptyState>No payments yet.</EmptyState>
          ) : (
            <PaymentList payments={history.data.payments} download={download} />
          )}
        </>
      )}
    </section>
  );
}

/** What a search for a payment matches: its confirmation number (with or without the dash, any case) or amount. */
function paymentMatches(p: PaymentRecord, query: string): boolean {
  const q = query.trim().toUpperCase().replace(/[\s-]/g, '');
  if (q === '') return true;
  const number = (p.confirmationNumber ?? '').replace(/-/g, '');
  const amount = formatCents(p.amountCents + p.feeCents).replace(/[$,]/g, '');
  return number.includes(q) || amount.startsWith(q.replace(/[$,]/g, ''));
}

/** Payments with their confirmation numbers, a search over them, and the receipt of each that took money. */
function PaymentList({ payments, download }: { payments: PaymentRecord[]; download: ReturnType<typeof useDownload> }) {
  const [query, setQuery] = useState('');
  const shown = payments.filter((p) => paymentMatches(p, query));
  return (
    <>
      <TextField
        label="Find a payment"
        hint="A confirmation number (like K7M2Q-9XPD4) or an amount."
        type="search"
        value={query}
        onValueChange={setQuery}
        autoComplete="off"
      />
      {shown.length === 0 ? (
        <EmptyState>No payment matches “{query.trim()}”.</EmptyState>
      ) : (
        <ul className="row-list" aria-label="Payments">
          {shown.map((p) => (
            <li key={p.PaymentID} className="row-item">
              <span className="row-item__main">
                <strong>{formatMoment(p.paidAt)}</strong>
                <span className="muted">
                  {' '}
                  · {p.method}
                  {p.source === 'autopay' ? ' · autopay' : ''}
                  <PaidInvoices payment={p} />
                </span>
                {p.confirmationNumber && (
                  <span className="row-item__note">Confirmation number {p.confirmationNumber}</span>
                )}
                {p.failureReason && <span className="field__error"> {p.failureReason}</span>}
                {p.refundedCents > 0 && p.refundedAt && (
                  <span className="row-item__note">
                    Refunded {formatCents(p.refundedCents)} on {formatMoment(p.refundedAt)} to {p.method}
                  </span>
                )}
              </span>
              <StatusBadge status={p.status} />
              <span className="row-item__money">
                {formatCents(p.amountCents + p.feeCents)}
                {p.feeCents > 0 && <span className="muted"> (fee {formatCents(p.feeCents)})</span>}
              </span>
              {(p.status === 'Completed' || p.status === 'Refunded') && (
                <span className="row-item__actions">
                  <Button
                    type="button"
                    variant="secondary"
                    small
                    busy={download.isBusy(`receipt-${p.PaymentID}`)}
                    disabled={download.busy}
                    onClick={() => download.run(() => downloadReceiptPdf(p.PaymentID), `receipt-${p.PaymentID}`)}
                  >
                    Receipt
                    <span className="visually-hidden"> of the payment {p.confirmationNumber ?? p.PaymentID}</span>
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The invoices a payment paid; an order payment's leftover shows as the credit applied to later invoices. */
function PaidInvoices({ payment }: { payment: PaymentRecord }) {
  const own = payment.invoiceIDs.filter((id) => !payment.creditInvoiceIDs.includes(id));
  const list = (ids: number[]) => ids.map((id) => `#${id}`).join(', ');
  return (
    <>
      {own.length > 0 && ` · invoice${own.length === 1 ? '' : 's'} ${list(own)}`}
      {payment.creditInvoiceIDs.length > 0 &&
        ` · credit applied to invoice${payment.creditInvoiceIDs.length === 1 ? '' : 's'} ${list(payment.creditInvoiceIDs)}`}
    </>
  );
}
