/**
 * Step 1: check an address. The server verifies and standardizes it, geocodes it and runs the county and area checks;
 * the answer shows on a map with what can be ordered there, suggestions for a typo, or a "notify me" form. A served
 * address goes on to the package step at once (one click: the cart is made with the answer, issue 28).
 */
import {
  AvailabilityRequestSchema,
  type AvailabilityResult,
  type CatalogPackage,
  formatCents,
  LeadRequestSchema,
} from '@strand/domain';
import { lazy, Suspense, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AddressSuggestions, isUnresolved } from '../../../lib/checkout/address-suggestions';
import { formErrorsFrom } from '../../../lib/form-errors';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { lookupAreaZip, useCheckAvailability, useCreateCart, useSubmitLead } from '../api/ordering';

const AreaMap = lazy(() => import('./area-map').then((m) => ({ default: m.AreaMap })));

interface AddressValues {
  line1: string;
  unit: string;
  city: string;
  state: string;
  zip: string;
}

import { AVAILABILITY_TITLES } from '../availability-titles';

export function AddressCheck({ onCart }: { onCart(cartId: string): void }) {
  // A "fiber is now available" mail links /order with the address filled in (line1, unit, city, state, zip).
  const [params] = useSearchParams();
  const form = useForm<AddressValues>({
    line1: params.get('line1') ?? '',
    unit: params.get('unit') ?? '',
    city: params.get('city') ?? '',
    state: params.get('state') || 'MO',
    zip: params.get('zip') ?? '',
  });
  const check = useCheckAvailability();
  const createCart = useCreateCart();
  const [result, setResult] = useState<AvailabilityResult | null>(null);

  const run = (values: AddressValues, acceptUnverified = false) =>
    check.mutateAsync({ ...values, acceptUnverified }).then(async (answer) => {
      setResult(answer);
      // A city left empty was taken from the ZIP code by the server: show it.
      if (answer.address) {
        const { city, state } = answer.address;
        form.setValues((v) => (v.city.trim() === '' ? { ...v, city, state } : v));
      }
      // Served: straight on to the packages (the package step shows the same verdict and area). Should the cart not
      // be made, the answer stays with its "Choose packages" button, which says why.
      if (answer.availability === 'available' && !isUnresolved(answer)) {
        const cart = await createCart.mutateAsync(answer.checkId).catch(() => null);
        if (cart) onCart(cart.cartId);
      }
    });
  // The visitor is in the City field: the ZIP lookup never types into it under their fingers.
  const cityFocused = useRef(false);
  const onSubmit = form.submit(AvailabilityRequestSchema, (data) => run(data));

  const fillCity = async () => {
    if (!/^\d{5}$/.test(form.values.zip.trim())) return;
    const place = await lookupAreaZip(form.values.zip.trim());
    // Only into an empty city: never over what the visitor typed meanwhile.
    if (place && !cityFocused.current) {
      form.setValues((v) => (v.city.trim() === '' ? { ...v, city: place.city, state: place.state } : v));
    }
  };

  const pickSuggestion = (s: AvailabilityResult['suggestions'][number]) => {
    const next = { line1: s.line1, unit: s.unit, city: s.city, state: s.state, zip: s.zip };
    form.setValues(next);
    run(next).catch((error) => form.setErrors(formErrorsFrom(error)));
  };
  const keepTyped = () => run(form.values, true).catch((error) => form.setErrors(formErrorsFrom(error)));

  return (
    <>
      <section className="card order-card" aria-labelledby="order-heading">
        <h1 id="order-heading">Check availability and order service</h1>
        <p className="muted">Type the address where you want fiber. We check it against our address data and map.</p>
        <Form onSubmit={onSubmit} message={form.errors.message} aria-label="Service address">
          <TextField
            label="Street address"
            autoComplete="address-line1"
            {...form.field('line1')}
            hint="Like 2208 Clark Ln"
          />
          <TextField label="Apartment or unit (optional)" autoComplete="address-line2" {...form.field('unit')} />
          <div className="order-row">
            <TextField
              label="ZIP code"
              inputMode="numeric"
              autoComplete="postal-code"
              {...form.field('zip')}
              onBlur={fillCity}
            />
            <TextField
              label="City"
              autoComplete="address-level2"
              {...form.field('city')}
              hint="From the ZIP code when left empty"
              onFocus={() => {
                cityFocused.current = true;
              }}
              onBlur={() => {
                cityFocused.current = false;
              }}
            />
            <TextField label="State" autoComplete="address-level1" maxLength={2} {...form.field('state')} />
          </div>
          <Button type="submit" busy={check.isPending || createCart.isPending}>
            Check this address
          </Button>
        </Form>
      </section>
      {result && (
        <AvailabilityAnswer
          key={result.checkId}
          result={result}
          onSuggestion={pickSuggestion}
          onUseTyped={keepTyped}
          onCart={onCart}
        />
      )}
    </>
  );
}

