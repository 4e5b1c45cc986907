// @vitest-environment happy-dom
import { INSTALL_BY_WORK_ONLY, OVERRIDE_REASON_REQUIRED, type StaffOrderPage } from '@strand/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubFetch } from '../../../test/render-app';
import { StaffOrderPage as OrderPage } from './order-page';

const SALES = { nStaff: 1, staffRoles: ['sales' as const] };
const ADMIN = { nStaff: 1, staffRoles: ['admin' as const] };

const page = (nextStatuses: StaffOrderPage['nextStatuses'], status: StaffOrderPage['order']['status'] = 'placed') =>
  ({
    order: {
      orderId: 50038,
      vcCustomerID: '1000-2000-0010',
      customerName: 'Olivia Olsen',
      status,
      kind: 'new',
      serviceLocationId: 40,
      fullAddress: '301 Orchard Crest Dr, Columbia, MO 65203',
      installDate: '2027-01-13',
      installWindow: '08:00-12:00',
      monthlyCents: 7_500,
      oneTimeCents: 9_900,
      createdAt: '2026-11-22T15:00:00.000Z',
      updatedAt: '2026-11-22T15:00:00.000Z',
      mailingLocationId: null,
      paidCents: 9_900,
      refundedCents: 0,
      placedByEmployeeId: null,
      notes: null,
      installedAt: null,
      cancelledAt: null,
      cancelReason: null,
      lines: [],
      workOrders: [],
      events: [],
    },
    customer: { id: '1000-2000-0010', name: 'Olivia Olsen', type: 'Residential', status: 'Active' },
    mailingAddress: null,
    trail: [],
    nextStatuses,
    canEdit: true,
  }) satisfies StaffOrderPage;

const URL_ = '/api/staff/orders/50038';
const at = { route: '/staff/orders/50038', path: '/staff/orders/:orderId' };

describe('the status form of a staff order (issue 25, finding 5)', () => {
  it('offers sales the construction steps only, with an optional reason', async () => {
    stubFetch({ [`GET ${URL_}`]: { body: page(['survey_done', 'drop_built', 'spliced']) } });
    renderApp(<OrderPage />, { ...at, claims: SALES });
    const status = await screen.findByRole('region', { name: 'Status' }, { timeout: 5_000 });
    const options = within(status)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Survey done', 'Drop built', 'Spliced']);
    expect(within(status).getByLabelText('Reason (optional)')).toBeInTheDocument();
  });

  it('asks an admin for the reason before marking an order installed, and says it activates and bills', async () => {
    const { requests } = stubFetch({
      [`GET ${URL_}`]: { body: page(['survey_done', 'drop_built', 'spliced', 'installed']) },
      [`POST ${URL_}/status`]: { body: page([], 'installed') },
    });
    const { user } = renderApp(<OrderPage />, { ...at, claims: ADMIN });
    const status = await screen.findByRole('region', { name: 'Status' }, { timeout: 5_000 });
    await user.selectOptions(within(status).getByLabelText('Move to'), 'installed');
    expect(within(status).getByText(/activates the service and makes the first invoice/)).toBeInTheDocument();
    await user.click(within(status).getByRole('button', { name: 'Change status' }));
    expect(await within(status).findByText(OVERRIDE_REASON_REQUIRED)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(within(status).getByLabelText('Reason (required)'), 'Installed during the outage');
    await user.click(within(status).getByRole('button', { name: 'Change status' }));
    expect(await screen.findByText(/does not move on any further/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { status: 'installed', reason: 'Installed during the outage' },
    ]);
  });

  it('shows the server’s refusal in plain words', async () => {
    stubFetch({
      [`GET ${URL_}`]: { body: page(['survey_done', 'drop_built', 'spliced', 'installed']) },
      [`POST ${URL_}/status`]: {
        status: 403,
        body: { error: { code: 'forbidden', message: INSTALL_BY_WORK_ONLY } },
      },
    });
    const { user } = renderApp(<OrderPage />, { ...at, claims: ADMIN });
    const status = await screen.findByRole('region', { name: 'Status' }, { timeout: 5_000 });
    await user.selectOptions(within(status).getByLabelText('Move to'), 'installed');
    await user.type(within(status).getByLabelText('Reason (required)'), 'Because');
    await user.click(within(status).getByRole('button', { name: 'Change status' }));
    expect(await within(status).findByText(INSTALL_BY_WORK_ONLY)).toBeInTheDocument();
  });
});

describe('staff notes on an order', () => {
  it('are internal unless staff tick that the customer sees them, and say which each one is', async () => {
    const withNotes = page(['survey_done']);
    withNotes.order.events = [
      { at: '2026-11-23T15:00:00.000Z', kind: 'note', message: 'Gate code 4411.', WOId: null },
      { at: '2026-11-23T16:00:00.000Z', kind: 'update', message: 'Your survey is on Tuesday.', WOId: null },
    ] as never;
    const { requests } = stubFetch({
      [`GET ${URL_}`]: { body: withNotes },
      [`POST ${URL_}/notes`]: { status: 201, body: withNotes },
    });
    const { user } = renderApp(<OrderPage />, { ...at, claims: SALES });
    const notes = await screen.findByRole('region', { name: 'Notes' }, { timeout: 5_000 });
    const list = within(notes).getByRole('list', { name: 'Notes' });
    expect(within(list).getByText('Internal')).toBeInTheDocument();
    expect(within(list).getByText('Shown to the customer')).toBeInTheDocument();

    const visible = within(notes).getByLabelText(/Show this note to the customer/);
    expect(visible).not.toBeChecked();
    await user.type(within(notes).getByLabelText('Add a note'), 'Crew runs late today.');
    await user.click(visible);
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ note: 'Crew runs late today.', visibleToCustomer: true });
  });
});
