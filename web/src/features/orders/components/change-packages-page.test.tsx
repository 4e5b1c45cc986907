// @vitest-environment happy-dom
import type { ChangeOptions } from '@strand/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubFetch } from '../../../test/render-app';
import { ChangePackagesPage } from './change-packages-page';

const pkg = (packageId: number, name: string, speedMbps: number | null, active: boolean, needsVisit: boolean) => ({
  packageId,
  name,
  description: null,
  category: speedMbps ? 'internet' : 'tv',
  monthlyCents: 5_000,
  installFeeCents: 0,
  speedMbps,
  active,
  needsVisit,
});

const OPTIONS: ChangeOptions = {
  serviceLocationId: 44,
  fullAddress: '313 Orchard Crest Dr, Columbia, MO 65203',
  ontModel: 'GigaPoint 803G ONT (803G)',
  ontMaxMbps: 1_000,
  packages: [pkg(2, 'Fiber 1 Gig Internet', 1_000, true, false), pkg(3, 'Fiber 2 Gig Internet', 2_000, false, true)],
  openOrderId: null,
  dropExists: true,
  visitDates: ['2026-11-27', '2026-11-30'],
};

const render = () =>
  renderApp(<ChangePackagesPage />, {
    claims: {},
    route: '/orders/change/44',
    path: '/orders/change/:serviceLocationId',
  });

describe('the change of packages', () => {
  it('asks for the visit a faster speed needs, then places the change once with an Idempotency-Key', async () => {
    const { requests } = stubFetch({
      'GET /api/customer/orders/change-options/44': { body: OPTIONS },
      'POST /api/customer/orders/changes': { status: 201, body: { orderId: 50050, needsVisit: true, paidCents: 0 } },
    });
    const { user, router } = render();
    await user.click(await screen.findByRole('button', { name: 'Change packages' }, { timeout: 5_000 }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked below.');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByLabelText(/^Fiber 2 Gig Internet/));
    await user.click(screen.getByRole('button', { name: 'Book the visit and place the change' }));
    expect(screen.getByText('Choose a day.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Day'), '2026-11-30');
    expect(screen.queryByText('Choose a day.')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Window'), '08:00-12:00');
    await user.click(screen.getByRole('button', { name: 'Book the visit and place the change' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/50050'));
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      serviceLocationId: 44,
      add: [3],
      remove: [],
      installDate: '2026-11-30',
      installWindow: '08:00-12:00',
    });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('at a location without a drop, says the crews come first and takes the first month and install fees now', async () => {
    const noDrop: ChangeOptions = {
      ...OPTIONS,
      ontModel: null,
      ontMaxMbps: null,
      dropExists: false,
      packages: [
        { ...pkg(1, 'Fiber 300 Mbps Internet', 300, false, true), monthlyCents: 5_500, installFeeCents: 9_900 },
      ],
    };
    const { requests } = stubFetch({
      'GET /api/customer/orders/change-options/44': { body: noDrop },
      'POST /api/customer/orders/changes': {
        status: 402,
        body: {
          error: { code: 'payment_declined', message: 'Declined.', fields: { 'payment.cardNumber': 'Declined.' } },
        },
      },
    });
    const { user } = render();
    expect(
      await screen.findByText(/There is no fiber drop at this location yet/, {}, { timeout: 5_000 }),
    ).toBeVisible();
    await user.click(screen.getByLabelText(/^Fiber 300 Mbps Internet/));
    expect(screen.getByText('$154.00')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Day'), '2026-11-30');
    await user.selectOptions(screen.getByLabelText('Window'), '12:00-17:00');
    await user.type(screen.getByLabelText('Name on card'), 'Pat Doe');
    await user.type(screen.getByLabelText('Card number'), '4000 0000 0000 0002');
    await user.type(screen.getByLabelText('Expiry month'), '12');
    await user.type(screen.getByLabelText('Expiry year'), '2035');
    await user.type(screen.getByLabelText('Security code'), '123');
    await user.type(screen.getByLabelText('Billing ZIP code'), '65203');
    await user.click(screen.getByRole('button', { name: 'Pay $154.00 and place the order' }));
    // The card's message is on the card number; the next attempt is a new one (a new key).
    expect(await screen.findByText('Declined.', { selector: '.field__error' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $154.00 and place the order' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    const [first, second] = requests.filter((r) => r.method === 'POST');
    expect(first?.body).toMatchObject({ add: [1], expectedTotalCents: 15_400, payment: { kind: 'card' } });
    expect(first?.headers['Idempotency-Key']).not.toBe(second?.headers['Idempotency-Key']);
  });

  it('sends a location with an order in progress to that order', async () => {
    stubFetch({ 'GET /api/customer/orders/change-options/44': { body: { ...OPTIONS, openOrderId: 50049 } } });
    render();
    expect(await screen.findByText(/is still in progress/, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Follow it' })).toHaveAttribute('href', '/orders/50049');
  });
});
