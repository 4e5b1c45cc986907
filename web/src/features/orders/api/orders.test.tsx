// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubFetch } from '../../../test/render-app';
import { usePlaceChange } from './orders';

function PlaceChange() {
  const place = usePlaceChange();
  return (
    <button
      type="button"
      onClick={() =>
        place.mutate({
          request: { serviceLocationId: 5, lines: [{ packageId: 2, action: 'add' }] } as never,
          key: 'key-change-0001',
        })
      }
    >
      {place.isSuccess ? 'Placed' : 'Place'}
    </button>
  );
}

describe('a change of packages', () => {
  it('refreshes what Services and the Billing Center show, not only the orders', async () => {
    stubFetch({
      'POST /api/customer/orders/changes': { status: 201, body: { orderId: 9, needsVisit: false, paidCents: 0 } },
    });
    const { user, queryClient } = renderApp(<PlaceChange />, { claims: {} });
    for (const key of [
      ['services', 'locations'],
      ['customer', 'billing', 'bills'],
      ['orders', 'list'],
    ]) {
      queryClient.setQueryData(key, { kept: true });
    }
    await user.click(screen.getByRole('button', { name: 'Place' }));
    await screen.findByRole('button', { name: 'Placed' });
    await waitFor(() => {
      for (const key of [
        ['services', 'locations'],
        ['customer', 'billing', 'bills'],
        ['orders', 'list'],
      ]) {
        expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
      }
    });
  });
});
