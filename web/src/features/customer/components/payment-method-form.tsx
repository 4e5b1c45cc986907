import {
  type AddPaymentMethodRequest,
  AddPaymentMethodRequestSchema,
  cardBrand,
  cardDigits,
  cardExpired,
  fullExpiryYear,
  groupCardNumber,
  yearMonthOf,
} from '@strand/domain';
import { type FormEvent, useRef } from 'react';
import { formErrorsFrom, NO_ERRORS, validate } from '../../../lib/form-errors';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { SelectField } from '../../../lib/ui/parts';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useAddPaymentMethod } from '../api/bills';
import { newIdempotencyKey } from '../api/customer-account';
import { MaskedField } from './masked-input';

interface Values {
  kind: 'card' | 'bank';
  holderName: string;
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  postalCode: string;
  routingNumber: string;
  accountNumber: string;
  accountType: 'Checking' | 'Savings';
}

const thisYear = yearMonthOf(new Date()).year;
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
const YEARS = Array.from({ length: 16 }, (_, i) => String(thisYear + i));

function requestOf(v: Values): AddPaymentMethodRequest {
  return v.kind === 'card'
    ? {
        kind: 'card',
        holderName: v.holderName,
        cardNumber: v.cardNumber,
        expMonth: Number(v.expMonth),
        expYear: Number(v.expYear),
        cvc: v.cvc,
        postalCode: v.postalCode,
      }
    : {
        kind: 'bank',
        holderName: v.holderName,
        routingNumber: v.routingNumber,
        accountNumber: v.accountNumber,
        accountType: v.accountType,
      };
}

export interface PaymentMethodFormProps {
  sandbox: boolean;
  onDone(): void;
}

/** addPaymentMethod: a card or a bank account, checked here and again by the server, then tokenized there. */
export function PaymentMethodForm({ sandbox, onDone }: PaymentMethodFormProps) {
  const form = useForm<Values>({
    kind: 'card',
    holderName: '',
    cardNumber: '',
    expMonth: '',
    expYear: '',
    cvc: '',
    postalCode: '',
    routingNumber: '',
    accountNumber: '',
    accountType: 'Checking',
  });
  const { values, setValues, errors, setErrors } = form;
  const key = useRef(newIdempotencyKey());
  const add = useAddPaymentMethod();
  const digits = cardDigits(values.cardNumber) ?? '';
  const brand = digits.length >= 2 ? cardBrand(digits) : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(AddPaymentMethodRequestSchema, requestOf(values));
    if ('errors' in checked) return setErrors(checked.errors);
    const input = checked.data;
    if (input.kind === 'card' && cardExpired(input.expMonth, fullExpiryYear(input.expYear), yearMonthOf(new Date()))) {
      const message = 'This card has expired. Check the expiry date or use another card.';
      return setErrors({ fields: { expMonth: message }, message });
    }
    setErrors(NO_ERRORS);
    try {
      const saved = await add.mutateAsync({ input: requestOf(values), key: key.current });
      popup.show(`${saved.brand} ending in ${saved.last4} saved`);
      onDone();
    } catch (error) {
      key.current = newIdempotencyKey();
      setErrors(formErrorsFrom(error));
    }
  };

  return (
    <Form className="card form-card inline-form" onSubmit={onSubmit} aria-label="Add a payment method">
      <h3>Add a payment method</h3>
      <FormAlert message={errors.message} />
      <fieldset className="fieldset choice-row">
        <legend>Type</legend>
        {(['card', 'bank'] as const).map((kind) => (
          <div key={kind} className="field field--check">
            <input
              id={`kind-${kind}`}
              type="radio"
              name="kind"
              checked={values.kind === kind}
              onChange={() => {
                setErrors(NO_ERRORS);
                setValues((v) => ({ ...v, kind }));
              }}
            />
            <label htmlFor={`kind-${kind}`}>{kind === 'card' ? 'Credit or debit card' : 'Bank account'}</label>
          </div>
        ))}
      </fieldset>
      <TextField
        label={values.kind === 'card' ? 'Name on card' : 'Name on account'}
        autoComplete={values.kind === 'card' ? 'cc-name' : 'name'}
        {...form.field('holderName')}
      />
      {values.kind === 'card' ? (
        <>
          <MaskedField
            label="Card number"
            inputMode="numeric"
            value={values.cardNumber}
            onValueChange={(value) => form.set('cardNumber')(groupCardNumber(value.replace(/\D/g, '').slice(0, 19)))}
            error={errors.fields.cardNumber}
            hint={brand ? `${brand} card` : 'Visa, Mastercard, American Express or Discover'}
          />
          <div className="field-row">
            <SelectField
              label="Expiry month"
              {...form.field('expMonth')}
              options={[{ value: '', label: 'Month' }, ...MONTHS.map((m) => ({ value: m, label: m }))]}
              autoComplete="cc-exp-month"
            />
            <SelectField
              label="Expiry year"
              {...form.field('expYear')}
              options={[{ value: '', label: 'Year' }, ...YEARS.map((y) => ({ value: y, label: y }))]}
              autoComplete="cc-exp-year"
            />
          </div>
          <div className="field-row">
            <TextField
              label="Security code"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              {...form.field('cvc')}
              hint={brand === 'Amex' ? '4 digits on the front' : '3 digits on the back'}
            />
            <TextField
              label="Billing ZIP code"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              {...form.field('postalCode')}
            />
          </div>
        </>
      ) : (
        <>
          <TextField
            label="Routing number"
            inputMode="numeric"
            maxLength={9}
            {...form.field('routingNumber')}
            hint="9 digits, at the bottom left of a check"
          />
          <MaskedField
            label="Account number"
            inputMode="numeric"
            maxLength={17}
            value={values.accountNumber}
            onValueChange={(value) => form.set('accountNumber')(value.replace(/\D/g, ''))}
            error={errors.fields.accountNumber}
          />
          <SelectField
            label="Account type"
            {...form.field('accountType')}
            options={[
              { value: 'Checking', label: 'Checking' },
              { value: 'Savings', label: 'Savings' },
            ]}
          />
        </>
      )}
      {sandbox && (
        <p className="notice">
          Sandbox payments: card 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined; bank account
          000123456789 with routing number 011000015 is approved.
        </p>
      )}
      <div className="actions">
        <Button type="submit" busy={add.isPending} busyText="Saving…">
          {values.kind === 'card' ? 'Save card' : 'Save bank account'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
