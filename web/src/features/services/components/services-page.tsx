import { showsReports } from '@strand/domain';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { can, useCustomerAccount } from '../../../lib/customer-account';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { SectionNav } from '../../../lib/ui/parts';
import { useWholesaleServices } from '../api/customer-services';
import { useServicesSummary } from '../api/services-summary';
import { AuthCodesSection } from './auth-codes-section';
import { EmailSection } from './email-section';
import { FaxSection } from './fax-section';
import { LocationsSection } from './locations-section';
import { TvSection } from './tv-section';
import { WholesaleSection } from './wholesale-section';
import '../../../styles/customer.css';
import '../../../styles/services.css';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Skeleton } from '../../../lib/ui/skeleton';

const SECTIONS = [
  { id: 'locations', label: 'Service locations' },
  { id: 'email', label: 'Email' },
  { id: 'fax', label: 'Fax' },
  { id: 'tv', label: 'TV' },
  { id: 'wholesale', label: 'Wholesale' },
  { id: 'authCodes', label: 'Auth codes' },
] as const;

/**
 * /services: the account's service locations and packages, its mailboxes, its fax numbers (sending and the outbox),
 * TV app sign-in, for a business account its auth codes, and for one that leases circuits, its wholesale circuits and
 * report.
 */
export function ServicesPage() {
  usePageTitle('Services');
  const account = useCustomerAccount();
  const [params] = useSearchParams();
  const business = account.data !== undefined && showsReports(account.data.vcCustomerType);
  const wholesale = useWholesaleServices(business && can(account.data, 'services'));
  const leases = (wholesale.data?.services.length ?? 0) > 0;
  // Email, fax and TV are listed only for an account that has them (issue 28); until the answer comes, all are.
  const has = useServicesSummary(can(account.data, 'services')).data;
  const missing = (id: string) => (id === 'email' || id === 'fax' || id === 'tv') && has?.[id] === false;
  // Auth codes are a business phone service: only business accounts get that section.
  const sections = SECTIONS.filter(
    (s) =>
      (s.id !== 'wholesale' || leases) &&
      (s.id !== 'authCodes' || account.data?.vcCustomerType === 'Business') &&
      !missing(s.id),
  );
  const requested = SECTIONS.find((s) => s.id === params.get('section'));
  // A typed address of a service the account lacks says so, instead of an empty section.
  const lacking = requested && missing(requested.id) ? requested : undefined;
  const current = sections.find((s) => s.id === requested?.id)?.id ?? 'locations';

  if (account.isPending) {
    return (
      <section className="page page--wide" aria-busy="true">
        <h1>Services</h1>
        <Skeleton label="Loading your account…" />
      </section>
    );
  }
  if (account.isError) {
    return (
      <section className="page page--wide">
        <h1>Services</h1>
        <FormAlert message={errorMessage(account.error)} />
      </section>
    );
  }
  if (!can(account.data, 'services')) {
    return (
      <section className="page page--wide">
        <h1>Services</h1>
        <EmptyState>
          Your user does not have the “Services” permission. Ask your account administrator for it.
        </EmptyState>
      </section>
    );
  }

  return (
    <section className="page page--wide" aria-labelledby="services-heading">
      <h1 id="services-heading">Services</h1>
      <SectionNav label="Services sections" sections={sections} current={current} />
      {lacking && (
        <EmptyState role="status">
          This account has no {lacking.id === 'tv' ? 'TV' : lacking.label.toLowerCase()} service. To add it, call us or
          change your packages under Service locations.
        </EmptyState>
      )}
      {current === 'locations' && <LocationsSection />}
      {current === 'email' && <EmailSection />}
      {current === 'fax' && <FaxSection />}
      {current === 'authCodes' && <AuthCodesSection />}
      {current === 'tv' && <TvSection />}
      {current === 'wholesale' && <WholesaleSection />}
    </section>
  );
}
