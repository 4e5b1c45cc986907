// @vitest-environment jsdom
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
      'POST /api/customer/orders/changes': { status: 201, body: { orderId: 50050, needsVisit: true } },
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

  it('sends a location with an order in progress to that order', async () => {
    stubFetch({ 'GET /api/customer/orders/change-options/44': { body: { ...OPTIONS, openOrderId: 50049 } } });
    render();
    expect(await screen.findByText(/is still in progress/, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Follow it' })).toHaveAttribute('href', '/orders/50049');
  });
});
