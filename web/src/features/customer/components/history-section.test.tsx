// @vitest-environment happy-dom
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
  confirmationNumber: 'K7M2Q-9XPD4',
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

  it('shows each payment’s confirmation number and finds a payment by it', async () => {
    stubFetch({
      'GET /api/customer/billing/mailing-locations/3/history': {
        body: {
          MailingLocationID: 3,
          fullAddress: '2211 Clark Ln, Columbia, MO 65202',
          invoices: [],
          payments: [
            { ...payment, status: 'Completed', refundedCents: 0, refundedAt: null },
            {
              ...payment,
              PaymentID: 12,
              amountCents: 21_200,
              confirmationNumber: 'ZZ9PL-AB3CD',
              source: 'portal',
              status: 'Completed',
              refundedCents: 0,
              refundedAt: null,
            },
          ],
        },
      },
    });
    const { user } = renderApp(<HistorySection account={account} />, { claims: {} });
    const payments = await screen.findByRole('list', { name: 'Payments' });
    expect(within(payments).getByText('Confirmation number K7M2Q-9XPD4')).toBeVisible();
    expect(within(payments).getAllByRole('button', { name: /^Receipt/ })).toHaveLength(2);
    await user.type(screen.getByRole('searchbox', { name: 'Find a payment' }), 'zz9plab3');
    expect(within(payments).getAllByRole('listitem')).toHaveLength(1);
    expect(within(payments).getByText('Confirmation number ZZ9PL-AB3CD')).toBeVisible();
    await user.clear(screen.getByRole('searchbox', { name: 'Find a payment' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a payment' }), 'NOPE1');
    expect(screen.getByText('No payment matches “NOPE1”.')).toBeVisible();
  });
});
