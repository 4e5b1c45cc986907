import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { FormAlert } from '../../../lib/ui/form-alert';
import { usePageTitle } from '../../../lib/ui/page-title';
import { SectionNav } from '../../../lib/ui/parts';
import { can, useCustomerAccount } from '../api/customer-account';
import { AutopaySection } from './autopay-section';
import { BillsSection } from './bills-section';
import { HistorySection } from './history-section';
import { MailingAddressSection } from './mailing-address-section';
import { PaymentMethodsSection } from './payment-methods-section';
import '../../../styles/customer.css';
import '../../../styles/customer-billing.css';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Skeleton } from '../../../lib/ui/skeleton';

const SECTIONS = [
  { id: 'bills', label: 'Bills' },
  { id: 'payment-methods', label: 'Payment methods' },
  { id: 'autopay', label: 'Autopay' },
  { id: 'history', label: 'History' },
  { id: 'mailing-address', label: 'Mailing address' },
] as const;

/** /billingCenter: bills and paying them, payment methods, autopay, history and downloads, mailing address. */
export function BillingCenterPage() {
  usePageTitle('Billing Center');
  const account = useCustomerAccount();
  const [params] = useSearchParams();
  const current = SECTIONS.find((s) => s.id === params.get('section'))?.id ?? 'bills';

  if (account.isPending) {
    return (
      <section className="page page--wide" aria-busy="true">
        <h1>Billing Center</h1>
        <Skeleton label="Loading your account…" />
      </section>
    );
  }
  if (account.isError) {
    return (
      <section className="page page--wide">
        <h1>Billing Center</h1>
        <FormAlert message={errorMessage(account.error)} />
      </section>
    );
  }
  const data = account.data;
  if (!can(data, 'billing-view')) {
    return (
      <section className="page page--wide">
        <h1>Billing Center</h1>
        <EmptyState>
          Your user does not have the “View bills” permission. Ask your account administrator for it.
        </EmptyState>
      </section>
    );
  }
  const mayPay = can(data, 'billing-pay');

  return (
    <section className="page page--wide" aria-labelledby="billing-heading">
      <h1 id="billing-heading">Billing Center</h1>
      <SectionNav label="Billing Center sections" sections={SECTIONS} current={current} />
      {current === 'bills' && <BillsSection mayPay={mayPay} />}
      {current === 'payment-methods' && <PaymentMethodsSection mayPay={mayPay} />}
      {current === 'autopay' && <AutopaySection mayPay={mayPay} />}
      {current === 'history' && <HistorySection account={data} />}
      {current === 'mailing-address' && <MailingAddressSection mayEdit={mayPay} />}
    </section>
  );
}
