/**
 * Steps 2 and 3: the cart (package ids on the server, prices always from the server) and the checkout: the install
 * window from real capacity, a new customer's account with its email code (or the signed-in customer), the card, the
 * terms. The order is placed with one Idempotency-Key per attempt, so a double click orders once.
 */
import {
  type Cart,
  type CheckoutResult,
  CustomerCheckoutSchema,
  formatCents,
  NewCustomerCheckoutSchema,
} from '@strand/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { formErrorsFrom, withLastPartFields } from '../../../lib/form-errors';
import { installDayOptions, installWindowOptions } from '../../../lib/install-window-options';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { OrderTotals, orderPackageLabel } from '../../../lib/ui/order-totals';
import { SelectField } from '../../../lib/ui/parts';
import { TextField } from '../../../lib/ui/text-field';
import { useForm, withoutFieldError } from '../../../lib/use-form';
import {
  orderingKeys,
  useCart,
  useCheckout,
  useInstallWindows,
  useSavedMethods,
  useSendEmailCode,
  useUpdateCart,
} from '../api/ordering';

const AreaMap = lazy(() => import('./area-map').then((m) => ({ default: m.AreaMap })));

export function CartAndCheckout({
  cartId,
  onStartOver,
  onPlaced,
}: {
  cartId: string;
  onStartOver(): void;
  onPlaced(result: CheckoutResult): void;
}) {
  const cart = useCart(cartId);
  if (cart.isPending) return <p className="card order-card">Loading your cart…</p>;
  if (cart.isError) {
    return (
      <section className="card order-card" aria-labelledby="cart-gone">
        <h1 id="cart-gone">Your cart</h1>
        <FormAlert message={cart.error.message} />
        <Button onClick={onStartOver}>Check an address</Button>
      </section>
    );
  }
  return (
    <>
      <CartView cart={cart.data} onStartOver={onStartOver} />
      {cart.data.lines.some((l) => cart.data.available.find((p) => p.id === l.packageId)?.category === 'internet') && (
        <CheckoutForm cart={cart.data} onPlaced={onPlaced} />
      )}
    </>
  );
}

function CartView({ cart, onStartOver }: { cart: Cart; onStartOver(): void }) {
  const update = useUpdateCart(cart.cartId);
  const [error, setError] = useState<string | null>(null);
  const ids = cart.lines.map((l) => l.packageId);
  const internet = cart.available.filter((p) => p.category === 'internet');
  const extras = cart.available.filter((p) => p.category !== 'internet');
  const save = (next: number[]) => {
    setError(null);
    update.mutateAsync(next).catch((e) => setError(formErrorsFrom(e).message));
  };
  const chooseInternet = (id: number) =>
    save([id, ...ids.filter((x) => cart.available.find((p) => p.id === x)?.category !== 'internet')]);
  const toggle = (id: number, on: boolean) => save(on ? [...ids, id] : ids.filter((x) => x !== id));
  const label = orderPackageLabel;

  return (
    <section className="card order-card" aria-labelledby="cart-heading">
      <h1 id="cart-heading">Your order</h1>
      <p className="order-address">{cart.address.line}</p>
      {cart.temporary && <p className="muted">This address is new to us: we confirm it before the install.</p>}
      {cart.latitude !== null && cart.longitude !== null && (
        <Suspense fallback={<p className="muted">Loading the map…</p>}>
          <AreaMap latitude={cart.latitude} longitude={cart.longitude} label={cart.address.line} areas={[]} />
        </Suspense>
      )}
      {cart.removed.length > 0 && (
        <FormAlert message={`No longer offered here, taken out of your cart: ${cart.removed.join(', ')}.`} />
      )}
      <fieldset className="order-choices">
        <legend>Internet speed</legend>
        {internet.map((p) => (
          <div className="field field--check" key={p.id}>
            <input
              id={`pkg-${p.id}`}
              type="radio"
              name="internet"
              checked={ids.includes(p.id)}
              onChange={() => chooseInternet(p.id)}
            />
            <label htmlFor={`pkg-${p.id}`}>{label(p)}</label>
          </div>
        ))}
      </fieldset>
      {extras.length > 0 && (
        <fieldset className="order-choices">
          <legend>Add to your service</legend>
          {extras.map((p) => (
            <div className="field field--check" key={p.id}>
              <input
                id={`pkg-${p.id}`}
                type="checkbox"
                checked={ids.includes(p.id)}
                onChange={(e) => toggle(p.id, e.target.checked)}
              />
              <label htmlFor={`pkg-${p.id}`}>{label(p)}</label>
            </div>
          ))}
        </fieldset>
      )}
      <FormAlert message={error} />
      <OrderTotals cart={cart} />
      {cart.lines.length === 0 && <p className="muted">Choose an internet speed to continue.</p>}
      <Button variant="link" onClick={onStartOver}>
        Start over with another address
      </Button>
    </section>
  );
}

