import { type FormEvent, useState } from 'react';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../../../lib/form-errors';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { TextField } from '../../../lib/ui/text-field';
import { useCustomerSearch } from '../api/search-customers';
import { CustomerResults } from './customer-results';

const MIN_SEARCH_LENGTH = 2;
const TOO_SHORT = 'Type at least 2 characters of the account number or name.';

/** The staff home's super-user tool (SPEC §6): find a customer account and issue a one-time link to open it. */
export function SuperUserSearch({ mayMakeBusiness }: { mayMakeBusiness: boolean }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const search = useCustomerSearch(query);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    setTooShort(q.length < MIN_SEARCH_LENGTH);
    if (q.length >= MIN_SEARCH_LENGTH) setQuery(q);
  };
  const errors: FormErrors = tooShort
    ? { fields: { q: TOO_SHORT }, message: null }
    : search.isError
      ? formErrorsFrom(search.error)
      : NO_ERRORS;

  return (
    <section className="stack" aria-labelledby="super-user-heading">
      <h2 id="super-user-heading" className="section-title">
        Super-user login
      </h2>
      <p className="muted">
        Find a customer by account number or name, then issue a one-time link that opens their account as a super user.
      </p>
      <Form className="card form-card search-form" onSubmit={onSubmit}>
        <TextField
          label="Account number or customer name"
          name="q"
          type="search"
          placeholder="0000-0000-0000 or a name"
          value={text}
          onValueChange={setText}
          error={errors.fields.q}
        />
        <Button type="submit" disabled={search.isFetching} busy={search.isFetching} busyText="Searching…">
          Search
        </Button>
      </Form>
      {!errors.fields.q && <FormAlert message={errors.message} />}
      {search.data && !tooShort && <CustomerResults customers={search.data} mayMakeBusiness={mayMakeBusiness} />}
    </section>
  );
}
