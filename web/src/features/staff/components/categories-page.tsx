import { usePageTitle } from '../../../lib/ui/page-title';
import { CategoriesSection } from './categories-section';
import { StaffOnly } from './staff-only';

/** /staff/categories: the business-center categories customers file requests under (admin). */
export function StaffCategoriesPage() {
  usePageTitle('Business-center categories');
  return (
    <StaffOnly roles={['admin']} title="Business-center categories">
      <div className="page stack">
        <CategoriesSection />
      </div>
    </StaffOnly>
  );
}
