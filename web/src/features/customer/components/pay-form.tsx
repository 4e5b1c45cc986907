import {
  type Bills,
  centsToDecimal,
  formatBasisPoints,
  formatCents,
  type PaymentMethod,
  type PaymentResult,
  parseDollarsToCents,
  paymentMethodLabel,
  paymentTotals,
} from '@strand/domain';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { CORRECT_FIELDS_MESSAGE, type FormErrors, formErrorsFrom, NO_ERRORS } from '../../../lib/form-errors';
import { formatDay } from '../../../lib/format';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { SelectField } from '../../../lib/ui/parts';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { usePayBills } from '../api/bills';
import { newIdempotencyKey } from '../api/customer-account';
import { PayConfirmation, type PaymentDraft, PayReview } from './pay-review';

export interface PayFormProps {
  bills: Bills;
  methods: PaymentMethod[];
  methodsLoading: boolean;
}

interface Line {
  selected: boolean;
  amount: string;
}

/** Every open invoice ticked, for its whole balance. */
const allDue = (bills: Bills): Record<number, Line> =>
  Object.fromEntries(
    bills.openInvoices.map((i) => [i.InvoiceID, { selected: true, amount: centsToDecimal(i.balanceCents) }]),
  );

/** What is due, as a key: it changes when an invoice is paid (in part) or a new one opens. */
const dueKey = (bills: Bills) => bills.openInvoices.map((i) => `${i.InvoiceID}:${i.balanceCents}`).join(',');

/**
 * payBills in three steps: choose invoices (all by default), how much of each, and a saved method; review what will be
 * charged (method, invoices, the card fee computed with the same function the server charges with, the total) and
 * press "Pay $…"; then the confirmation with its number stays until the payer closes it. One Idempotency-Key per
 * attempt: a double click or a retry after a lost connection charges once; any change to the payment starts a new one.
 */
