import {
  CONTACT_CATEGORIES,
  type ContactMethod,
  type ContactMethodInput,
  ContactMethodInputSchema,
  formatPhone,
} from '@strand/domain';
import { useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { SelectField } from '../../../lib/ui/parts';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useAddContact, useContacts, useEditContact } from '../api/contacts';
import { newIdempotencyKey, useCustomerAccount } from '../api/customer-account';

export interface ContactFormProps {
  /** The contact to change, or undefined to add one. */
  contact?: ContactMethod;
  onDone(): void;
}

type ContactValues = Omit<ContactMethodInput, 'ContactCategory' | 'serviceLocationIds'> & {
  /** Blank until chosen: a new contact does not start as Primary (issue 28). */
  ContactCategory: ContactMethodInput['ContactCategory'] | '';
  serviceLocationIds: number[];
};

const valuesOf = (c?: ContactMethod): ContactValues => ({
  ContactCategory: (c?.ContactCategory as ContactMethodInput['ContactCategory']) ?? '',
  serviceLocationIds: [],
  ContactName: c?.ContactName ?? '',
  Phone: formatPhone(c?.Phone),
  Phone2: formatPhone(c?.Phone2),
  Email: c?.Email ?? '',
});

/** Adds or changes a contact method (addContactSubmit, editContactSubmit). */
export function ContactForm({ contact, onDone }: ContactFormProps) {
  const form = useForm<ContactValues>(() => valuesOf(contact));
  const { values, setValues, errors } = form;
  const key = useRef(newIdempotencyKey());
  const add = useAddContact();
  const edit = useEditContact();
  const pending = add.isPending || edit.isPending;
  // Phones read back the way they are shown everywhere: (###)###-####.
  const tidyPhone = (field: 'Phone' | 'Phone2') => () => setValues((v) => ({ ...v, [field]: formatPhone(v[field]) }));

  const locations = useCustomerAccount().data?.serviceLocations ?? [];
  // Another Primary contact: the form asks whether this one replaces it or both stay Primary.
  const otherPrimary = (useContacts(true).data ?? []).filter(
    (c) => c.ContactCategory === 'Primary' && c.ContactMethodID !== contact?.ContactMethodID,
  );
  const asksPrimary = values.ContactCategory === 'Primary' && otherPrimary.length > 0;

  const onSubmit = form.submit(
    ContactMethodInputSchema,
    async (parsed) => {
      // What was typed goes to the server (which checks it again), with the category the check confirmed.
      const input = { ...values, ContactCategory: parsed.ContactCategory };
      if (contact) await edit.mutateAsync({ id: contact.ContactMethodID, input });
      else await add.mutateAsync({ input, key: key.current });
      popup.show(contact ? 'Contact saved' : 'Contact added');
      onDone();
    },
    {
      rules: (v): Record<string, string> => ({
        ...(v.ContactCategory === '' ? { ContactCategory: 'Choose a category.' } : {}),
        ...(asksPrimary && !v.ifPrimaryExists
          ? { ifPrimaryExists: 'Choose what happens to the Primary contact.' }
          : {}),
      }),
    },
  );
  // A Primary contact the list did not know of yet: the server's 409 asks the same question.
  const refusedPrimary = add.error instanceof ApiError && add.error.status === 409;

  return (
    <Form
      className="card form-card inline-form"
      onSubmit={onSubmit}
      aria-label={contact ? 'Edit contact' : 'Add a contact'}
    >
      <h3>{contact ? `Edit ${contact.ContactName}` : 'Add a contact'}</h3>
      <FormAlert message={errors.message} />
      <SelectField
        label="Category"
        {...form.field('ContactCategory')}
        options={[
          ...(values.ContactCategory === '' ? [{ value: '', label: 'Choose a category' }] : []),
          ...CONTACT_CATEGORIES.map((c) => ({ value: c, label: c })),
        ]}
      />
      {(asksPrimary || refusedPrimary) && values.ContactCategory === 'Primary' && (
        <fieldset className="fieldset" aria-describedby="primary-question">
          <legend>There is already a Primary contact</legend>
          <p id="primary-question" className="muted">
            {otherPrimary.map((c) => c.ContactName).join(', ') || 'Another contact'} is the Primary contact now.
          </p>
          {errors.fields.ifPrimaryExists && <p className="field__error">{errors.fields.ifPrimaryExists}</p>}
          {(
            [
              ['replace', 'This contact replaces it (the other becomes Secondary)'],
              ['keep', 'Keep both as Primary'],
            ] as const
          ).map(([choice, label]) => (
            <div key={choice} className="field field--check">
              <input
                id={`primary-${choice}`}
                type="radio"
                name="ifPrimaryExists"
                checked={values.ifPrimaryExists === choice}
                onChange={() => setValues((v) => ({ ...v, ifPrimaryExists: choice }))}
              />
              <label htmlFor={`primary-${choice}`}>{label}</label>
            </div>
          ))}
        </fieldset>
      )}
      <TextField label="Name" autoComplete="name" {...form.field('ContactName')} />
      <div className="field-row">
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(573)555-0100"
          {...form.field('Phone')}
          onBlur={tidyPhone('Phone')}
        />
        <TextField
          label="Second phone"
          type="tel"
          inputMode="tel"
          placeholder="(573)555-0101"
          {...form.field('Phone2')}
          onBlur={tidyPhone('Phone2')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        {...form.field('Email')}
        hint="A phone number, an email address, or both."
      />
      {!contact && locations.length > 0 && (
        <fieldset className="fieldset">
          <legend>Contact for these locations</legend>
          {locations.map((l) => (
            <div key={l.ServiceLocationID} className="field field--check">
              <input
                id={`new-contact-location-${l.ServiceLocationID}`}
                type="checkbox"
                checked={values.serviceLocationIds.includes(l.ServiceLocationID)}
                onChange={(event) =>
                  setValues((v) => ({
                    ...v,
                    serviceLocationIds: event.target.checked
                      ? [...v.serviceLocationIds, l.ServiceLocationID]
                      : v.serviceLocationIds.filter((id) => id !== l.ServiceLocationID),
                  }))
                }
              />
              <label htmlFor={`new-contact-location-${l.ServiceLocationID}`}>{l.fullAddress}</label>
            </div>
          ))}
        </fieldset>
      )}
      <div className="actions">
        <Button type="submit" disabled={pending} busy={pending} busyText="Saving…">
          {contact ? 'Save contact' : 'Add contact'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
