import { formatCents, type PaymentResult } from '@strand/domain';
import { useEffect, useRef } from 'react';
import { formatMoment } from '../../../lib/format';
import { Button } from '../../../lib/ui/button';
import { FormAlert } from '../../../lib/ui/form-alert';
import { useDownload } from '../../../lib/use-download';
import { downloadReceiptPdf } from '../api/bills';

/** A heading that takes the focus when it appears, so a screen reader hears the new step and a phone scrolls to it. */
function StepHeading({ id, children }: { id: string; children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <h3 id={id} ref={ref} tabIndex={-1}>
      {children}
    </h3>
  );
}

export interface PaymentDraft {
  method: string;
  invoices: { InvoiceID: number; amountCents: number }[];
  amountCents: number;
  feeCents: number;
  feeLabel: string;
  totalCents: number;
}

/** The review before charging: what is paid, with what, the fee and the total; one "Pay $…" button charges. */
export function PayReview({
  draft,
  busy,
  error,
  onPay,
  onBack,
}: {
  draft: PaymentDraft;
  busy: boolean;
  error: string | null;
  onPay: () => void;
  onBack: () => void;
}) {
  return (
    <div className="pay-step">
      <StepHeading id="pay-review-heading">Review your payment</StepHeading>
      <p className="muted">Nothing is charged until you press Pay.</p>
      <FormAlert message={error} />
      <dl className="totals">
        <div>
          <dt>Paying with</dt>
          <dd>{draft.method}</dd>
        </div>
        {draft.invoices.map((i) => (
          <div key={i.InvoiceID}>
            <dt>Invoice #{i.InvoiceID}</dt>
            <dd>{formatCents(i.amountCents)}</dd>
          </div>
        ))}
        <div>
          <dt>{draft.feeLabel}</dt>
          <dd>{formatCents(draft.feeCents)}</dd>
        </div>
        <div className="totals__total">
          <dt>Total to charge</dt>
          <dd>{formatCents(draft.totalCents)}</dd>
        </div>
      </dl>
      <div className="pay-step__actions">
        <Button type="button" block busy={busy} busyText="Paying…" onClick={onPay}>
          Pay {formatCents(draft.totalCents)}
        </Button>
        <Button type="button" variant="secondary" block disabled={busy} onClick={onBack}>
          Change the payment
        </Button>
      </div>
    </div>
  );
}

/** What a completed payment shows until the payer closes it: the confirmation number, the receipt and what was paid. */
export function PayConfirmation({ paid, onDone }: { paid: PaymentResult; onDone: () => void }) {
  const download = useDownload();
  return (
    <div className="pay-step">
      <StepHeading id="pay-done-heading">Thank you for your payment</StepHeading>
      <FormAlert
        tone="success"
        message={`Payment received: ${formatCents(paid.totalCents)}. Confirmation number ${paid.confirmationNumber}.`}
      />
      <p className="pay-step__number">
        <span className="muted">Confirmation number</span>
        <strong>{paid.confirmationNumber}</strong>
      </p>
      <dl className="totals">
        <div>
          <dt>Paid</dt>
          <dd>{formatMoment(paid.paidAt)}</dd>
        </div>
        <div>
          <dt>Paid with</dt>
          <dd>{paid.method}</dd>
        </div>
        {paid.invoices.map((i) => (
          <div key={i.InvoiceID}>
            <dt>Invoice #{i.InvoiceID}</dt>
            <dd>
              {formatCents(i.amountCents)}
              {i.balanceCents > 0 ? ` (${formatCents(i.balanceCents)} still due)` : ' (paid in full)'}
            </dd>
          </div>
        ))}
        {paid.feeCents > 0 && (
          <div>
            <dt>Card fee</dt>
            <dd>{formatCents(paid.feeCents)}</dd>
          </div>
        )}
        <div className="totals__total">
          <dt>Total charged</dt>
          <dd>{formatCents(paid.totalCents)}</dd>
        </div>
      </dl>
      <p className="muted">
        We emailed you a receipt. This payment and its confirmation number are in the History section.
      </p>
      <FormAlert message={download.error} />
      <div className="pay-step__actions">
        <Button
          type="button"
          variant="secondary"
          block
          busy={download.busy}
          busyText="Downloading…"
          onClick={() => download.run(() => downloadReceiptPdf(paid.PaymentID))}
        >
          Download the receipt (PDF)
        </Button>
        <Button type="button" block onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
