// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubFetch } from '../../../test/render-app';
import { SubscribersPage } from './subscribers-page';

const OPTIONS = {
  packages: [{ id: 2, name: 'Fiber 1 Gig Internet', category: 'internet' }],
  categories: ['internet', 'phone', 'tv', 'pbx', 'static_ip', 'wifi'],
  centralOffices: [{ id: 6, name: 'Columbia Clark Lane Cabinet' }],
  coloAreas: ['CLM-CLARK', 'CLM-MAIN'],
  ontModels: [{ id: 1, name: 'GigaPoint 803G ONT' }],
  accountStatuses: ['Active', 'Pending'],
  restorationTickets: [{ id: 3, address: '470 S Scott Blvd', status: 'Open', description: 'Asphalt patch' }],
};

const RHONDA = {
  serviceLocationId: 1,
  customerId: '1000-2000-0001',
  customerName: 'Rhonda Reyes',
  customerType: 'Residential',
  accountStatus: 'Active',
  address: '2208 Clark Ln, Columbia, MO 65202',
  centralOffice: 'Columbia Clark Lane Cabinet',
  coloArea: 'CLM-CLARK',
  packages: ['Fiber 1 Gig Internet', 'Home Phone'],
  ontModels: ['GigaPoint 803G ONT'],
  openBalanceCents: 20624,
  pastDue: true,
};

const LIST = { rows: [RHONDA], total: 1, customers: 1, page: 1, pageSize: 25 };
const EMPTY_LIST = { rows: [], total: 0, customers: 0, page: 1, pageSize: 25 };
const NETWORK = { nStaff: 1, staffRoles: ['network' as const] };

const PREVIEW = {
  customers: 1,
  emails: 2,
  customersWithoutEmail: 0,
  sample: {
    to: 'rhonda.reyes@example.com',
    customerName: 'Rhonda Reyes',
    subject: 'Boone Valley Fiber: Cabinet work',
    text: 'Hello Rhonda Reyes,\n\nWe are splicing.\n',
  },
};

const QUEUED = {
  id: 9,
  kind: 'maintenance',
  subject: 'Cabinet work',
  status: 'queued',
  createdAt: '2030-01-01T00:00:00.000Z',
  createdBy: 'Nina Nash',
  windowStart: '2030-01-02T22:00:00.000Z',
  windowEnd: '2030-01-03T01:00:00.000Z',
  restorationTicketId: null,
  audienceCustomers: 1,
  counts: { total: 0, pending: 0, sent: 0, failed: 0, skipped: 0 },
  finishedAt: null,
};