interface CheckoutValues {
  installDate: string;
  installWindow: string;
  customerType: string;
  firstName: string;
  lastName: string;
  businessName: string;
  email: string;
  emailCode: string;
  phone: string;
  username: string;
  password: string;
  paymentMethodId: string;
  holderName: string;
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  postalCode: string;
}

function CheckoutForm({ cart, onPlaced }: { cart: Cart; onPlaced(result: CheckoutResult): void }) {
  const { claims } = useSession();
  const signedIn = claims !== null && claims.nStaff === 0 && claims.nInstaller === 0 && claims.nContractor === 0;
  const windows = useInstallWindows(cart.cartId);
  const saved = useSavedMethods(signedIn);
  const cards = (saved.data ?? []).filter((m) => m.kind === 'card' && !m.expired);
  const form = useForm<CheckoutValues>({
    installDate: '',
    installWindow: '',
    customerType: 'Residential',
    firstName: '',
    lastName: '',
    businessName: '',
    email: '',
    emailCode: '',
    phone: '',
    username: '',
    password: '',
    paymentMethodId: '',
    holderName: '',
    cardNumber: '',
    expMonth: '',
    expYear: '',
    cvc: '',
    postalCode: cart.address.zip,
  });
  const [terms, setTerms] = useState(false);
  const sendCode = useSendEmailCode();
  const [codeMessage, setCodeMessage] = useState<string | null>(null);
  const checkout = useCheckout();
  const key = useRef(newIdempotencyKey());
  const queryClient = useQueryClient();
  const v = form.values;

  const days = windows.data?.days ?? [];
  const day = days.find((d) => d.date === v.installDate) ?? null;
  const dayOptions = installDayOptions(days);
  const windowOptions = installWindowOptions(day);

  const body = (values: CheckoutValues) => {
    const payment =
      values.paymentMethodId !== ''
        ? { kind: 'saved', paymentMethodId: values.paymentMethodId }
        : {
            kind: 'card',
            holderName: values.holderName,
            cardNumber: values.cardNumber,
            expMonth: values.expMonth,
            expYear: values.expYear,
            cvc: values.cvc,
            postalCode: values.postalCode,
          };
    const order = {
      cartId: cart.cartId,
      installDate: values.installDate,
      installWindow: values.installWindow,
      acceptTerms: terms,
      expectedTotalCents: cart.dueTodayCents,
      payment,
      mailing: null,
    };
    if (signedIn) return order;
    return {
      ...order,
      account: {
        customerType: values.customerType,
        firstName: values.firstName,
        lastName: values.lastName,
        businessName: values.businessName,
        email: values.email,
        phone: values.phone,
        username: values.username,
        password: values.password,
        emailCode: values.emailCode,
      },
    };
  };

  const place = async (data: unknown) => {
    try {
      const result = signedIn
        ? await checkout.mutateAsync({ kind: 'customer', key: key.current, body: data as never })
        : await checkout.mutateAsync({ kind: 'new', key: key.current, body: data as never });
      onPlaced(result);
    } catch (error) {
      // A refused order stored nothing: the next attempt is a new one. A lost answer (503, no network) is retried
      // with the same key, so it cannot charge twice.
      if (error instanceof ApiError && error.status !== 503) key.current = newIdempotencyKey();
      if (error instanceof ApiError && error.code === 'prices_changed') {
        await queryClient.invalidateQueries({ queryKey: orderingKeys.cart(cart.cartId) });
      }
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: orderingKeys.windows(cart.cartId) });
      }
      throw error;
    }
  };
  const onSubmit = form.submit(signedIn ? CustomerCheckoutSchema : NewCustomerCheckoutSchema, place, {
    check: body,
    mapErrors: withLastPartFields,
    rules: (values) => {
      const r: Record<string, string> = {};
      if (values.installDate === '') r.installDate = 'Choose an install day.';
      if (values.installWindow === '') r.installWindow = 'Choose an install window.';
      return r;
    },
  });

  const requestCode = () => {
    setCodeMessage(null);
    sendCode
      .mutateAsync(v.email.trim())
      .then((r) => setCodeMessage(r.message))
      .catch((e) => {
        const refused = formErrorsFrom(e);
        form.setErrors((errors) => ({
          ...errors,
          fields: { ...errors.fields, email: refused.fields.email ?? refused.message ?? 'We could not send a code.' },
        }));
      });
  };

  return (
    <section className="card order-card" aria-labelledby="checkout-heading">
      <h2 id="checkout-heading">Check out</h2>
      <Form onSubmit={onSubmit} message={form.errors.message} aria-label="Checkout">
        <fieldset className="order-choices">
          <legend>Install appointment</legend>
          {windows.isError && <FormAlert message={windows.error.message} />}
          <SelectField
            label="Install day"
            options={dayOptions}
            {...form.field('installDate')}
            onValueChange={(value) => {
              form.set('installDate')(value);
              form.setValues((x) => ({ ...x, installWindow: '' }));
            }}
            hint={windows.data ? `The first day we can install here is ${windows.data.earliest}.` : undefined}
          />
          <SelectField label="Install window" options={windowOptions} {...form.field('installWindow')} />
        </fieldset>

        {!signedIn && (
          <fieldset className="order-choices">
            <legend>Your account</legend>
            <SelectField
              label="Account type"
              options={[
                { value: 'Residential', label: 'Home' },
                { value: 'Business', label: 'Business' },
              ]}
              {...form.field('customerType')}
            />
            {v.customerType === 'Business' && (
              <TextField label="Business name" autoComplete="organization" {...form.field('businessName')} />
            )}
            <div className="order-row">
              <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} />
              <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
            </div>
            <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
            <Button type="button" variant="secondary" onClick={requestCode} busy={sendCode.isPending}>
              Email me a verification code
            </Button>
            <FormAlert message={codeMessage} tone="success" />
            <TextField
              label="Verification code"
              inputMode="numeric"
              autoComplete="one-time-code"
              {...form.field('emailCode')}
            />
            <TextField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
            <TextField label="Username" autoComplete="username" {...form.field('username')} />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="At least 10 characters; not a common password."
              {...form.field('password')}
            />
          </fieldset>
        )}

        <fieldset className="order-choices">
          <legend>Payment: {formatCents(cart.dueTodayCents)} today</legend>
          {signedIn && cards.length > 0 && (
            <SelectField
              label="Pay with"
              options={[
                { value: '', label: 'A new card' },
                ...cards.map((m) => ({ value: String(m.PaymentMethodID), label: `${m.brand} ending ${m.last4}` })),
              ]}
              {...form.field('paymentMethodId')}
            />
          )}
          {v.paymentMethodId === '' && (
            <>
              <TextField label="Name on card" autoComplete="cc-name" {...form.field('holderName')} />
              <TextField
                label="Card number"
                inputMode="numeric"
                autoComplete="cc-number"
                {...form.field('cardNumber')}
              />
              <div className="order-row">
                <TextField
                  label="Expiry month"
                  inputMode="numeric"
                  autoComplete="cc-exp-month"
                  {...form.field('expMonth')}
                />
                <TextField
                  label="Expiry year"
                  inputMode="numeric"
                  autoComplete="cc-exp-year"
                  {...form.field('expYear')}
                />
                <TextField label="Security code" inputMode="numeric" autoComplete="cc-csc" {...form.field('cvc')} />
              </div>
              <TextField
                label="Billing ZIP code"
                inputMode="numeric"
                autoComplete="postal-code"
                {...form.field('postalCode')}
              />
            </>
          )}
        </fieldset>

        <div className={`field field--check${form.errors.fields.acceptTerms ? ' field--invalid' : ''}`}>
          <input
            id="accept-terms"
            type="checkbox"
            checked={terms}
            onChange={(e) => {
              setTerms(e.target.checked);
              form.setErrors((errors) => withoutFieldError(errors, 'acceptTerms'));
            }}
            aria-describedby={form.errors.fields.acceptTerms ? 'accept-terms-error' : undefined}
          />
          <label htmlFor="accept-terms">
            I accept the terms of service: monthly billing from the install day, cancel any time before the install for
            a refund.
          </label>
        </div>
        {form.errors.fields.acceptTerms && (
          <p id="accept-terms-error" className="field__error">
            {form.errors.fields.acceptTerms}
          </p>
        )}
        <Button type="submit" block busy={checkout.isPending}>
          Place order and pay {formatCents(cart.dueTodayCents)}
        </Button>
      </Form>
    </section>
  );
}