export function PayForm({ bills, methods, methodsLoading }: PayFormProps) {
  const usable = methods.filter((m) => !m.expired);
  const [lines, setLines] = useState<Record<number, Line>>(() => allDue(bills));
  // After a payment (or any change of what is due) the open invoices still due are ticked again with their
  // balances: never a stale amount, never nothing ticked with "Pay $0.00".
  const due = dueKey(bills);
  const [shownDue, setShownDue] = useState(due);
  if (shownDue !== due) {
    setShownDue(due);
    setLines(allDue(bills));
  }
  const [methodId, setMethodId] = useState<string>('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [paid, setPaid] = useState<PaymentResult | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const key = useRef(newIdempotencyKey());
  const pay = usePayBills();

  const method = usable.find((m) => String(m.PaymentMethodID) === methodId) ?? usable[0];
  const chosen = bills.openInvoices.filter((i) => lines[i.InvoiceID]?.selected);
  const cents = chosen.map((i) => parseDollarsToCents(lines[i.InvoiceID]?.amount ?? ''));
  const amountCents = cents.reduce<number>((sum, c) => sum + (c ?? 0), 0);
  const totals = paymentTotals(amountCents, method?.kind ?? 'card', bills.cardFeeBasisPoints);
  const nothingToPay = chosen.length === 0 || totals.totalCents <= 0;

  const changed = () => {
    key.current = newIdempotencyKey();
  };
  const setLine = (id: number, change: Partial<Line>) => {
    changed();
    setLines((l) => ({ ...l, [id]: { ...(l[id] ?? { selected: false, amount: '' }), ...change } }));
  };

  if (methodsLoading) return <Skeleton label="Loading your payment methods…" />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields: Record<string, string> = {};
    chosen.forEach((invoice, i) => {
      const c = cents[i];
      if (c === null || c === undefined || c <= 0)
        fields[`amount-${invoice.InvoiceID}`] = 'Enter an amount like 25.00.';
      else if (c > invoice.balanceCents) {
        fields[`amount-${invoice.InvoiceID}`] = `At most ${formatCents(invoice.balanceCents)} is due on this invoice.`;
      }
    });
    if (chosen.length === 0) fields.invoices = 'Choose at least one invoice to pay.';
    if (!method) fields.PaymentMethodID = 'Add a payment method first.';
    if (Object.keys(fields).length > 0 || !method) {
      return setErrors({ fields, message: CORRECT_FIELDS_MESSAGE });
    }
    setErrors(NO_ERRORS);
    setReviewing(true);
  };

  /** Charges what the review showed. */
  const onPay = async () => {
    if (!method) return;
    setErrors(NO_ERRORS);
    try {
      const result = await pay.mutateAsync({
        key: key.current,
        input: {
          PaymentMethodID: method.PaymentMethodID,
          invoices: draft.invoices,
          expectedFeeCents: totals.feeCents,
        },
      });
      setPaid(result);
      setReviewing(false);
      key.current = newIdempotencyKey();
    } catch (error) {
      // No answer (offline, or the gateway did not answer): the same key lets "Pay" again finish this payment.
      const unanswered = error instanceof ApiError && (error.status === 0 || error.status === 503);
      if (!unanswered) key.current = newIdempotencyKey();
      const formErrors = formErrorsFrom(error);
      chosen.forEach((invoice, i) => {
        const message = formErrors.fields[`invoices.${i}.amountCents`];
        if (message) formErrors.fields[`amount-${invoice.InvoiceID}`] = message;
      });
      setErrors(formErrors);
      // A refused amount is fixed in the form; anything else (a decline, no answer) is tried again from the review.
      if (Object.keys(formErrors.fields).some((f) => f.startsWith('amount-'))) setReviewing(false);
    }
  };

  const feeLabel =
    method?.kind === 'bank'
      ? 'Fee (none for bank accounts)'
      : `Card fee (${formatBasisPoints(bills.cardFeeBasisPoints)})`;
  const draft: PaymentDraft = {
    method: method ? `${method.brand} ending in ${method.last4}` : '',
    invoices: chosen.map((invoice, i) => ({ InvoiceID: invoice.InvoiceID, amountCents: cents[i] ?? 0 })),
    amountCents: totals.amountCents,
    feeCents: totals.feeCents,
    feeLabel,
    totalCents: totals.totalCents,
  };

  if (paid || reviewing) {
    return (
      <Form className="card pay-form" onSubmit={(event) => event.preventDefault()} aria-label="Pay bills">
        {paid ? (
          <PayConfirmation paid={paid} onDone={() => setPaid(null)} />
        ) : (
          <PayReview
            draft={draft}
            busy={pay.isPending}
            error={errors.message}
            onPay={onPay}
            onBack={() => {
              setErrors(NO_ERRORS);
              setReviewing(false);
            }}
          />
        )}
      </Form>
    );
  }

  return (
    <Form className="card pay-form" onSubmit={onSubmit} aria-label="Pay bills">
      <h3>Pay bills</h3>
      <FormAlert message={errors.message} />
      <fieldset className="fieldset">
        <legend>Invoices to pay</legend>
        {errors.fields.invoices && <p className="field__error">{errors.fields.invoices}</p>}
        {bills.openInvoices.map((invoice) => {
          const line = lines[invoice.InvoiceID] ?? { selected: false, amount: '' };
          const error = errors.fields[`amount-${invoice.InvoiceID}`];
          return (
            <div key={invoice.InvoiceID} className={`pay-line${error ? ' field--invalid' : ''}`}>
              <div className="field field--check">
                <input
                  id={`pay-${invoice.InvoiceID}`}
                  type="checkbox"
                  checked={line.selected}
                  onChange={(event) => setLine(invoice.InvoiceID, { selected: event.target.checked })}
                />
                <label htmlFor={`pay-${invoice.InvoiceID}`}>
                  Invoice #{invoice.InvoiceID}, due {formatDay(invoice.dueDate)}
                </label>
              </div>
              <StatusBadge status={invoice.status} />
              <div className="pay-line__amount">
                <label htmlFor={`amount-${invoice.InvoiceID}`}>
                  Amount<span className="visually-hidden"> for invoice #{invoice.InvoiceID}</span>
                </label>
                <input
                  id={`amount-${invoice.InvoiceID}`}
                  inputMode="decimal"
                  value={line.amount}
                  disabled={!line.selected}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `amount-${invoice.InvoiceID}-error` : undefined}
                  onChange={(event) => setLine(invoice.InvoiceID, { amount: event.target.value })}
                />
              </div>
              {error && (
                <p id={`amount-${invoice.InvoiceID}-error`} className="field__error pay-line__error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
      {usable.length === 0 ? (
        <p className="notice">
          You have no payment method that can pay. <Link to="?section=payment-methods">Add a payment method</Link>.
        </p>
      ) : (
        <SelectField
          label="Pay with"
          value={method ? String(method.PaymentMethodID) : ''}
          onValueChange={(value) => {
            changed();
            setMethodId(value);
          }}
          options={usable.map((m) => ({ value: String(m.PaymentMethodID), label: paymentMethodLabel(m) }))}
          error={errors.fields.PaymentMethodID}
        />
      )}
      <dl className="totals" aria-live="polite">
        <div>
          <dt>Amount</dt>
          <dd>{formatCents(totals.amountCents)}</dd>
        </div>
        <div>
          <dt>{feeLabel}</dt>
          <dd>{formatCents(totals.feeCents)}</dd>
        </div>
        <div className="totals__total">
          <dt>Total</dt>
          <dd>{formatCents(totals.totalCents)}</dd>
        </div>
      </dl>
      <Button
        type="submit"
        block
        disabled={usable.length === 0 || nothingToPay}
        aria-describedby={nothingToPay ? 'pay-nothing-hint' : undefined}
      >
        Review the payment
      </Button>
      {nothingToPay && (
        <p id="pay-nothing-hint" className="field__hint">
          Tick an invoice and enter an amount to pay.
        </p>
      )}
    </Form>
  );
}
