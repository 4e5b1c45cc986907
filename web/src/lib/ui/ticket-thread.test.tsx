// @vitest-environment jsdom
import type { TroubleTicketPage } from '@strand/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { TicketThread } from './ticket-thread';

const UPDATES: TroubleTicketPage['updates'] = [
  {
    UpdateID: 1,
    author: 'staff',
    authorName: 'Sam Sales',
    body: 'We are sending a technician.',
    status: 'Waiting on customer',
    createdAt: '2026-11-20T15:00:00.000Z',
  },
  {
    UpdateID: 2,
    author: 'customer',
    authorName: null,
    body: 'Thanks,\nany time after 2 pm.',
    status: null,
    createdAt: '2026-11-20T16:30:00.000Z',
  },
];

const items = (label: string) => within(screen.getByRole('list', { name: label })).getAllByRole('listitem');

describe('the ticket thread', () => {
  it('lists each message in order with its author as the customer reads it, the status it set and its text', () => {
    renderApp(<TicketThread updates={UPDATES} reader="customer" label="Updates" empty="None" />, { claims: {} });
    const [answer, reply] = items('Updates');
    expect(answer).toHaveTextContent('Support');
    expect(answer).not.toHaveTextContent('Sam Sales');
    expect(answer).toHaveTextContent('Status set to Waiting on customer');
    expect(answer).toHaveTextContent('We are sending a technician.');
    expect(reply).toHaveTextContent('You');
    expect(reply).toHaveTextContent('Nov 20, 2026');
    expect(reply).not.toHaveTextContent('Status set to');
  });

  it('names the support member and the customer for staff', () => {
    renderApp(<TicketThread updates={UPDATES} reader="staff" label="Timeline" empty="None" />, { claims: {} });
    const [answer, reply] = items('Timeline');
    expect(answer).toHaveTextContent('Support (Sam Sales)');
    expect(reply).toHaveTextContent('Customer');
  });

  it('says so when there is no message yet', () => {
    renderApp(<TicketThread updates={[]} reader="customer" label="Updates" empty="No updates yet." />, { claims: {} });
    expect(screen.getByText('No updates yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
