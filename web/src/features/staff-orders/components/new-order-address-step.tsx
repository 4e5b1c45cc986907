/**
 * Step 2 of a phone sale: the service address, checked by the public ordering check (its "Did you mean" and area
 * answer); where fiber is available, a cart for it.
 */
import { AvailabilityRequestSchema, type AvailabilityResult } from '@strand/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { AddressSuggestions, isUnresolved } from '../../../lib/checkout/address-suggestions';
import { formErrorsFrom } from '../../../lib/form-errors';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useCheckAddress, useStartCart } from '../api/new-order';

const AREA_TITLES: Record<AvailabilityResult['availability'], string> = {
  available: 'Fiber is available',
  coming_soon: 'Coming soon: we are building here (no orders yet)',
  taking_signups: 'Taking sign-ups (no orders yet)',
  not_served: 'Not in our fiber area',
};

interface AddressValues {
  line1: string;
  unit: string;
  city: string;
  state: string;
  zip: string;
}

export function AddressStep({ onCart, hasCart }: { onCart(cartId: string): void; hasCart: boolean }) {
  const form = useForm<AddressValues>({ line1: '', unit: '', city: '', state: 'MO', zip: '' });
  const check = useCheckAddress();
  const start = useStartCart();
  const [result, setResult] = useState<AvailabilityResult | null>(null);
  const [cartError, setCartError] = useState<string | null>(null);
  const run = (values: AddressValues, acceptUnverified = false) =>
    check.mutateAsync({ ...values, acceptUnverified }).then(setResult);
  const onSubmit = form.submit(AvailabilityRequestSchema, (data) => run(data));
  const retry = (values: AddressValues, acceptUnverified = false) => {
    form.setValues(values);
    run(values, acceptUnverified).catch((e) => form.setErrors(formErrorsFrom(e)));
  };
  const unresolved = result !== null && isUnresolved(result);
  const choosePackages = (checkId: string) => {
    setCartError(null);
    start
      .mutateAsync(checkId)
      .then((cart) => onCart(cart.cartId))
      .catch((e) => setCartError(errorMessage(e)));
  };

  return (
    <section className="card order-card" aria-labelledby="address-heading">
      <h2 id="address-heading">2. Service address</h2>
      <Form onSubmit={onSubmit} message={form.errors.message} aria-label="Service address">
        <TextField label="Street address" {...form.field('line1')} hint="Like 2208 Clark Ln" />
        <TextField label="Apartment or unit (optional)" {...form.field('unit')} />
        <div className="order-row">
          <TextField label="ZIP code" inputMode="numeric" {...form.field('zip')} />
          <TextField label="City" {...form.field('city')} hint="From the ZIP code when left empty" />
          <TextField label="State" maxLength={2} {...form.field('state')} />
        </div>
        <Button type="submit" variant="secondary" busy={check.isPending}>
          Check this address
        </Button>
      </Form>
      {result && (
        <div aria-live="polite" className="order-answer">
          <h3>{unresolved ? 'Check the address' : AREA_TITLES[result.availability]}</h3>
          <p role="status">{result.message}</p>
          <AddressSuggestions suggestions={result.suggestions} onPick={retry} />
          {unresolved && (
            <Button variant="tertiary" onClick={() => retry(form.values, true)}>
              Use the address as typed (a temporary location, confirmed before the install)
            </Button>
          )}
          {result.address && <p className="order-address">{result.address.line}</p>}
          {result.areas.length > 0 && (
            <p className="muted">Service area: {result.areas.map((a) => a.name).join(', ')}</p>
          )}
          {!unresolved && result.availability === 'available' && (
            <>
              <FormAlert message={cartError} />
              {!hasCart && (
                <Button onClick={() => choosePackages(result.checkId)} busy={start.isPending}>
                  Choose packages for this address
                </Button>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
