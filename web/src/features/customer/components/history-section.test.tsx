// @vitest-environment jsdom
import type { CustomerAccount } from '@strand/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubFetch } from '../../../test/render-app';
import { HistorySection } from './history-section';

const account = {
  mailingLocations: [{ MailingLocationID: 3, fullAddress: '2211 Clark Ln, Columbia, MO 65202' }],
} as unknown as CustomerAccount;

const payment = {
  PaymentID: 11,
  paidAt: '2026-11-20T15:00:00.000Z',
  amountCents: 15_400,
  feeCents: 0,
  source: 'order',
  method: 'Visa ending in 4242',
  failureReason: null,
  invoiceIDs: [],
  creditInvoiceIDs: [],
};

describe('the billing history', () => {
  it('shows a cancelled order’s payment as refunded, with its own line', async () => {
    stubFetch({
      'GET /api/customer/billing/mailing-locations/3/history': {
        body: {
          MailingLocationID: 3,
          fullAddress: '2211 Clark Ln, Columbia, MO 65202',
          invoices: [],
          payments: [{ ...payment, status: 'Refunded', refundedCents: 15_400, refundedAt: '2026-11-21T16:30:00.000Z' }],
        },
      },
    });
    renderApp(<HistorySection account={account} />, { claims: {} });
    const payments = await screen.findByRole('list', { name: 'Payments' });
    expect(within(payments).getByText('Refunded')).toBeVisible();
    expect(within(payments).getByText(/^Refunded \$154\.00 on .+ to Visa ending in 4242$/)).toBeVisible();
  });

  it('says nothing of refunds for a payment that has none', async () => {
    stubFetch({
      'GET /api/customer/billing/mailing-locations/3/history': {
        body: {
          MailingLocationID: 3,
          fullAddress: '2211 Clark Ln, Columbia, MO 65202',
          invoices: [],
          payments: [{ ...payment, status: 'Completed', refundedCents: 0, refundedAt: null }],
        },
      },
    });
    renderApp(<HistorySection account={account} />, { claims: {} });
    const payments = await screen.findByRole('list', { name: 'Payments' });
    expect(within(payments).getByText('Completed')).toBeVisible();
    expect(within(payments).queryByText(/^Refunded/)).toBeNull();
  });
});
