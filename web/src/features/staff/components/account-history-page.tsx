import { useParams } from 'react-router';
import { StaffHistory } from '../../../lib/staff-history';
import { usePageTitle } from '../../../lib/ui/page-title';

/**
 * /staff/accounts/:customerId: who changed what on an account (contacts, users, autopay, orders, tickets, payments),
 * then the payments' own timeline (each payment's steps: started, completed, declined or failed).
 */
export function StaffAccountHistoryPage() {
  const { customerId = '' } = useParams();
  usePageTitle(`Account ${customerId}`);
  return (
    <section className="page page--wide stack">
      <h1>Account {customerId}</h1>
      <StaffHistory type="account" id={customerId} title="Account history" />
      <StaffHistory type="account" id={customerId} title="Payments" only="customer.payment." />
    </section>
  );
}
