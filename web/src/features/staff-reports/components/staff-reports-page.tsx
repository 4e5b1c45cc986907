import {
  resolveStaffRange,
  STAFF_REPORTS,
  type StaffReportId,
  type StaffReportParams,
  StaffReportQuerySchema,
  staffHolds,
  staffLinksFor,
} from '@strand/domain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/browser-session';
import { NO_ERRORS } from '../../../lib/form-errors';
import { PhoneTypeReport } from '../../../lib/reports/phone-type-report';
import { ReportView } from '../../../lib/reports/report-view';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { SectionNav } from '../../../lib/ui/parts';
import { ReportRangeForm } from '../../../lib/ui/report-range-form';
import { Skeleton } from '../../../lib/ui/skeleton';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { downloadStaffReport, useStaffReport } from '../api/staff-reports';
import '../../../styles/customer.css';
import '../../../styles/reports.css';

const SECTIONS = [...STAFF_REPORTS.map((r) => ({ id: r.id, label: r.name })), { id: 'phone', label: 'Phone reports' }];
const todayUtc = () => new Date().toISOString().slice(0, 10);

function defaultRange(): StaffReportParams {
  const range = resolveStaffRange({}, todayUtc());
  return range.ok ? { from: range.from, to: range.to } : {};
}

/** One staff report: its range (unless it is as of today), then the report with its chart, CSV and PDF. */
function StaffReportSection({ id }: { id: StaffReportId }) {
  const meta = STAFF_REPORTS.find((r) => r.id === id) ?? STAFF_REPORTS[0];
  const [applied, setApplied] = useState<StaffReportParams>(defaultRange);
  const range = meta.range ? applied : {};
  const report = useStaffReport(id, range);
  return (
    <section className="stack" aria-labelledby="staff-report-heading">
      <h2 id="staff-report-heading">{meta.name}</h2>
      {meta.range && (
        <ReportRangeForm
          label={`${meta.name} range`}
          unit="day"
          schema={StaffReportQuerySchema}
          resolve={(r) => resolveStaffRange(r, todayUtc())}
          applied={applied}
          onApply={setApplied}
          error={report.error}
        />
      )}
      {report.isError && <FormAlert message={errorMessage(report.error)} />}
      {report.isPending && <Skeleton label="Loading the report…" />}
      {report.data && (
        <ReportView
          report={report.data}
          state={report}
          onCsv={() => downloadStaffReport(id, range, 'csv')}
          onPdf={() => downloadStaffReport(id, range, 'pdf')}
        />
      )}
    </section>
  );
}

const ACCOUNT = /^\d{4}-\d{4}-\d{4}$/;

/** A business customer's phone reports: the account number first, then the nine report types. */
function StaffPhoneSection() {
  const [params, setParams] = useSearchParams();
  const customer = params.get('customer') ?? '';
  const form = useForm({ vcCustomerID: customer });
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const id = form.values.vcCustomerID.trim();
    if (!ACCOUNT.test(id)) {
      form.setErrors({
        fields: { vcCustomerID: 'Enter an account number like 1000-3000-0001.' },
        message: null,
      });
      return;
    }
    form.setErrors(NO_ERRORS);
    const next = new URLSearchParams(params);
    next.set('customer', id);
    setParams(next, { replace: true });
  };
  return (
    <section className="stack" aria-labelledby="staff-phone-heading">
      <h2 id="staff-phone-heading">Phone reports</h2>
      <Form className="card form-card report-filter" onSubmit={onSubmit} aria-label="Business customer">
        <div className="report-filter__fields">
          <TextField
            label="Business customer account"
            hint="The account number, e.g. 1000-3000-0001"
            autoComplete="off"
            {...form.field('vcCustomerID')}
          />
        </div>
        <div className="actions">
          <Button type="submit">Open customer</Button>
        </div>
      </Form>
      {ACCOUNT.test(customer) ? (
        <PhoneTypeReport
          key={customer}
          basePath="/api/staff/reports/calls"
          extra={{ vcCustomerID: customer }}
          keyPrefix={['staff', customer]}
        />
      ) : (
        <EmptyState>Enter a business customer’s account number to see their phone reports.</EmptyState>
      )}
    </section>
  );
}

/**
 * /staff/reports (issue 13 part 6): the staff reports — work orders per week, installs per crew, orders per area,
 * receivables aging, payments per day — and any business customer's phone reports, for billing staff and the admin.
 */
export function StaffReportsPage() {
  usePageTitle('Staff reports');
  const { claims } = useSession();
  const [params] = useSearchParams();
  const current = SECTIONS.find((s) => s.id === params.get('section'))?.id ?? 'work-orders';

  if (claims?.nStaff !== 1 || !staffHolds(claims.staffRoles, 'billing')) {
    return (
      <section className="page" aria-labelledby="staff-reports-heading">
        <h1 id="staff-reports-heading">Reports</h1>
        <p className="page__lead">Reports are for billing staff.</p>
        {claims?.nStaff === 1 && (
          <ul className="link-list">
            {staffLinksFor(claims.staffRoles).map((l) => (
              <li key={l.path}>
                <Link to={l.path}>{l.label}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }

  return (
    <section className="page page--wide" aria-labelledby="staff-reports-heading">
      <h1 id="staff-reports-heading">Reports</h1>
      <SectionNav label="Reports" sections={SECTIONS} current={current} />
      {current === 'phone' ? <StaffPhoneSection /> : <StaffReportSection key={current} id={current as StaffReportId} />}
    </section>
  );
}