function AvailabilityAnswer({
  result,
  onSuggestion,
  onUseTyped,
  onCart,
}: {
  result: AvailabilityResult;
  onSuggestion(s: AvailabilityResult['suggestions'][number]): void;
  onUseTyped(): void;
  onCart(cartId: string): void;
}) {
  const unresolved = isUnresolved(result);
  return (
    <section className="card order-card" aria-labelledby="answer-heading" aria-live="polite">
      <h2 id="answer-heading">{unresolved ? 'Check the address' : AVAILABILITY_TITLES[result.availability]}</h2>
      <p role="status">{result.message}</p>
      <AddressSuggestions suggestions={result.suggestions} onPick={onSuggestion} />
      {unresolved && (
        <Button variant="tertiary" onClick={onUseTyped}>
          Use the address as I typed it
        </Button>
      )}
      {result.address && <p className="order-address">{result.address.line}</p>}
      {result.latitude !== null && result.longitude !== null && (
        <Suspense fallback={<Skeleton label="Loading the map…" />}>
          <AreaMap
            latitude={result.latitude}
            longitude={result.longitude}
            label={result.address?.line ?? 'Your address'}
            areas={result.areas}
          />
        </Suspense>
      )}
      {!unresolved && result.availability === 'available' && (
        <PackagesOffered packages={result.packages} checkId={result.checkId} onCart={onCart} />
      )}
      {!unresolved && result.availability !== 'available' && (
        <LeadForm checkId={result.checkId} signup={result.availability === 'taking_signups'} />
      )}
    </section>
  );
}

function PackagesOffered({
  packages,
  checkId,
  onCart,
}: {
  packages: CatalogPackage[];
  checkId: string;
  onCart(cartId: string): void;
}) {
  const create = useCreateCart();
  const [error, setError] = useState<string | null>(null);
  const start = () =>
    create
      .mutateAsync(checkId)
      .then((cart) => onCart(cart.cartId))
      .catch((e) => setError(formErrorsFrom(e).message));
  return (
    <>
      <h3>What you can order here</h3>
      <ul className="order-packages">
        {packages.map((p) => (
          <li key={p.id}>
            <strong>{p.name}</strong> · {formatCents(p.monthlyCents)}/month
            {p.installFeeCents > 0 && <> · install {formatCents(p.installFeeCents)}</>}
            {p.description && <span className="muted"> — {p.description}</span>}
          </li>
        ))}
      </ul>
      {error && <FormAlert message={error} />}
      <Button onClick={start} busy={create.isPending}>
        Choose packages
      </Button>
    </>
  );
}

function LeadForm({ checkId, signup }: { checkId: string; signup: boolean }) {
  const form = useForm({ email: '', name: '' });
  const lead = useSubmitLead();
  const [done, setDone] = useState<string | null>(null);
  const onSubmit = form.submit(LeadRequestSchema, async (data) => setDone((await lead.mutateAsync(data)).message), {
    check: (v) => ({ ...v, checkId }),
  });
  if (done) return <FormAlert message={done} tone="success" />;
  return (
    <Form onSubmit={onSubmit} message={form.errors.message} aria-label={signup ? 'Sign up' : 'Notify me'}>
      <TextField label="Your email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Your name (optional)" autoComplete="name" {...form.field('name')} />
      <Button type="submit" busy={lead.isPending}>
        {signup ? 'Sign me up' : 'Notify me'}
      </Button>
    </Form>
  );
}