describe('the subscribers page', () => {
  it('sends the filters as the query, shows the list, and says when nothing matches', async () => {
    const { requests } = stubFetch({
      'GET /api/staff/subscribers/options': { body: OPTIONS },
      'GET /api/staff/subscribers?page=1&pageSize=25': { body: LIST },
      'GET /api/staff/subscribers?coloArea=CLM-MAIN&page=1&pageSize=25': { body: EMPTY_LIST },
      'GET /api/staff/notices': { body: { notices: [] } },
    });
    const { user } = renderApp(<SubscribersPage />, { claims: NETWORK });
    const table = await screen.findByRole('table', { name: 'Subscribers' });
    expect(within(table).getByText('Rhonda Reyes')).toBeInTheDocument();
    expect(within(table).getByText('Past due')).toBeInTheDocument();
    expect(screen.getByTestId('subscriber-counts')).toHaveTextContent('1 service location · 1 customer');
    expect(screen.getByText('No notice has been sent yet. Build a list above and write one.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Colo area'), 'CLM-MAIN');
    await user.click(screen.getByRole('button', { name: 'Show subscribers' }));
    expect(
      await screen.findByText('No active subscriber matches these filters. Loosen a filter or clear them.'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/staff/subscribers?coloArea=CLM-MAIN&page=1&pageSize=25')).toBe(true);
    // Nobody to write to: no notice form.
    expect(screen.queryByRole('form', { name: 'Notice' })).not.toBeInTheDocument();
  });

  it('names a bad amount on its field without asking the server', async () => {
    const { requests } = stubFetch({
      'GET /api/staff/subscribers/options': { body: OPTIONS },
      'GET /api/staff/subscribers?page=1&pageSize=25': { body: LIST },
      'GET /api/staff/notices': { body: { notices: [] } },
    });
    const { user } = renderApp(<SubscribersPage />, { claims: NETWORK });
    await screen.findByRole('table', { name: 'Subscribers' });
    await user.type(screen.getByLabelText('Open balance above ($)'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Show subscribers' }));
    expect(screen.getByLabelText('Open balance above ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.path.startsWith('/api/staff/subscribers?'))).toHaveLength(1);
  });

  it('previews a notice, then sends it once under one Idempotency-Key however often Send is pressed', async () => {
    const { requests } = stubFetch({
      'GET /api/staff/subscribers/options': { body: OPTIONS },
      'GET /api/staff/subscribers?page=1&pageSize=25': { body: LIST },
      'GET /api/staff/notices': { body: { notices: [] } },
      'POST /api/staff/notices/preview': { body: PREVIEW },
      'POST /api/staff/notices': { status: 202, body: QUEUED },
    });
    const { user } = renderApp(<SubscribersPage />, { claims: NETWORK });
    const form = await screen.findByRole('form', { name: 'Notice' });
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(within(form).getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.path === '/api/staff/notices/preview')).toBe(false);

    await user.type(within(form).getByLabelText('Subject'), 'Cabinet work');
    await user.type(within(form).getByLabelText('Message'), 'We are splicing.');
    // The window is the kit's DateTimeField: a date and a time input each, on the provider's clock.
    const windowFields: [string, string][] = [
      ['Window starts date', '2030-01-02'],
      ['Window starts time', '22:00'],
      ['Window ends date', '2030-01-03'],
      ['Window ends time', '01:00'],
    ];
    for (const [label, value] of windowFields) {
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    }
    await user.click(within(form).getByRole('button', { name: 'Preview' }));

    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByTestId('preview-counts')).toHaveTextContent('Goes to 2 email addresses of 1 customer.');
    expect(within(preview).getByText(/Hello Rhonda Reyes/)).toBeInTheDocument();
    const previewRequest = requests.find((r) => r.path === '/api/staff/notices/preview');
    // The window goes as instants, read on the provider's clock (America/Chicago, UTC−6 in January), not on the
    // browser's (the tests run in UTC, where the browser's clock would send 22:00Z).
    const maintenanceWindow = { windowStart: '2030-01-03T04:00:00.000Z', windowEnd: '2030-01-03T07:00:00.000Z' };
    expect(previewRequest?.body).toMatchObject({
      kind: 'maintenance',
      subject: 'Cabinet work',
      filter: {},
      ...maintenanceWindow,
    });

    const send = within(preview).getByRole('button', { name: 'Send to 2 addresses' });
    await user.dblClick(send);
    expect(await screen.findByText(/is queued for 1 customer/)).toBeInTheDocument();
    const sends = requests.filter((r) => r.method === 'POST' && r.path === '/api/staff/notices');
    expect(sends.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sends.map((r) => r.headers['Idempotency-Key'])).size).toBe(1);
    // Send sends the draft that was previewed.
    expect(sends[0]?.body).toEqual(previewRequest?.body);
    expect(screen.getByRole('link', { name: 'See who was told' })).toHaveAttribute(
      'href',
      '/staff/subscribers/notices/9',
    );
  });

  it('tells other staff roles that the page is for network staff', async () => {
    const { requests } = stubFetch({});
    renderApp(<SubscribersPage />, { claims: { nStaff: 1, staffRoles: ['sales'] } });
    expect(screen.getByText('Subscriber lists and notices are for network staff. Your areas:')).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(0));
  });
});
