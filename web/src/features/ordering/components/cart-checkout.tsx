/**
 * Steps 2 and 3: the cart (package ids on the server, prices always from the server) and the checkout: the install
 * window from real capacity, a new customer's account with its email code (or the signed-in customer), the card, the
 * terms. The order is placed with one Idempotency-Key per attempt, so a double click orders once.
 */
import {
  availabilityOf,
  type Cart,
  type CheckoutResult,
  CustomerCheckoutSchema,
  formatCents,
  NewCustomerCheckoutSchema,
} from '@strand/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import {
  CardFields,
  type CardValues,
  HolderFields,
  type HolderValues,
  InstallAppointmentFields,
  type InstallValues,
  TermsCheck,
} from '../../../lib/checkout/checkout-fields';
import { PackageChoices } from '../../../lib/checkout/package-choices';
import { cardPaymentOf, installRules, placeCheckout } from '../../../lib/checkout/place-checkout';
import { formErrorsFrom, withLastPartFields } from '../../../lib/form-errors';
import { useSavedCards } from '../../../lib/saved-cards';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { SelectField } from '../../../lib/ui/parts';
import { Skeleton } from '../../../lib/ui/skeleton';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import {
  orderingKeys,
  useCart,
  useCheckout,
  useInstallWindows,
  useSendEmailCode,
  useUpdateCart,
} from '../api/ordering';
import { AVAILABILITY_TITLES } from '../availability-titles';

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
  return (
    <section className="card order-card" aria-labelledby="cart-heading">
      <h1 id="cart-heading">Your order</h1>
      <h2 className="order-verdict">{AVAILABILITY_TITLES[availabilityOf(cart.areaKind)]}</h2>
      <p className="order-address">{cart.address.line}</p>
      {cart.temporary && <p className="muted">This address is new to us: we confirm it before the install.</p>}
      {cart.latitude !== null && cart.longitude !== null && (
        <Suspense fallback={<Skeleton label="Loading the map…" />}>
          <AreaMap latitude={cart.latitude} longitude={cart.longitude} label={cart.address.line} areas={cart.areas} />
        </Suspense>
      )}
      {cart.removed.length > 0 && (
        <FormAlert message={`No longer offered here, taken out of your cart: ${cart.removed.join(', ')}.`} />
      )}
      <PackageChoices
        cart={cart}
        save={update.mutateAsync}
        idPrefix="pkg"
        internetName="internet"
        extrasLegend="Add to your service"
      />
      {cart.lines.length === 0 && <p className="muted">Choose an internet speed to continue.</p>}
      <Button variant="tertiary" onClick={onStartOver}>
        Start over with another address
      </Button>
    </section>
  );
}

type CheckoutValues = InstallValues &
  HolderValues &
  CardValues & {
    emailCode: string;
    username: string;
    password: string;
    paymentMethodId: string;
  };

function CheckoutForm({ cart, onPlaced }: { cart: Cart; onPlaced(result: CheckoutResult): void }) {
  const { claims } = useSession();
  const signedIn = claims !== null && claims.nStaff === 0 && claims.nInstaller === 0 && claims.nContractor === 0;
  const windows = useInstallWindows(cart.cartId);
  const cards = useSavedCards(signedIn);
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

  const body = (values: CheckoutValues) => {
    const payment =
      values.paymentMethodId !== ''
        ? { kind: 'saved', paymentMethodId: values.paymentMethodId }
        : cardPaymentOf(values);
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
    const result = await placeCheckout(
      () =>
        signedIn
          ? checkout.mutateAsync({ kind: 'customer', key: key.current, body: data as never })
          : checkout.mutateAsync({ kind: 'new', key: key.current, body: data as never }),
      {
        queryClient,
        resetKey: () => {
          key.current = newIdempotencyKey();
        },
        cartKey: orderingKeys.cart(cart.cartId),
        windowsKey: orderingKeys.windows(cart.cartId),
      },
    );
    onPlaced(result);
  };
  const onSubmit = form.submit(signedIn ? CustomerCheckoutSchema : NewCustomerCheckoutSchema, place, {
    check: body,
    mapErrors: withLastPartFields,
    rules: installRules,
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
        <InstallAppointmentFields form={form} windows={windows} />

        {!signedIn && (
          <HolderFields
            form={form}
            legend="Your account"
            autoFill
            afterEmail={
              <>
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
              </>
            }
          >
            <TextField label="Username" autoComplete="username" {...form.field('username')} />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="At least 10 characters; not a common password."
              {...form.field('password')}
            />
          </HolderFields>
        )}

        <fieldset className="order-choices">
          <legend>Payment: {formatCents(cart.dueTodayCents)} today</legend>
          {signedIn && cards.length > 0 && (
            <SelectField
              label="Pay with"
              options={[{ value: '', label: 'A new card' }, ...cards]}
              {...form.field('paymentMethodId')}
            />
          )}
          {v.paymentMethodId === '' && <CardFields form={form} autoFill />}
        </fieldset>

        <TermsCheck form={form} id="accept-terms" checked={terms} onCheckedChange={setTerms}>
          I accept the terms of service: monthly billing from the install day, cancel any time before the install for a
          refund.
        </TermsCheck>
        <Button type="submit" block busy={checkout.isPending}>
          Place order and pay {formatCents(cart.dueTodayCents)}
        </Button>
      </Form>
    </section>
  );
}
