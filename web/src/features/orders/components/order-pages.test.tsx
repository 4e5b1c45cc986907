// @vitest-environment happy-dom
import type { CustomerOrderDetail } from '@strand/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

// The confirm (lib/ui/confirm-dialog.tsx) hides the page behind it from assistive technology: `hidden: true` finds it.
import { renderApp, stubFetch } from '../../../test/render-app';
import { OrderPage } from './order-page';
import { OrdersPage } from './orders-page';

const ORDER: CustomerOrderDetail = {
  orderId: 50038,
  vcCustomerID: '1000-2000-0010',
  customerName: 'Olivia Olsen',
  status: 'placed',
  kind: 'new',
  serviceLocationId: 40,
  fullAddress: '301 Orchard Crest Dr, Columbia, MO 65203',
  installDate: '2027-01-13',
  installWindow: '08:00-12:00',
  monthlyCents: 8_500,
  oneTimeCents: 9_900,
  createdAt: '2026-11-22T15:00:00.000Z',
  updatedAt: '2026-11-22T15:00:00.000Z',
  mailingLocationId: 9,
  paidCents: 9_900,
  refundedCents: 0,
  placedByEmployeeId: null,
  notes: null,
  installedAt: null,
  cancelledAt: null,
  cancelReason: null,
  lines: [
    {
      lineId: 1,
      packageId: 2,
      action: 'add',
      description: 'Fiber 1 Gig Internet',
      monthlyCents: 7_500,
      installFeeCents: 9_900,
    },
  ],
  workOrders: [
    {
      WOId: 120006,
      type: 'Consumer Site Survey',
      status: 'Open',
      dueDate: '2026-12-23',
      scheduledAt: null,
      dependsOn: null,
      contractorId: 2,
      contractorName: 'Prairie Fiber Builders',
      assignees: [],
      isComplete: false,
    },
    {
      WOId: 120009,
      type: 'Consumer Fiber Install',
      status: 'Waiting',
      dueDate: '2027-01-13',
      scheduledAt: null,
      dependsOn: 120006,
      contractorId: null,
      contractorName: null,
      assignees: [],
      isComplete: false,
    },
  ],
  events: [
    { at: '2026-11-22T15:00:00.000Z', kind: 'placed', message: 'Order placed: Fiber 1 Gig Internet.', WOId: null },
  ],
  cancellable: true,
  firstInvoiceId: null,
};

describe('the orders list', () => {
  it('says so when the account has no orders', async () => {
    stubFetch({ 'GET /api/customer/orders': { body: [] } });
    renderApp(<OrdersPage />, { claims: {} });
    expect(await screen.findByText(/You have no orders yet/, {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('shows the server’s reason when the orders cannot be read', async () => {
    stubFetch({
      'GET /api/customer/orders': {
        status: 403,
        body: { error: { code: 'forbidden', message: 'Your user does not have the “Services” permission.' } },
      },
    });
    renderApp(<OrdersPage />, { claims: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent('Services” permission');
  });
});

describe('one order', () => {
  it('shows the work in plain words and cancels after the confirmation, with the refund', async () => {
    const cancelled: CustomerOrderDetail = {
      ...ORDER,
      status: 'cancelled',
      cancellable: false,
      refundedCents: 9_900,
      cancelledAt: '2026-11-24T10:00:00.000Z',
      events: [
        ...ORDER.events,
        { at: '2026-11-24T10:00:00.000Z', kind: 'cancelled', message: 'Order cancelled.', WOId: null },
        {
          at: '2026-11-24T10:00:00.000Z',
          kind: 'refunded',
          message: 'Refunded $99.00 to the card it was paid with.',
          WOId: null,
        },
      ],
    };
    const { requests } = stubFetch({
      'GET /api/customer/orders/50038': { body: ORDER },
      'POST /api/customer/orders/50038/cancel': { body: cancelled },
    });
    const { user } = renderApp(<OrderPage />, { claims: {}, route: '/orders/50038', path: '/orders/:orderId' });
    expect(await screen.findByText('Site survey: planned by Dec 23, 2026', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText('Install: waits for the step before it')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel order #50038' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      /^Cancel order #50038\?\$99\.00 paid with the order will be refunded/,
    );
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order', hidden: true }));
    expect(
      await screen.findByText('Order #50038 is cancelled. $99.00 was refunded to the card it was paid with.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order #50038' })).not.toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
  });

  it('keeps the order and shows why when the refund fails', async () => {
    stubFetch({
      'GET /api/customer/orders/50038': { body: ORDER },
      'POST /api/customer/orders/50038/cancel': {
        status: 503,
        body: {
          error: {
            code: 'payment_gateway_unavailable',
            message: 'The payment gateway did not answer, so nothing was refunded and the order is not cancelled.',
          },
        },
      },
    });
    const { user } = renderApp(<OrderPage />, { claims: {}, route: '/orders/50038', path: '/orders/:orderId' });
    await user.click(await screen.findByRole('button', { name: 'Cancel order #50038' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order', hidden: true }));
    expect((await screen.findAllByRole('alert', { hidden: true })).map((a) => a.textContent).join(' ')).toContain(
      'the order is not cancelled',
    );
    // The question stays open over the page (hidden from assistive technology meanwhile) with the error in it.
    expect(screen.getByRole('button', { name: 'Cancel order #50038', hidden: true })).toBeInTheDocument();
  });
});
