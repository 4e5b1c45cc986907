import {
  CONTACT_CATEGORIES,
  type ContactMethod,
  type ContactMethodInput,
  ContactMethodInputSchema,
  formatPhone,
} from '@strand/domain';
import { useRef } from 'react';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { SelectField } from '../../../lib/ui/parts';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useAddContact, useEditContact } from '../api/contacts';
import { newIdempotencyKey } from '../api/customer-account';

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
  const form = useForm<ContactMethodInput>(() => valuesOf(contact));
  const { values, setValues, errors } = form;
  const key = useRef(newIdempotencyKey());
  const add = useAddContact();
  const edit = useEditContact();
  const pending = add.isPending || edit.isPending;
  // Phones read back the way they are shown everywhere: (###)###-####.
  const tidyPhone = (field: 'Phone' | 'Phone2') => () => setValues((v) => ({ ...v, [field]: formatPhone(v[field]) }));

  const onSubmit = form.submit(ContactMethodInputSchema, async () => {
    if (contact) await edit.mutateAsync({ id: contact.ContactMethodID, input: values });
    else await add.mutateAsync({ input: values, key: key.current });
    popup.show(contact ? 'Contact saved' : 'Contact added');
    onDone();
  });

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
        options={CONTACT_CATEGORIES.map((c) => ({ value: c, label: c }))}
      />
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
      <div className="actions">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : contact ? 'Save contact' : 'Add contact'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
