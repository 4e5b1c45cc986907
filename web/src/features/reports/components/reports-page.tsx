import { showsReports } from '@strand/domain';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { can, useCustomerAccount } from '../../../lib/customer-account';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { SectionNav } from '../../../lib/ui/parts';
import { BusinessReportSection } from './business-report-section';
import { CallReportsSection } from './call-reports-section';
import { PhoneReportSection } from './phone-report-section';
import '../../../styles/customer.css';
import '../../../styles/customer-billing.css';
import '../../../styles/reports.css';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Skeleton } from '../../../lib/ui/skeleton';

const SECTIONS = [
  { id: 'phone', label: 'Phone report' },
  { id: 'calls', label: 'Call reports' },
  { id: 'business', label: 'Business report' },
] as const;

function Shell({ children, busy = false }: { children: React.ReactNode; busy?: boolean }) {
  return (
    <section className="page page--wide" aria-labelledby="reports-heading" aria-busy={busy || undefined}>
      <h1 id="reports-heading">Reports</h1>
      {children}
    </section>
  );
}

/**
 * /reports (SPEC §2, §7 Reports): the phone report (the calls), the nine call report types of SPEC §9 and the
 * business report of a business account, for users with the Reports permission. Residential and Consumer accounts
 * have no Reports (SPEC §6) and are told so. The wholesale report sits with the circuits it reports on, on /services
 * (Wholesale) of an account that leases circuits.
 */
export function ReportsPage() {
  usePageTitle('Reports');
  const account = useCustomerAccount();
  const [params] = useSearchParams();
  const current = SECTIONS.find((s) => s.id === params.get('section'))?.id ?? 'phone';

  if (account.isPending) {
    return (
      <Shell busy>
        <Skeleton label="Loading your account…" />
      </Shell>
    );
  }
  if (account.isError) {
    return (
      <Shell>
        <FormAlert message={errorMessage(account.error)} />
      </Shell>
    );
  }
  if (!showsReports(account.data.vcCustomerType)) {
    return (
      <Shell>
        <EmptyState>
          Reports are for business accounts. Your bills and payments are in the{' '}
          <Link to={paths.billingCenter}>Billing Center</Link>.
        </EmptyState>
      </Shell>
    );
  }
  if (!can(account.data, 'reports')) {
    return (
      <Shell>
        <EmptyState>
          Your user does not have the “Reports” permission. Ask your account administrator for it.
        </EmptyState>
      </Shell>
    );
  }
  return (
    <Shell>
      <SectionNav label="Reports" sections={SECTIONS} current={current} />
      {current === 'phone' && <PhoneReportSection />}
      {current === 'calls' && <CallReportsSection />}
      {current === 'business' && <BusinessReportSection />}
    </Shell>
  );
}
