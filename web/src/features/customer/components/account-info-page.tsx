import { type CustomerAccount, showsAccountName } from '@strand/domain';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { SectionNav } from '../../../lib/ui/parts';
import { Skeleton } from '../../../lib/ui/skeleton';
import { can, useCustomerAccount } from '../api/customer-account';
import { BusinessCenterSection } from './business-center-section';
import { ContactsSection } from './contacts-section';
import { RecentActivity } from './recent-activity';
import { TroubleTicketsSection } from './trouble-tickets-section';
import { UsersSection } from './users-section';
import '../../../styles/customer.css';

type SectionId = 'contacts' | 'users' | 'tickets' | 'business-center';

function sectionsOf(account: CustomerAccount): { id: SectionId; label: string }[] {
  const sections: { id: SectionId; label: string; allowed: boolean }[] = [
    { id: 'contacts', label: 'Contacts', allowed: can(account, 'account-contacts') },
    { id: 'users', label: 'Users', allowed: can(account, 'account-users') },
    { id: 'tickets', label: 'Trouble tickets', allowed: can(account, 'tickets') },
    {
      id: 'business-center',
      label: 'Business center',
      allowed: can(account, 'business-center') && account.vcCustomerType === 'Business',
    },
  ];
  return sections.filter((s) => s.allowed);
}

/** /accountInfo: the account, its contacts, users, trouble tickets and business-center requests (SPEC §7). */
export function AccountInfoPage() {
  usePageTitle('Account Info');
  const account = useCustomerAccount();
  const [params] = useSearchParams();

  if (account.isPending) {
    return (
      <section className="page page--wide" aria-busy="true">
        <h1>Account Info</h1>
        <Skeleton label="Loading your account…" />
      </section>
    );
  }
  if (account.isError) {
    return (
      <section className="page page--wide">
        <h1>Account Info</h1>
        <FormAlert message={errorMessage(account.error)} />
      </section>
    );
  }
  const data = account.data;
  const sections = sectionsOf(data);
  const requested = params.get('section');
  const current = sections.find((s) => s.id === requested)?.id ?? sections[0]?.id;

  return (
    <section className="page page--wide" aria-labelledby="account-heading">
      <h1 id="account-heading">Account Info</h1>
      <AccountSummary account={data} />
      {current === undefined ? (
        <div className="empty-state">
          <p>Your user can see the billing center of this account only.</p>
          <Link to={paths.billingCenter}>Go to the Billing Center</Link>
        </div>
      ) : (
        <>
          <SectionNav label="Account Info sections" sections={sections} current={current} />
          {current === 'contacts' && <ContactsSection account={data} />}
          {current === 'users' && <UsersSection account={data} />}
          {current === 'tickets' && <TroubleTicketsSection account={data} />}
          {current === 'business-center' && <BusinessCenterSection />}
        </>
      )}
      <RecentActivity />
    </section>
  );
}

function AccountSummary({ account }: { account: CustomerAccount }) {
  return (
    <div className="card account-summary">
      <dl className="facts">
        <div>
          <dt>Account number</dt>
          <dd>{account.vcCustomerID}</dd>
        </div>
        {showsAccountName(account.vcCustomerType) && (
          <div>
            <dt>Account name</dt>
            <dd>{account.vcCustomerName}</dd>
          </div>
        )}
        <div>
          <dt>Account type</dt>
          <dd>{account.vcCustomerType}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{account.vcCustomerStatus}</dd>
        </div>
      </dl>
      <h2 className="section-title">Service locations</h2>
      {account.serviceLocations.length === 0 ? (
        <p className="muted">No Service Location found</p>
      ) : (
        <ul className="plain-list">
          {account.serviceLocations.map((l) => (
            <li key={l.ServiceLocationID}>{l.fullAddress}</li>
          ))}
        </ul>
      )}
      {account.isSuperUser && (
        <p className="notice">You are signed in as a super user acting as this account’s administrator.</p>
      )}
    </div>
  );
}
