import {
  CONTACT_CATEGORIES,
  type ContactMethod,
  type ContactMethodInput,
  ContactMethodInputSchema,
  formatPhone,
} from '@strand/domain';
import { type FormEvent, useRef, useState } from 'react';
import { type FormErrors, formErrorsFrom, NO_ERRORS, validate } from '../../../lib/form-errors';
import { popup } from '../../../lib/popup-store';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { useAddContact, useEditContact } from '../api/contacts';
import { newIdempotencyKey } from '../api/customer-account';
import { SelectField, withoutFieldError } from './ui';

export interface ContactFormProps {
  /** The contact to change, or undefined to add one. */
  contact?: ContactMethod;
  onDone(): void;
}

const valuesOf = (c?: ContactMethod): ContactMethodInput => ({
  ContactCategory: (c?.ContactCategory as ContactMethodInput['ContactCategory']) ?? 'Primary',
  ContactName: c?.ContactName ?? '',
  Phone: formatPhone(c?.Phone),
  Phone2: formatPhone(c?.Phone2),
  Email: c?.Email ?? '',
});

/** Adds or changes a contact method (addContactSubmit, editContactSubmit). */
export function ContactForm({ contact, onDone }: ContactFormProps) {
  const [values, setValues] = useState<ContactMethodInput>(() => valuesOf(contact));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const key = useRef(newIdempotencyKey());
  const add = useAddContact();
  const edit = useEditContact();
  const pending = add.isPending || edit.isPending;
  const set = (field: keyof ContactMethodInput) => (value: string) => {
    setErrors((e) => withoutFieldError(e, field));
    setValues((v) => ({ ...v, [field]: value }));
  };
  // Phones read back the way they are shown everywhere: (###)###-####.
  const tidyPhone = (field: 'Phone' | 'Phone2') => () => setValues((v) => ({ ...v, [field]: formatPhone(v[field]) }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(ContactMethodInputSchema, values);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors(NO_ERRORS);
    try {
      if (contact) await edit.mutateAsync({ id: contact.ContactMethodID, input: values });
      else await add.mutateAsync({ input: values, key: key.current });
      popup.show(contact ? 'Contact saved' : 'Contact added');
      onDone();
    } catch (error) {
      setErrors(formErrorsFrom(error));
    }
  };

  return (
    <form
      className="card form-card inline-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={contact ? 'Edit contact' : 'Add a contact'}
    >
      <h3>{contact ? `Edit ${contact.ContactName}` : 'Add a contact'}</h3>
      <FormAlert message={errors.message} />
      <SelectField
        label="Category"
        value={values.ContactCategory}
        onValueChange={set('ContactCategory')}
        options={CONTACT_CATEGORIES.map((c) => ({ value: c, label: c }))}
        error={errors.fields.ContactCategory}
      />
      <TextField
        label="Name"
        name="ContactName"
        autoComplete="name"
        value={values.ContactName}
        onValueChange={set('ContactName')}
        error={errors.fields.ContactName}
      />
      <div className="field-row">
        <TextField
          label="Phone"
          name="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(573)555-0100"
          value={values.Phone}
          onValueChange={set('Phone')}
          onBlur={tidyPhone('Phone')}
          error={errors.fields.Phone}
        />
        <TextField
          label="Second phone"
          name="Phone2"
          type="tel"
          inputMode="tel"
          placeholder="(573)555-0101"
          value={values.Phone2}
          onValueChange={set('Phone2')}
          onBlur={tidyPhone('Phone2')}
          error={errors.fields.Phone2}
        />
      </div>
      <TextField
        label="Email"
        name="Email"
        type="email"
        autoComplete="email"
        value={values.Email}
        onValueChange={set('Email')}
        error={errors.fields.Email}
        hint="A phone number, an email address, or both."
      />
      <div className="actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Saving…' : contact ? 'Save contact' : 'Add contact'}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
