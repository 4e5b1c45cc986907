/** Step 1 of a phone sale (/staff/orders/new): who orders, a new customer or an account found by name or number. */
import type { CustomerMatch } from '@strand/domain';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { useCustomerMatches } from '../api/new-order';

/** Who the order is for: a new account, or an existing one (NO_MATCH until staff pick it). */
export type Customer = { kind: 'existing'; match: CustomerMatch } | { kind: 'new' };

/** "Existing customer" chosen, no account picked yet. */
export const NO_MATCH: CustomerMatch = { vcCustomerID: '', vcCustomerName: '', vcCustomerType: 'Residential' };

export function CustomerStep({ customer, onCustomer }: { customer: Customer; onCustomer(c: Customer): void }) {
  const [q, setQ] = useState('');
  const [asked, setAsked] = useState('');
  const matches = useCustomerMatches(asked);
  const [error, setError] = useState<string | undefined>();
  const search = (e: FormEvent) => {
    e.preventDefault();
    const text = q.trim();
    if (text.length < 2) {
      setError('Type at least 2 characters of the name or account number.');
      return;
    }
    setError(undefined);
    setAsked(text);
  };
  return (
    <section className="card order-card" aria-labelledby="customer-heading">
      <h2 id="customer-heading">1. Customer</h2>
      <fieldset className="order-choices">
        <legend>Who is ordering</legend>
        {(['new', 'existing'] as const).map((kind) => (
          <div className="field field--check" key={kind}>
            <input
              id={`customer-${kind}`}
              type="radio"
              name="customer-kind"
              checked={customer.kind === kind}
              onChange={() => onCustomer(kind === 'new' ? { kind: 'new' } : { kind: 'existing', match: NO_MATCH })}
            />
            <label htmlFor={`customer-${kind}`}>
              {kind === 'new' ? 'A new customer (a new account)' : 'An existing customer'}
            </label>
          </div>
        ))}
      </fieldset>
      {customer.kind === 'new' && (
        <p className="muted">Take the customer’s name, email and phone with the payment below.</p>
      )}
      {customer.kind === 'existing' && (
        <>
          {customer.match !== NO_MATCH && (
            <p role="status" className="order-address">
              Ordering for {customer.match.vcCustomerName} ({customer.match.vcCustomerID})
            </p>
          )}
          <form noValidate onSubmit={search} aria-label="Find the customer">
            <TextField
              label="Customer name or account number"
              type="search"
              value={q}
              onValueChange={setQ}
              error={error}
            />
            <Button type="submit" variant="secondary" busy={matches.isFetching}>
              Find customer
            </Button>
          </form>
          {matches.isError && <FormAlert message={errorMessage(matches.error)} />}
          {matches.data && matches.data.length === 0 && (
            <EmptyState role="status">No customer account matches “{asked}”.</EmptyState>
          )}
          {matches.data && matches.data.length > 0 && (
            <ul className="order-suggestions" aria-label="Matching customers">
              {matches.data.map((m) => (
                <li key={m.vcCustomerID}>
                  <Button variant="secondary" onClick={() => onCustomer({ kind: 'existing', match: m })}>
                    {m.vcCustomerName} · {m.vcCustomerID}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
