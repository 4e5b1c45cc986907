import { type Bills, formatCents, type Invoice } from '@strand/domain';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../../lib/format';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { useDownload } from '../../../lib/use-download';
import { downloadInvoicePdf, useBills, usePaymentMethods } from '../api/bills';
import { PayForm } from './pay-form';

/** getBills: what the account owes and when, the open invoices, and paying them. */
export function BillsSection({ mayPay }: { mayPay: boolean }) {
  const bills = useBills();
  const methods = usePaymentMethods();

  if (bills.isError) return <FormAlert message={errorMessage(bills.error)} />;
  if (!bills.data) return <Skeleton label="Loading your bills…" />;
  const data = bills.data;

  return (
    <section className="stack bills-section" aria-labelledby="bills-heading">
      <h2 id="bills-heading">Bills</h2>
      <BillSummary bills={data} />
      {data.openInvoices.length === 0 ? (
        <EmptyState>You have no open bills. Thank you!</EmptyState>
      ) : mayPay ? (
        <PayForm bills={data} methods={methods.data ?? []} methodsLoading={methods.isPending} />
      ) : (
        <>
          <OpenInvoices invoices={data.openInvoices} />
          <p className="notice">
            Your user can see bills but not pay them. Ask your account administrator for the “Pay bills” permission.
          </p>
        </>
      )}
    </section>
  );
}

function BillSummary({ bills }: { bills: Bills }) {
  const autopayOn = bills.mailingLocations.some((l) => l.autopayPaymentMethodID !== null);
  return (
    <div className="summary-grid">
      <div className="card summary-card">
        <p className="summary-card__label">Balance</p>
        <p className="summary-card__value">{formatCents(bills.balanceCents)}</p>
      </div>
      <div className={`card summary-card${bills.pastDueCents > 0 ? ' summary-card--danger' : ''}`}>
        <p className="summary-card__label">Past due</p>
        <p className="summary-card__value">{formatCents(bills.pastDueCents)}</p>
        {bills.pastDueCents > 0 && <p className="summary-card__note">Please pay now to avoid interruption.</p>}
      </div>
      <div className="card summary-card">
        <p className="summary-card__label">Next due</p>
        <p className="summary-card__value">{bills.nextDueDate ? formatCents(bills.nextDueCents) : '—'}</p>
        {bills.nextDueDate && <p className="summary-card__note">on {formatDay(bills.nextDueDate)}</p>}
      </div>
      <div className="card summary-card">
        <p className="summary-card__label">Autopay</p>
        <p className="summary-card__value">{autopayOn ? 'On' : 'Off'}</p>
        <p className="summary-card__note">
          <Link to="?section=autopay">{autopayOn ? 'See autopay' : 'Set up autopay'}</Link>
        </p>
      </div>
      {bills.creditCents > 0 && (
        <p className="notice summary-grid__wide">
          Credit on account: {formatCents(bills.creditCents)} — applied to your next bill.
        </p>
      )}
      {bills.requireAutopay && !autopayOn && (
        <p className="notice summary-grid__wide">Your provider requires automatic payments. Please set up autopay.</p>
      )}
    </div>
  );
}

export function OpenInvoices({ invoices }: { invoices: Invoice[] }) {
  return (
    <ul className="row-list" aria-label="Open invoices">
      {invoices.map((invoice) => (
        <InvoiceRow key={invoice.InvoiceID} invoice={invoice} />
      ))}
    </ul>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const download = useDownload();
  return (
    <li className="row-item">
      <span className="row-item__main">
        <strong>Invoice #{invoice.InvoiceID}</strong> due {formatDay(invoice.dueDate)}
      </span>
      <StatusBadge status={invoice.status} />
      <span className="row-item__money">{formatCents(invoice.balanceCents)}</span>
      <Button
        type="button"
        variant="secondary"
        small
        busy={download.busy}
        onClick={() => download.run(() => downloadInvoicePdf(invoice.InvoiceID))}
      >
        PDF<span className="visually-hidden"> of invoice {invoice.InvoiceID}</span>
      </Button>
      <FormAlert message={download.error} />
    </li>
  );
}
