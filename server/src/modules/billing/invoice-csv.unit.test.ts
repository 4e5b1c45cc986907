import { describe, expect, it } from 'vitest';
import { invoiceGroupCsv } from './invoice-csv.js';

describe('invoiceGroupCsv', () => {
  it('writes one row per invoice line with decimal money', () => {
    const csv = invoiceGroupCsv({ id: '1000-2000-0001', name: 'Reyes, Rhonda' }, 7002, [
      {
        id: 12,
        invoiceDate: '2025-03-01',
        dueDate: '2025-03-21',
        status: 'Past Due',
        amountCents: 10_412,
        balanceCents: 10_412,
        lines: [
          { description: 'Fiber 1 Gig Internet', amountCents: 7_500 },
          { description: 'Fees, "regulatory"', amountCents: 2_912 },
        ],
      },
    ]);
    const lines = csv.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Account Number,Customer Name,Invoice Group,Invoice Number/);
    expect(lines[1]).toBe(
      '1000-2000-0001,"Reyes, Rhonda",7002,12,2025-03-01,2025-03-21,Past Due,1,Fiber 1 Gig Internet,75.00,104.12,104.12',
    );
    expect(lines[2]).toContain(',2,"Fees, ""regulatory""",29.12,');
  });
});
