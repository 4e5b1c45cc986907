/**
 * /staff/orders/new (sales; issue 12 step 7, phone sales): staff place an order on a customer's behalf. The customer
 * (an account found by name or number, or a new one), the service address (the address check with its "Did you
 * mean" and area answer), the packages sold there (prices from the server), an install window from real capacity,
 * the card, the terms read to the customer; then the new order's page. The server checks everything again.
 */
import {
  AvailabilityRequestSchema,
  type AvailabilityResult,
  type Cart,
  type CustomerMatch,
  formatCents,
  StaffCheckoutSchema,
  staffHolds,
} from '@strand/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { staffOrderPath } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { type FormErrors, formErrorsFrom, withLastPartFields } from '../../../lib/form-errors';
import { installDayOptions, installWindowOptions } from '../../../lib/install-window-options';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { OrderTotals, orderPackageLabel } from '../../../lib/ui/order-totals';
import { usePageTitle } from '../../../lib/ui/page-title';
import { SelectField } from '../../../lib/ui/parts';
import { TextField } from '../../../lib/ui/text-field';
import { useForm, withoutFieldError } from '../../../lib/use-form';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import {
  saleKeys,
  useCheckAddress,
  useCustomerMatches,
  useSaleCart,
  useSaleWindows,
  useSetCartPackages,
  useStaffCheckout,
  useStartCart,
} from '../api/new-order';
import '../../../styles/forms.css';
import '../../../styles/ordering.css';

const AREA_TITLES: Record<AvailabilityResult['availability'], string> = {
  available: 'Fiber is available',
  coming_soon: 'Coming soon: we are building here (no orders yet)',
  taking_signups: 'Taking sign-ups (no orders yet)',
  not_served: 'Not in our fiber area',
};

/** Who places orders on a customer's behalf (the server refuses the rest too). */
export function mayPlaceOrders(roles: Parameters<typeof staffHolds>[0]): boolean {
  return staffHolds(roles, 'sales');
}

export function StaffNewOrderPage() {
  usePageTitle('New order');
  const { claims } = useSession();
  if (claims?.nStaff !== 1 || !mayPlaceOrders(claims.staffRoles)) {
    return (
      <section className="page" aria-labelledby="new-order-heading">
        <h1 id="new-order-heading">New order</h1>
        <p className="page__lead">You do not have access to this. Orders are placed by sales staff.</p>
      </section>
    );
  }
  return <NewOrder />;
}

type Customer = { kind: 'existing'; match: CustomerMatch } | { kind: 'new' };

function NewOrder() {
  const [customer, setCustomer] = useState<Customer>({ kind: 'new' });
  const [cartId, setCartId] = useState<string | null>(null);
  return (
    <section className="page order-page" aria-labelledby="new-order-heading">
      <h1 id="new-order-heading">New order</h1>
      <p className="page__lead">An order taken on the phone: the customer, the address, the packages, then payment.</p>
      <CustomerStep customer={customer} onCustomer={setCustomer} />
      <AddressStep onCart={setCartId} hasCart={cartId !== null} />
      {cartId && <CartStep key={cartId} cartId={cartId} customer={customer} />}
    </section>
  );
}

