import type { DataColumn } from '../../../lib/ui/data-table';

/** The customer as the subscriber tables show it, first in each row: the name over the account number. */
export function customerColumn<Row extends { customerName: string; customerId: string }>(): DataColumn<Row> {
  return {
    id: 'customer',
    header: 'Customer',
    cell: (r) => (
      <>
        {r.customerName}
        <br />
        <span className="muted">{r.customerId}</span>
      </>
    ),
  };
}
