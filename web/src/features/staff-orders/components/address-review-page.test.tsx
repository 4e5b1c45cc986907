// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubFetch } from '../../../test/render-app';
import { StaffAddressReviewPage } from './address-review-page';

const SALES = { nStaff: 1, staffRoles: ['sales' as const] };

const temp = (id: number, line1: string) => ({
  tempLocationId: id,
  status: 'unconfirmed',
  typed: `${line1}, Boonville, MO 65233`,
  line1,
  unit: '',
  city: 'Boonville',
  state: 'MO',
  zip: '65233',
  county: 'Cooper',
  latitude: null,
  longitude: null,
  precision: null,
  areaKind: 'outside',
  createdAt: '2030-01-01T00:00:00.000Z',
  reviewedAt: null,
  rejectReason: null,
  orders: [],
  waitingLeads: 0,
});

describe('the temporary locations to confirm', () => {
  it('pages through them and searches by address', async () => {
    const { requests } = stubFetch({
      'GET /api/staff/service-areas': { body: { areas: [] } },
      'GET /api/staff/temp-locations': (req) => {
        const query = new URLSearchParams(req.path.split('?')[1]);
        const offset = Number(query.get('offset') ?? 0);
        if (query.get('q') === 'prairie') {
          return { body: { tempLocations: [temp(7, '4100 Prairie View Rd')], total: 1, limit: 50, offset: 0 } };
        }
        const rows = offset === 0 ? [temp(1, '1 First Rd'), temp(2, '2 Second Rd')] : [temp(3, '3 Third Rd')];
        return { body: { tempLocations: rows, total: 52, limit: 50, offset } };
      },
    });
    const { user } = renderApp(<StaffAddressReviewPage />, { claims: SALES });
    const list = await screen.findByRole('list', { name: 'Temporary locations' });
    expect(within(list).getByRole('article', { name: /1 First Rd/ })).toBeInTheDocument();
    expect(screen.getByText('1–2 of 52 addresses')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('article', { name: /3 Third Rd/ })).toBeInTheDocument();
    expect(requests.some((r) => r.path.includes('offset=50'))).toBe(true);

    await user.type(screen.getByLabelText('Address (any words of it)'), 'prairie');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('article', { name: /4100 Prairie View Rd/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument());
    const searched = requests.filter((r) => r.path.includes('q=prairie'));
    expect(searched.at(-1)?.path).not.toContain('offset=');
  });
});