function CustomerStep({ customer, onCustomer }: { customer: Customer; onCustomer(c: Customer): void }) {
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

/** "Existing customer" chosen, no account picked yet. */
const NO_MATCH: CustomerMatch = { vcCustomerID: '', vcCustomerName: '', vcCustomerType: 'Residential' };

interface AddressValues {
  line1: string;
  unit: string;
  city: string;
  state: string;
  zip: string;
}

function AddressStep({ onCart, hasCart }: { onCart(cartId: string): void; hasCart: boolean }) {
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
  const unresolved = result !== null && (result.status === 'suggestions' || result.status === 'unknown');
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
          {result.suggestions.length > 0 && (
            <ul className="order-suggestions" aria-label="Suggested addresses">
              {result.suggestions.map((s) => (
                <li key={s.label}>
                  <Button variant="secondary" onClick={() => retry(s)}>
                    Use {s.label}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {unresolved && (
            <Button variant="link" onClick={() => retry(form.values, true)}>
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

function CartStep({ cartId, customer }: { cartId: string; customer: Customer }) {
  const cart = useSaleCart(cartId);
  if (cart.isPending) return <p className="card order-card">Loading the packages…</p>;
  if (cart.isError) return <FormAlert message={errorMessage(cart.error)} />;
  const hasInternet = cart.data.lines.some(
    (l) => cart.data.available.find((p) => p.id === l.packageId)?.category === 'internet',
  );
  return (
    <>
      <Packages cart={cart.data} />
      {hasInternet ? (
        <Checkout cart={cart.data} customer={customer} />
      ) : (
        <p className="card order-card muted">Choose an internet speed to continue.</p>
      )}
    </>
  );
}

function Packages({ cart }: { cart: Cart }) {
  const update = useSetCartPackages(cart.cartId);
  const [error, setError] = useState<string | null>(null);
  const ids = cart.lines.map((l) => l.packageId);
  const isInternet = (id: number) => cart.available.find((p) => p.id === id)?.category === 'internet';
  const save = (next: number[]) => {
    setError(null);
    update.mutateAsync(next).catch((e) => setError(errorMessage(e)));
  };
  const label = orderPackageLabel;
  const group = (legend: string, internet: boolean) => {
    const list = cart.available.filter((p) => (p.category === 'internet') === internet);
    if (list.length === 0) return null;
    return (
      <fieldset className="order-choices">
        <legend>{legend}</legend>
        {list.map((p) => (
          <div className="field field--check" key={p.id}>
            <input
              id={`sale-pkg-${p.id}`}
              type={internet ? 'radio' : 'checkbox'}
              name={internet ? 'sale-internet' : undefined}
              checked={ids.includes(p.id)}
              onChange={(e) =>
                save(
                  internet
                    ? [p.id, ...ids.filter((x) => !isInternet(x))]
                    : e.target.checked
                      ? [...ids, p.id]
                      : ids.filter((x) => x !== p.id),
                )
              }
            />
            <label htmlFor={`sale-pkg-${p.id}`}>{label(p)}</label>
          </div>
        ))}
      </fieldset>
    );
  };
  return (
    <section className="card order-card" aria-labelledby="packages-heading">
      <h2 id="packages-heading">3. Packages at {cart.address.line}</h2>
      {cart.temporary && <p className="muted">A temporary service location: staff confirm it before the install.</p>}
      {cart.removed.length > 0 && <FormAlert message={`No longer offered here: ${cart.removed.join(', ')}.`} />}
      {group('Internet speed', true)}
      {group('Add to the service', false)}
      <FormAlert message={error} />
      <OrderTotals cart={cart} />
    </section>
  );
}

interface CheckoutValues {
  customerType: string;
  firstName: string;
  lastName: string;
  businessName: string;
  email: string;
  phone: string;
  installDate: string;
  installWindow: string;
  holderName: string;
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  postalCode: string;
}

/** Nested fields under the form's names; "name the customer" goes to the alert (the customer step has no field). */
const flatten = (errors: FormErrors): FormErrors => {
  const flat = withLastPartFields(errors);
  return flat.fields.vcCustomerID ? { ...flat, message: flat.fields.vcCustomerID } : flat;
};

function Checkout({ cart, customer }: { cart: Cart; customer: Customer }) {
  const windows = useSaleWindows(cart.cartId);
  const form = useForm<CheckoutValues>({
    customerType: 'Residential',
    firstName: '',
    lastName: '',
    businessName: '',
    email: '',
    phone: '',
    installDate: '',
    installWindow: '',
    holderName: '',
    cardNumber: '',
    expMonth: '',
    expYear: '',
    cvc: '',
    postalCode: cart.address.zip,
  });
  const [terms, setTerms] = useState(false);
  const checkout = useStaffCheckout();
  // One key per attempt: a double click (or a retry after a lost answer) places one order; a changed form is a new one.
  const key = useIdempotencyKey(form.values);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const v = form.values;

  const days = windows.data?.days ?? [];
  const day = days.find((d) => d.date === v.installDate) ?? null;
  const dayOptions = installDayOptions(days);
  const windowOptions = installWindowOptions(day);

  const body = (values: CheckoutValues) => ({
    cartId: cart.cartId,
    installDate: values.installDate,
    installWindow: values.installWindow,
    acceptTerms: terms,
    expectedTotalCents: cart.dueTodayCents,
    payment: {
      kind: 'card',
      holderName: values.holderName,
      cardNumber: values.cardNumber,
      expMonth: values.expMonth,
      expYear: values.expYear,
      cvc: values.cvc,
      postalCode: values.postalCode,
    },
    mailing: null,
    ...(customer.kind === 'existing'
      ? customer.match.vcCustomerID
        ? { vcCustomerID: customer.match.vcCustomerID }
        : {}
      : {
          newCustomer: {
            customerType: values.customerType,
            firstName: values.firstName,
            lastName: values.lastName,
            businessName: values.businessName,
            email: values.email,
            phone: values.phone,
          },
        }),
  });

  const place = async (data: unknown) => {
    try {
      const result = await checkout.mutateAsync({ key: key.get(), body: data as never });
      navigate(staffOrderPath(result.orderId));
    } catch (error) {
      // A refusal stored nothing: the next attempt is a new one. A lost answer (503) retries with the same key.
      if (error instanceof ApiError && error.status !== 503) key.reset();
      if (error instanceof ApiError && error.code === 'prices_changed') {
        await queryClient.invalidateQueries({ queryKey: saleKeys.cart(cart.cartId) });
      }
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: saleKeys.windows(cart.cartId) });
      }
      throw error;
    }
  };
  const onSubmit = form.submit(StaffCheckoutSchema, place, {
    check: body,
    mapErrors: flatten,
    rules: (values) => {
      const r: Record<string, string> = {};
      if (values.installDate === '') r.installDate = 'Choose an install day.';
      if (values.installWindow === '') r.installWindow = 'Choose an install window.';
      return r;
    },
  });

  return (
    <section className="card order-card" aria-labelledby="sale-checkout-heading">
      <h2 id="sale-checkout-heading">4. Install, payment and terms</h2>
      <Form onSubmit={onSubmit} message={form.errors.message} aria-label="Place the order">
        {customer.kind === 'new' ? (
          <fieldset className="order-choices">
            <legend>The new customer</legend>
            <SelectField
              label="Account type"
              options={[
                { value: 'Residential', label: 'Home' },
                { value: 'Business', label: 'Business' },
              ]}
              {...form.field('customerType')}
            />
            {v.customerType === 'Business' && <TextField label="Business name" {...form.field('businessName')} />}
            <div className="order-row">
              <TextField label="First name" {...form.field('firstName')} />
              <TextField label="Last name" {...form.field('lastName')} />
            </div>
            <TextField label="Email" type="email" {...form.field('email')} />
            <TextField label="Phone" type="tel" {...form.field('phone')} />
          </fieldset>
        ) : (
          <p className="order-address">
            {customer.match.vcCustomerID
              ? `For ${customer.match.vcCustomerName} (${customer.match.vcCustomerID})`
              : 'Find and choose the customer above.'}
          </p>
        )}
        <fieldset className="order-choices">
          <legend>Install appointment</legend>
          {windows.isError && <FormAlert message={errorMessage(windows.error)} />}
          <SelectField
            label="Install day"
            options={dayOptions}
            {...form.field('installDate')}
            onValueChange={(value) => {
              form.setValues((x) => ({ ...x, installDate: value, installWindow: '' }));
              form.setErrors((e) => withoutFieldError(e, 'installDate'));
            }}
            hint={windows.data ? `The first day we can install here is ${windows.data.earliest}.` : undefined}
          />
          <SelectField label="Install window" options={windowOptions} {...form.field('installWindow')} />
        </fieldset>
        <fieldset className="order-choices">
          <legend>Card: {formatCents(cart.dueTodayCents)} today</legend>
          <TextField label="Name on card" {...form.field('holderName')} />
          <TextField label="Card number" inputMode="numeric" autoComplete="off" {...form.field('cardNumber')} />
          <div className="order-row">
            <TextField label="Expiry month" inputMode="numeric" {...form.field('expMonth')} />
            <TextField label="Expiry year" inputMode="numeric" {...form.field('expYear')} />
            <TextField label="Security code" inputMode="numeric" autoComplete="off" {...form.field('cvc')} />
          </div>
          <TextField label="Billing ZIP code" inputMode="numeric" {...form.field('postalCode')} />
        </fieldset>
        <p className="muted">
          Read to the customer: monthly billing starts on the install day; the order can be cancelled for a refund until
          the install starts.
        </p>
        <div className={`field field--check${form.errors.fields.acceptTerms ? ' field--invalid' : ''}`}>
          <input
            id="sale-accept-terms"
            type="checkbox"
            checked={terms}
            onChange={(e) => {
              setTerms(e.target.checked);
              form.setErrors((errors) => withoutFieldError(errors, 'acceptTerms'));
            }}
            aria-describedby={form.errors.fields.acceptTerms ? 'sale-accept-terms-error' : undefined}
          />
          <label htmlFor="sale-accept-terms">The customer accepted the terms</label>
        </div>
        {form.errors.fields.acceptTerms && (
          <p id="sale-accept-terms-error" className="field__error">
            {form.errors.fields.acceptTerms}
          </p>
        )}
        <Button type="submit" block busy={checkout.isPending}>
          Place order and charge {formatCents(cart.dueTodayCents)}
        </Button>
      </Form>
    </section>
  );
}
