import { usePageTitle } from '../../../lib/ui/page-title';
import { ApplicantsSection } from './applicants-section';
import { StaffOnly } from './staff-only';

/** /staff/applicants: job applicants and their programming tests (admin). */
export function StaffApplicantsPage() {
  usePageTitle('Job applicants');
  return (
    <StaffOnly roles={['admin']} title="Job applicants">
      <div className="page page--wide stack">
        <ApplicantsSection />
      </div>
    </StaffOnly>
  );
}
