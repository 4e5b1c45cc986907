import { PhoneTypeReport } from '../../../lib/reports/phone-type-report';

/**
 * The nine phone report types of SPEC §9 (1+ Billing, 800 Billing, Busy Report, Call Volume, Call Volume - no
 * filter, Concurrent Calls, Full Month Report, Outbound Calls, Summary) for the signed-in business account.
 */
export function CallReportsSection() {
  return (
    <section className="stack" aria-labelledby="call-reports-heading">
      <h2 id="call-reports-heading">Call reports</h2>
      <PhoneTypeReport basePath="/api/customer/reports/calls" keyPrefix={['customer']} />
    </section>
  );
}
