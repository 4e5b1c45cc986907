// @vitest-environment happy-dom
import type { WorkOrderSummary } from '@strand/domain';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/browser-session';
import type { SavedWorkOrderEntry } from '../../../lib/offline/saved-work-orders';
import { renderApp } from '../../../test/render-app';

// 120 saved work orders of the installer (user 7), one saved a minute: 100001 the newest.
const store = vi.hoisted(() => ({ entries: [] as SavedWorkOrderEntry[] }));
store.entries = Array.from({ length: 120 }, (_, i) => ({
  key: `7 ${100001 + i}`,
  userId: 7,
  id: 100001 + i,
  savedAt: new Date(Date.UTC(2026, 10, 24, 12, 0) - i * 60_000).toISOString(),
  paths: [],
  summary: {
    nCount: 100001 + i,
    vcWorkOrderType: 'Install',
    vcCustomerName: `Customer ${i}`,
    vcNextScheduledName: null,
    vcNextScheduledTime: null,
    dtDueDate: null,
    vcSummary: null,
    vcColoArea: null,
  } as unknown as WorkOrderSummary,
}));

vi.mock('../../../lib/offline/offline-db', () => ({
  idbSavedWorkOrderStore: {
    listByUser: async (userId: number) => store.entries.filter((e) => e.userId === userId),
    get: async () => undefined,
    put: async () => {},
    remove: async () => {},
  },
}));

const { SavedWorkOrdersPage, pageOf, PAGE_SIZE } = await import('./saved-work-orders-page');

const links = () => within(screen.getByRole('list')).getAllByRole('link');

describe('Saved WO, page by page', () => {
  it('keeps the asked page within the list', () => {
    expect(pageOf(null, 120)).toBe(1);
    expect(pageOf('2', 120)).toBe(2);
    expect(pageOf('9', 120)).toBe(3);
    expect(pageOf('0', 120)).toBe(1);
    expect(pageOf('x', 120)).toBe(1);
    expect(pageOf('3', 0)).toBe(1);
  });

  it('shows the newest 50, then the next ones through Older, and the last page from the address', async () => {
    const { user, router } = renderApp(<SavedWorkOrdersPage />, {
      route: '/savedWorkOrders',
      claims: { nUserID: 7, nInstaller: 1 },
    });
    sessionStore.choosePortal('installer');
    expect(await screen.findByText('1–50 of 120 saved work orders')).toBeInTheDocument();
    expect(links()).toHaveLength(PAGE_SIZE);
    expect(links()[0]).toHaveAttribute('href', '/search/100001');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Newer saved work orders' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Older saved work orders' }));
    expect(await screen.findByText('51–100 of 120 saved work orders')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(links()[0]).toHaveAttribute('href', '/search/100051');
    expect(screen.getByRole('link', { name: 'Newer saved work orders' })).toBeInTheDocument();

    await act(() => router.navigate('/savedWorkOrders?page=7'));
    expect(await screen.findByText('101–120 of 120 saved work orders')).toBeInTheDocument();
    expect(links()).toHaveLength(20);
    expect(screen.queryByRole('link', { name: 'Older saved work orders' })).not.toBeInTheDocument();
  });
});
