import { type Autopay, type PaymentMethod, paymentMethodLabel } from '@strand/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { FormAlert } from '../../../lib/ui/form-alert';
import { SelectField } from '../../../lib/ui/parts';
import { Skeleton } from '../../../lib/ui/skeleton';
import { StatusBadge } from '../../../lib/ui/status-badge';
import { useAutopay, usePaymentMethods, useSetAutopay } from '../api/bills';

/** viewAutopay, activatePaymentMethod and deactivateAutopay, per mailing location. */
export function AutopaySection({ mayPay }: { mayPay: boolean }) {
  const autopay = useAutopay();
  const methods = usePaymentMethods();

  if (autopay.isError) return <FormAlert message={errorMessage(autopay.error)} />;
  if (!autopay.data) return <Skeleton label="Loading autopay…" />;

  return (
    <section className="stack" aria-labelledby="autopay-heading">
      <h2 id="autopay-heading">Autopay</h2>
      <p className="page__lead">
        With autopay on, each bill is paid on its due date with the payment method you choose; a bill that is already
        past due is paid at the next autopay run, within the hour.
      </p>
      {autopay.data.requireAutopay && (
        <p className="notice">
          Your provider requires automatic payments: you can change the payment method, not turn autopay off.
        </p>
      )}
      <ul className="card-list">
        {autopay.data.locations.map((location) => (
          <li key={location.MailingLocationID}>
            <AutopayCard
              location={location}
              requireAutopay={autopay.data.requireAutopay}
              methods={(methods.data ?? []).filter((m) => !m.expired)}
              mayPay={mayPay}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface AutopayCardProps {
  location: Autopay['locations'][number];
  requireAutopay: boolean;
  methods: PaymentMethod[];
  mayPay: boolean;
}

function AutopayCard({ location, requireAutopay, methods, mayPay }: AutopayCardProps) {
  const setAutopay = useSetAutopay();
  const current = location.paymentMethod;
  const [choice, setChoice] = useState('');
  const chosen = methods.find((m) => String(m.PaymentMethodID) === choice) ?? methods[0];
  const name = (m: PaymentMethod) => `${m.brand} ending in ${m.last4}`;

  const turnOn = async () => {
    if (!chosen) return;
    try {
      await setAutopay.mutateAsync({
        mailingLocationId: location.MailingLocationID,
        paymentMethodId: chosen.PaymentMethodID,
      });
      popup.show(`Autopay is on with ${name(chosen)}`);
    } catch {
      // Shown from the mutation state.
    }
  };
  const turnOff = async () => {
    try {
      await setAutopay.mutateAsync({ mailingLocationId: location.MailingLocationID, paymentMethodId: null });
      popup.show('Autopay is off');
    } catch {
      // Shown from the mutation state.
    }
  };

  return (
    <article className="card item-card" aria-labelledby={`autopay-${location.MailingLocationID}`}>
      <header className="item-card__head">
        <h3 id={`autopay-${location.MailingLocationID}`}>{location.fullAddress}</h3>
        <StatusBadge status={current ? 'Autopay on' : 'Autopay off'} tone={current ? 'success' : 'neutral'} />
      </header>
      <p>
        {current
          ? `Bills here are paid automatically with ${name(current)}.`
          : 'Bills here are not paid automatically.'}
      </p>
      {setAutopay.isError && <FormAlert message={errorMessage(setAutopay.error)} />}
      {mayPay &&
        (methods.length === 0 ? (
          <p className="notice">
            Add a payment method to use autopay. <Link to="?section=payment-methods">Add a payment method</Link>.
          </p>
        ) : (
          <div className="autopay-controls">
            <SelectField
              label="Pay automatically with"
              value={chosen ? String(chosen.PaymentMethodID) : ''}
              onValueChange={setChoice}
              options={methods.map((m) => ({ value: String(m.PaymentMethodID), label: paymentMethodLabel(m) }))}
            />
            <div className="actions">
              <Button
                type="button"
                disabled={
                  setAutopay.isPending || (current !== null && chosen?.PaymentMethodID === current.PaymentMethodID)
                }
                onClick={turnOn}
              >
                {current ? 'Change payment method' : 'Turn on autopay'}
              </Button>
              {current && !requireAutopay && (
                <Button type="button" variant="secondary" busy={setAutopay.isPending} onClick={turnOff}>
                  Turn off autopay
                </Button>
              )}
            </div>
          </div>
        ))}
    </article>
  );
}
