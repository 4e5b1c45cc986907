import { staffHolds, staffLinksFor } from '@strand/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/browser-session';
import { type FormErrors, formErrorsFrom, NO_ERRORS } from '../../../lib/form-errors';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { TextField } from '../../../lib/ui/text-field';
import { useCustomerSearch } from '../api/search-customers';
import { ApplicantsSection } from './applicants-section';
import { CategoriesSection } from './categories-section';
import { CustomerResults } from './customer-results';

const MIN_SEARCH_LENGTH = 2;
const TOO_SHORT = 'Type at least 2 characters of the account number or name.';

/** /staff: find a customer account and issue a one-time super-user link to open it (SPEC §6). */
export function StaffPage() {
  usePageTitle('Super-user login');
  const { claims } = useSession();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const search = useCustomerSearch(query);

  if (claims?.nStaff !== 1) {
    return (
      <section className="page">
        <h1>Staff only</h1>
        <p className="page__lead">This page is for the provider’s staff. Sign in with a staff account to use it.</p>
      </section>
    );
  }

  const mayEnterAccounts = staffHolds(claims.staffRoles, 'sales') || staffHolds(claims.staffRoles, 'billing');
  if (!mayEnterAccounts) {
    return (
      <section className="page" aria-labelledby="staff-heading">
        <h1 id="staff-heading">Staff</h1>
        <p className="page__lead">Super-user login is for sales and billing staff. Your areas:</p>
        <ul className="link-list">
          {staffLinksFor(claims.staffRoles).map((l) => (
            <li key={l.path}>
              <Link to={l.path}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }

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
    <section className="page" aria-labelledby="staff-heading">
      <h1 id="staff-heading">Super-user login</h1>
      <p className="page__lead">
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
      {search.data && !tooShort && (
        <CustomerResults customers={search.data} mayMakeBusiness={staffHolds(claims.staffRoles, 'sales')} />
      )}
      {staffHolds(claims.staffRoles, 'admin') && <CategoriesSection />}
      {staffHolds(claims.staffRoles, 'admin') && <ApplicantsSection />}
    </section>
  );
}
