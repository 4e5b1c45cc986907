/**
 * The checkout form's parts that the public checkout and the staff phone sale share: the install appointment (days
 * and windows from the server's free capacity), the new account's holder, the card, and the terms checkbox. The
 * caller owns the form (lib/use-form) and the texts that differ between the customer and staff speaking.
 */
import type { InstallWindows } from '@strand/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../api-error';
import { installDayOptions, installWindowOptions } from '../install-window-options';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/parts';
import { TextField } from '../ui/text-field';
import { type Form, withoutFieldError } from '../use-form';

export interface InstallValues {
  installDate: string;
  installWindow: string;
}

export interface HolderValues {
  customerType: string;
  firstName: string;
  lastName: string;
  businessName: string;
  email: string;
  phone: string;
}

export interface CardValues {
  holderName: string;
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  postalCode: string;
}

/** The install day and window; a new day clears the window (its choices are that day's). */
export function InstallAppointmentFields<V extends InstallValues>({
  form,
  windows,
}: {
  form: Form<V>;
  windows: UseQueryResult<InstallWindows>;
}) {
  const f = form as unknown as Form<InstallValues>;
  const days = windows.data?.days ?? [];
  const day = days.find((d) => d.date === f.values.installDate) ?? null;
  return (
    <fieldset className="order-choices">
      <legend>Install appointment</legend>
      {windows.isError && <FormAlert message={errorMessage(windows.error)} />}
      <SelectField
        label="Install day"
        options={installDayOptions(days)}
        {...f.field('installDate')}
        onValueChange={(value) => {
          f.setValues((x) => ({ ...x, installDate: value, installWindow: '' }));
          f.setErrors((e) => withoutFieldError(e, 'installDate'));
        }}
        hint={windows.data ? `The first day we can install here is ${windows.data.earliest}.` : undefined}
      />
      <SelectField label="Install window" options={installWindowOptions(day)} {...f.field('installWindow')} />
    </fieldset>
  );
}

/**
 * A new account's holder: account type, business name for a business, name, email and phone. `afterEmail` goes
 * between the email and the phone (the customer's email code), `children` after the phone (user name, password).
 * `autoFill` is off when staff type for the customer (their browser's own details must not fill in).
 */
export function HolderFields<V extends HolderValues>({
  form,
  legend,
  autoFill,
  afterEmail,
  children,
}: {
  form: Form<V>;
  legend: string;
  autoFill: boolean;
  afterEmail?: ReactNode;
  children?: ReactNode;
}) {
  const f = form as unknown as Form<HolderValues>;
  const ac = (token: string) => (autoFill ? token : undefined);
  return (
    <fieldset className="order-choices">
      <legend>{legend}</legend>
      <SelectField
        label="Account type"
        options={[
          { value: 'Residential', label: 'Home' },
          { value: 'Business', label: 'Business' },
        ]}
        {...f.field('customerType')}
      />
      {f.values.customerType === 'Business' && (
        <TextField label="Business name" autoComplete={ac('organization')} {...f.field('businessName')} />
      )}
      <div className="order-row">
        <TextField label="First name" autoComplete={ac('given-name')} {...f.field('firstName')} />
        <TextField label="Last name" autoComplete={ac('family-name')} {...f.field('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete={ac('email')} {...f.field('email')} />
      {afterEmail}
      <TextField label="Phone" type="tel" autoComplete={ac('tel')} {...f.field('phone')} />
      {children}
    </fieldset>
  );
}

/**
 * A new card's fields (the caller's fieldset holds them). `autoFill` is off when staff type the customer's card:
 * the card number and security code say so, the rest has no hint.
 */
export function CardFields<V extends CardValues>({ form, autoFill }: { form: Form<V>; autoFill: boolean }) {
  const f = form as unknown as Form<CardValues>;
  const ac = (token: string, off?: 'off') => (autoFill ? token : off);
  return (
    <>
      <TextField label="Name on card" autoComplete={ac('cc-name')} {...f.field('holderName')} />
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete={ac('cc-number', 'off')}
        {...f.field('cardNumber')}
      />
      <div className="order-row">
        <TextField
          label="Expiry month"
          inputMode="numeric"
          autoComplete={ac('cc-exp-month')}
          {...f.field('expMonth')}
        />
        <TextField label="Expiry year" inputMode="numeric" autoComplete={ac('cc-exp-year')} {...f.field('expYear')} />
        <TextField label="Security code" inputMode="numeric" autoComplete={ac('cc-csc', 'off')} {...f.field('cvc')} />
      </div>
      <TextField
        label="Billing ZIP code"
        inputMode="numeric"
        autoComplete={ac('postal-code')}
        {...f.field('postalCode')}
      />
    </>
  );
}

/** The terms checkbox with its message (acceptTerms); ticking it clears the message. */
export function TermsCheck<V>({
  form,
  id,
  checked,
  onCheckedChange,
  children,
}: {
  form: Form<V>;
  id: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  /** The label. */
  children: ReactNode;
}) {
  const error = form.errors.fields.acceptTerms;
  return (
    <>
      <div className={`field field--check${error ? ' field--invalid' : ''}`}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => {
            onCheckedChange(e.target.checked);
            form.setErrors((errors) => withoutFieldError(errors, 'acceptTerms'));
          }}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </>
  );
}
