import type { PaymentMethod } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatExpiry } from '../../../lib/format';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { LazyConfirmDialog } from '../../../lib/ui/confirm-dialog-lazy';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { useBills, useDeletePaymentMethod, usePaymentMethods } from '../api/bills';
import { PaymentMethodForm } from './payment-method-form';

/** The payment methods on file: brand, last four digits and expiry only; add and remove (billing-pay). */
export function PaymentMethodsSection({ mayPay }: { mayPay: boolean }) {
  const methods = usePaymentMethods();
  const bills = useBills();
  const [adding, setAdding] = useState(false);

  return (
    <section className="stack" aria-labelledby="methods-heading">
      <div className="section-head">
        <h2 id="methods-heading">Payment methods</h2>
        {mayPay && !adding && (
          <Button type="button" onClick={() => setAdding(true)}>
            Add a payment method
          </Button>
        )}
      </div>
      {adding && (
        <PaymentMethodForm sandbox={bills.data?.paymentGateway === 'sandbox'} onDone={() => setAdding(false)} />
      )}
      {methods.isError && <FormAlert message={errorMessage(methods.error)} />}
      {methods.data?.length === 0 && <EmptyState>No payment methods on file.</EmptyState>}
      <ul className="card-list">
        {methods.data?.map((m) => (
          <li key={m.PaymentMethodID}>
            <MethodCard method={m} mayPay={mayPay} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function MethodCard({ method, mayPay }: { method: PaymentMethod; mayPay: boolean }) {
  const remove = useDeletePaymentMethod();
  const [confirming, setConfirming] = useState(false);
  const name = `${method.brand} ending in ${method.last4}`;
  const onRemove = async () => {
    try {
      await remove.mutateAsync(method.PaymentMethodID);
      popup.show(`${name} removed`);
    } catch {
      setConfirming(false);
    }
  };
  return (
    <article className="card item-card" aria-labelledby={`method-${method.PaymentMethodID}`}>
      <header className="item-card__head">
        <h3 id={`method-${method.PaymentMethodID}`}>{name}</h3>
        {method.autopayMailingLocationIDs.length > 0 && <span className="tag">Autopay</span>}
        {method.expired && <StatusBadge status="Expired" />}
      </header>
      <p className="muted">
        {method.kind === 'card' ? `Card · expires ${formatExpiry(method.expMonth, method.expYear)}` : 'Bank account'} ·{' '}
        {method.holderName}
      </p>
      {remove.isError && <FormAlert message={errorMessage(remove.error)} />}
      {mayPay && (
        <div className="actions">
          <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
            Remove<span className="visually-hidden"> {name}</span>
          </Button>
        </div>
      )}
      {confirming && (
        <LazyConfirmDialog
          message={`Remove ${name}?`}
          yesLabel={`Yes, remove ${name}`}
          noLabel="Keep"
          danger
          busy={remove.isPending}
          onYes={() => void onRemove()}
          onNo={() => setConfirming(false)}
        >
          {method.autopayMailingLocationIDs.length > 0 && <p>Autopay with it stops until you choose another.</p>}
        </LazyConfirmDialog>
      )}
    </article>
  );
}
