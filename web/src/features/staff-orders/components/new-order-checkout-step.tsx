/**
 * Step 4 of a phone sale: the install appointment, a new customer's holder (no user, no password: the customer signs
 * up later), the card, the terms read to the customer; then the staff checkout and the new order's page.
 */
import { type Cart, formatCents, StaffCheckoutSchema } from '@strand/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { staffOrderPath } from '../../../config/paths';
import {
  CardFields,
  type CardValues,
  HolderFields,
  type HolderValues,
  InstallAppointmentFields,
  type InstallValues,
  TermsCheck,
} from '../../../lib/checkout/checkout-fields';
import { cardPaymentOf, installRules, placeCheckout } from '../../../lib/checkout/place-checkout';
import { type FormErrors, withLastPartFields } from '../../../lib/form-errors';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { useForm } from '../../../lib/use-form';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { saleKeys, useSaleWindows, useStaffCheckout } from '../api/new-order';
import type { Customer } from './new-order-customer-step';

type CheckoutValues = InstallValues & HolderValues & CardValues;

/** Nested fields under the form's names; "name the customer" goes to the alert (the customer step has no field). */
const flatten = (errors: FormErrors): FormErrors => {
  const flat = withLastPartFields(errors);
  return flat.fields.vcCustomerID ? { ...flat, message: flat.fields.vcCustomerID } : flat;
};

export function CheckoutStep({ cart, customer }: { cart: Cart; customer: Customer }) {
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

  const body = (values: CheckoutValues) => ({
    cartId: cart.cartId,
    installDate: values.installDate,
    installWindow: values.installWindow,
    acceptTerms: terms,
    expectedTotalCents: cart.dueTodayCents,
    payment: cardPaymentOf(values),
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
    const result = await placeCheckout(() => checkout.mutateAsync({ key: key.get(), body: data as never }), {
      queryClient,
      resetKey: key.reset,
      cartKey: saleKeys.cart(cart.cartId),
      windowsKey: saleKeys.windows(cart.cartId),
    });
    navigate(staffOrderPath(result.orderId));
  };
  const onSubmit = form.submit(StaffCheckoutSchema, place, { check: body, mapErrors: flatten, rules: installRules });

  return (
    <section className="card order-card" aria-labelledby="sale-checkout-heading">
      <h2 id="sale-checkout-heading">4. Install, payment and terms</h2>
      <Form onSubmit={onSubmit} message={form.errors.message} aria-label="Place the order">
        {customer.kind === 'new' ? (
          <HolderFields form={form} legend="The new customer" autoFill={false} />
        ) : (
          <p className="order-address">
            {customer.match.vcCustomerID
              ? `For ${customer.match.vcCustomerName} (${customer.match.vcCustomerID})`
              : 'Find and choose the customer above.'}
          </p>
        )}
        <InstallAppointmentFields form={form} windows={windows} />
        <fieldset className="order-choices">
          <legend>Card: {formatCents(cart.dueTodayCents)} today</legend>
          <CardFields form={form} autoFill={false} />
        </fieldset>
        <p className="muted">
          Read to the customer: monthly billing starts on the install day; the order can be cancelled for a refund until
          the install starts.
        </p>
        <TermsCheck form={form} id="sale-accept-terms" checked={terms} onCheckedChange={setTerms}>
          The customer accepted the terms
        </TermsCheck>
        <Button type="submit" block busy={checkout.isPending}>
          Place order and charge {formatCents(cart.dueTodayCents)}
        </Button>
      </Form>
    </section>
  );
}
